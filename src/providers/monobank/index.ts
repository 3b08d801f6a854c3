/**
 * `medusa-payment-monobank/providers/monobank`: card payments through monobank internet acquiring.
 * Register it in the payment module's `providers` (see docs/acquiring.md).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankProviderService } from "./service"

export { MonobankProviderService, MONOBANK_IDENTIFIER } from "./service"
export { monobankOptionsSchema, parseMonobankOptions, type MonobankOptions, type MonobankOptionsInput } from "./options"
export type { MonobankData, RefundRecord } from "./payment-data"
export type { MonobankWebhookFacts } from "./webhook"

export default ModuleProvider(Modules.PAYMENT, {
  services: [MonobankProviderService],
})
