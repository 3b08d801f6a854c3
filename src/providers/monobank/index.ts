/**
 * `medusa-payment-monobank/providers/monobank`: card payments through monobank internet acquiring.
 * Register it in the payment module's `providers` (see docs/acquiring.md).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { CheckoutClient } from "../../lib/monobank"
import { acceptCheckoutPayments } from "../../modules/monobank-checkout/payments/accept-checkout-payments"
import type { MonobankOptions } from "./options"
import { MonobankProviderService } from "./service"
import { withStoredCardSettings } from "./stored-settings"

export { MonobankProviderService, MONOBANK_IDENTIFIER } from "./service"
export { monobankOptionsSchema, parseMonobankOptions, type MonobankOptions, type MonobankOptionsInput } from "./options"
export type { MonobankData, RefundRecord } from "./payment-data"
export type { MonobankWebhookFacts } from "./webhook"

// Also records card payments made on the mono checkout page (docs/checkout.md); settings saved in
// the admin apply over the options (./stored-settings).
export default ModuleProvider(Modules.PAYMENT, {
  services: [
    acceptCheckoutPayments(withStoredCardSettings(MonobankProviderService), {
      checkoutClient: (options: MonobankOptions) =>
        new CheckoutClient({ token: options.token, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs }),
    }),
  ],
})
