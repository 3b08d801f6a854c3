/**
 * Bank errors as MedusaErrors a store owner (admin) or shopper (storefront) can act on. The bank's
 * Trace-Id stays in the message: monobank support asks for it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isMonobankApiError } from "../../lib/monobank"
import { translateBankError, type BankErrorTable, type BankRefusal } from "../../utils/bank-errors"

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

const ACQUIRING_ERRORS: BankErrorTable = {
  label: LABEL,
  unansweredAdvice: UNANSWERED_ADVICE,
  refusalOf: (error) => (error.errCode ? KNOWN_CODES[error.errCode] : undefined) ?? (error.status === 403 ? KNOWN_CODES.FORBIDDEN : undefined),
  saidWithRefusal: () => "",
  saidOtherwise: (error) => {
    const detail = [error.errCode, error.errText].filter(Boolean).join(": ")
    return detail ? ` (${detail})` : ""
  },
}

/** Wraps any error from the bank layer for Medusa, with `action` saying what we were doing. */
export function toMedusaError(action: string, error: unknown): MedusaError {
  return translateBankError(ACQUIRING_ERRORS, action, error)
}

export function hasErrCode(error: unknown, ...codes: string[]): boolean {
  return isMonobankApiError(error) && !!error.errCode && codes.includes(error.errCode)
}
