import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { acceptCheckoutPayments } from "../../modules/monobank-checkout/payments/accept-checkout-payments"
import { MonobankInstallmentsProviderService } from "./service"

export { MonobankInstallmentsProviderService, INSTALLMENTS_IDENTIFIER } from "./service"
export type { MonobankInstallmentsOptions } from "./options"
export { INSTALLMENT_STATES, describeOrderState } from "./states"
export type { InstallmentOutcome, InstallmentStatus, RequiredAction } from "./states"

// Also records installment purchases approved on the mono checkout page (docs/checkout.md).
export default ModuleProvider(Modules.PAYMENT, {
  services: [acceptCheckoutPayments(MonobankInstallmentsProviderService)],
})
