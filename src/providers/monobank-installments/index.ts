import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { acceptCheckoutPayments } from "../../modules/monobank-checkout/payments/accept-checkout-payments"
import { MonobankInstallmentsProviderService } from "./service"
import { withStoredInstallmentsSettings } from "./stored-settings"

export { MonobankInstallmentsProviderService, INSTALLMENTS_IDENTIFIER } from "./service"
export type { MonobankInstallmentsOptions } from "./options"
export { INSTALLMENT_STATES, describeOrderState } from "./states"
export type { InstallmentOutcome, InstallmentStatus, RequiredAction } from "./states"

// Also records installment purchases approved on the mono checkout page (docs/checkout.md);
// settings saved in the admin apply over the options (./stored-settings).
export default ModuleProvider(Modules.PAYMENT, {
  services: [acceptCheckoutPayments(withStoredInstallmentsSettings(MonobankInstallmentsProviderService))],
})
