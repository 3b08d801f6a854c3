/**
 * Installment API errors (body `{ message }`, keyed by HTTP status) as MedusaErrors a store owner
 * or shopper can act on. The bank's Trace-Id stays in the message: monobank support asks for it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { FIREWALL_BLOCKED, isMonobankApiError, type MonobankApiError } from "../../lib/monobank"
import { translateBankError, type BankErrorTable, type BankRefusal } from "../bank-errors"

const LABEL = "monobank installments"
const UNANSWERED_ADVICE = "Try again in a minute"

const BY_STATUS: Record<number, BankRefusal> = {
  400: { type: MedusaError.Types.INVALID_DATA, text: "monobank refused the request" },
  401: {
    type: MedusaError.Types.UNAUTHORIZED,
    text: "monobank rejected the request signature: check the storeId and secret options of the monobank-installments provider",
  },
  403: {
    type: MedusaError.Types.FORBIDDEN,
    text: "monobank does not allow this store to create installment orders: check the storeId option or contact monobank",
  },
  404: { type: MedusaError.Types.NOT_FOUND, text: "monobank does not know this installment order" },
  429: { type: MedusaError.Types.UNEXPECTED_STATE, text: "monobank is rate-limiting requests; try again in a minute" },
}

/** HTTP 403 with a web page: the bank's web firewall, not a refusal of the store. */
const FIREWALL: BankRefusal = {
  type: MedusaError.Types.UNEXPECTED_STATE,
  text:
    "monobank's web firewall blocked the request (HTTP 403 with a web page), not the store's credentials: " +
    "wait a few minutes, and if it lasts, send monobank support this server's public IP address and the time",
}

const bankText = (error: MonobankApiError) => (error.errText ? `: ${error.errText}` : "")

const INSTALLMENTS_ERRORS: BankErrorTable = {
  label: LABEL,
  unansweredAdvice: UNANSWERED_ADVICE,
  refusalOf: (error) => (error.errCode === FIREWALL_BLOCKED ? FIREWALL : error.status !== undefined ? BY_STATUS[error.status] : undefined),
  saidWithRefusal: bankText,
  saidOtherwise: (error) => ` (HTTP ${error.status ?? "?"})${bankText(error)}`,
}

/** Wraps an error from the bank layer; `action` says what we were doing ("confirm the order"). */
export function toMedusaBankError(action: string, error: unknown): MedusaError {
  return translateBankError(INSTALLMENTS_ERRORS, action, error)
}

/** A 4xx answer: the bank saw the request and refused it (nothing happened). */
export function isRefusedByBank(error: unknown): boolean {
  return isMonobankApiError(error) && error.kind === "http" && !!error.status && error.status >= 400 && error.status < 500
}
