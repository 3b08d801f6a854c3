/**
 * What every monobank provider does with an error from the bank layer before its own table of
 * refusals speaks: a MedusaError passes through, an error that is not a bank answer becomes
 * UNEXPECTED_STATE, a request we refused to send or that got no answer reads the same for every
 * API. The bank's Trace-Id stays in the message: monobank support asks for it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { type MonobankApiError } from "../lib/monobank"

export type MedusaErrorType = (typeof MedusaError.Types)[keyof typeof MedusaError.Types]

/** What to tell the store owner about one kind of refusal, and as which MedusaError type. */
export type BankRefusal = { type: MedusaErrorType; text: string }

export function traceOf(error: MonobankApiError): string {
  return error.traceId ? ` [monobank Trace-Id ${error.traceId}]` : ""
}

/** An error that is not a MonobankApiError: a MedusaError as it is, anything else as UNEXPECTED_STATE. */
export function nonBankError(label: string, action: string, error: unknown): MedusaError {
  if (error instanceof MedusaError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${label}: ${action} failed: ${message}`)
}

/**
 * The request failed our own check before it was sent, or the bank did not answer; undefined when
 * the bank answered (the caller's table decides then). `unansweredAdvice` says what to do next.
 */
export function unsentOrUnansweredError(
  label: string,
  action: string,
  error: MonobankApiError,
  unansweredAdvice: string
): MedusaError | undefined {
  if (error.kind === "validation") {
    return new MedusaError(MedusaError.Types.INVALID_DATA, `${label}: ${action}: ${error.message}`)
  }
  if (error.outcomeUnknown || error.kind === "timeout" || error.kind === "network") {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `monobank did not answer in time while trying to ${action}; nothing was repeated. ${unansweredAdvice}${traceOf(error)}`
    )
  }
  return undefined
}
