/**
 * `medusa-payment-monobank/providers/monobank`: card payments through monobank internet acquiring.
 * Register it in the payment module's `providers` (see docs/acquiring.md).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankProviderService } from "./service"

export { MonobankProviderService, MONOBANK_IDENTIFIER } from "./service"
export { monobankOptionsSchema, parseMonobankOptions, type MonobankOptions, type MonobankOptionsInput } from "../../utils/acquiring/options"
export type { MonobankData, RefundRecord } from "../../utils/acquiring/payment-data"
export type { MonobankWebhookFacts } from "../../utils/acquiring/webhook-facts"

export default ModuleProvider(Modules.PAYMENT, {
  services: [MonobankProviderService],
})
