/**
 * `monobank-session-payments` module: what the plugin started at the bank for each Medusa payment
 * session, the evidence every money decision reads (see src/utils/session-money). Plugin modules
 * are registered automatically.
 */
import { Module } from "@medusajs/framework/utils"
import { MonobankSessionPaymentsModuleService } from "./service"

export const MONOBANK_SESSION_PAYMENTS_MODULE = "monobankSessionPayments"

export { MonobankSessionPaymentsModuleService } from "./service"
export type { NewSessionPayment, SessionPaymentRow } from "./service"
export {
  CHARGE_STATES,
  SESSION_PAYMENT_KINDS,
  SETTLEMENTS,
  type ChargeState,
  type SessionPaymentKind,
  type Settlement,
} from "./models/session-payment"

export default Module(MONOBANK_SESSION_PAYMENTS_MODULE, {
  service: MonobankSessionPaymentsModuleService,
})
