/**
 * Bank errors as MedusaErrors a store owner (admin) or shopper (storefront) can act on. The bank's
 * Trace-Id stays in the message: monobank support asks for it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isMonobankApiError } from "../../lib/monobank"
import { nonBankError, traceOf, unsentOrUnansweredError, type BankRefusal } from "../../utils/bank-errors"

const LABEL = "monobank"
const UNANSWERED_ADVICE = "Check the payment in the monobank cabinet before trying again"

/** Known acquiring errCodes -> what to tell the store owner. */
const KNOWN_CODES: Record<string, BankRefusal> = {
  WRONG_CANCEL_AMOUNT: {
    type: MedusaError.Types.NOT_ALLOWED,
    text: "monobank refused the refund amount: it is more than what is left on the payment, or it was already refunded",
  },
  CANCEL_NOT_AVAILABLE: {
    type: MedusaError.Types.NOT_ALLOWED,
    text: "monobank does not allow a refund of this payment right now",
  },
  TOKEN_NOT_FOUND: {
    type: MedusaError.Types.NOT_FOUND,
    text: "the saved card is no longer in the customer's monobank wallet; pay with a card on the payment page",
  },
  INVALID_MERCHANT_PAYM_INFO: {
    type: MedusaError.Types.INVALID_DATA,
    text: "monobank rejected the order details (merchantPaymInfo / basket); check the fiscal basket settings",
  },
  FIREWALL_BLOCKED: {
    type: MedusaError.Types.UNEXPECTED_STATE,
    text:
      "monobank's web firewall blocked the request (HTTP 403 with a web page): the token is not the problem. " +
      "The server's IP address or its request rate was blocked; wait a few minutes, and if it lasts, send monobank support this server's public IP address and the time",
  },
  FORBIDDEN: {
    type: MedusaError.Types.UNAUTHORIZED,
    text: "monobank rejected the merchant token: check the `token` option of the monobank provider",
  },
  NOT_FOUND: { type: MedusaError.Types.NOT_FOUND, text: "monobank does not know this invoice" },
  TMR: { type: MedusaError.Types.UNEXPECTED_STATE, text: "monobank is rate-limiting requests; try again in a minute" },
}

/** Wraps any error from the bank layer for Medusa, with `action` saying what we were doing. */
export function toMedusaError(action: string, error: unknown): MedusaError {
  if (!isMonobankApiError(error)) return nonBankError(LABEL, action, error)
  const known = error.errCode ? KNOWN_CODES[error.errCode] : undefined
  if (known) {
    return new MedusaError(known.type, `${known.text} (${action})${traceOf(error)}`)
  }
  if (error.status === 403) {
    return new MedusaError(MedusaError.Types.UNAUTHORIZED, `${KNOWN_CODES.FORBIDDEN.text} (${action})${traceOf(error)}`)
  }
  const unsentOrUnanswered = unsentOrUnansweredError(LABEL, action, error, UNANSWERED_ADVICE)
  if (unsentOrUnanswered) return unsentOrUnanswered
  const detail = [error.errCode, error.errText].filter(Boolean).join(": ")
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `monobank could not ${action}${detail ? ` (${detail})` : ""}${traceOf(error)}`
  )
}

export function hasErrCode(error: unknown, ...codes: string[]): boolean {
  return isMonobankApiError(error) && !!error.errCode && codes.includes(error.errCode)
}
