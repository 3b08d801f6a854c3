/**
 * What every monobank provider does with an error from the bank layer before its own table of
 * refusals speaks: a MedusaError passes through, an error that is not a bank answer becomes
 * UNEXPECTED_STATE, a request we refused to send or that got no answer reads the same for every
 * API. The bank's Trace-Id stays in the message: monobank support asks for it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isMonobankApiError, type MonobankApiError } from "../lib/monobank"

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

/** How one bank API's refusals read: each API's module keeps its table; the translation is one. */
export type BankErrorTable = {
  /** Who speaks in messages, e.g. "monobank installments". */
  label: string
  /** What to do when the bank did not answer. */
  unansweredAdvice: string
  /** The refusal this answer is, when the table knows it. */
  refusalOf(error: MonobankApiError): BankRefusal | undefined
  /** What the bank said, appended after a known refusal's text ("" when the text says it all). */
  saidWithRefusal(error: MonobankApiError): string
  /** What the bank said, appended when the table knows no such refusal. */
  saidOtherwise(error: MonobankApiError): string
}

/** Any error from the bank layer as a MedusaError; `action` says what was being done ("confirm the order"). */
export function translateBankError(table: BankErrorTable, action: string, error: unknown): MedusaError {
  if (!isMonobankApiError(error)) return nonBankError(table.label, action, error)
  const known = table.refusalOf(error)
  if (known) return new MedusaError(known.type, `${known.text} (${action})${table.saidWithRefusal(error)}${traceOf(error)}`)
  const unsentOrUnanswered = unsentOrUnansweredError(table.label, action, error, table.unansweredAdvice)
  if (unsentOrUnanswered) return unsentOrUnanswered
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `monobank could not ${action}${table.saidOtherwise(error)}${traceOf(error)}`)
}
