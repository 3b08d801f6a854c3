/**
 * The plugin's own record of the payments it started for each session (module
 * `monobank-session-payments`), as the money decisions use it.
 */
import {
  MONOBANK_SESSION_PAYMENTS_MODULE,
  type MonobankSessionPaymentsModuleService,
} from "../../modules/monobank-session-payments"
import { optionalFromCradle, type ModuleScope } from "../module-container"

export type SessionPaymentsLedger = Pick<
  MonobankSessionPaymentsModuleService,
  | "recordSessionPayment"
  | "sessionPaymentsOf"
  | "sessionPaymentByBankId"
  | "sessionPaymentByBank"
  | "sessionPaymentById"
  | "moveCharge"
  | "adoptChargeInvoice"
  | "markGranted"
  | "rememberBankRecord"
  | "recordCheckoutCaptured"
  | "moveToSession"
  | "markSessionEnded"
  | "settleSessionPayment"
  | "scheduleCheck"
  | "dueSessionPayments"
>

export type { SessionPaymentRow, NewSessionPayment, SessionPaymentKind, ChargeState, Settlement } from "../../modules/monobank-session-payments"

/** The ledger the container holds, or undefined where the plugin's modules are not registered. */
export function ledgerOf(cradle: ModuleScope): SessionPaymentsLedger | undefined {
  return optionalFromCradle<SessionPaymentsLedger>(cradle, MONOBANK_SESSION_PAYMENTS_MODULE)
}
