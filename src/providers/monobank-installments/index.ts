import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankInstallmentsProviderService } from "./service"

export { MonobankInstallmentsProviderService, INSTALLMENTS_IDENTIFIER } from "./service"
export type { MonobankInstallmentsOptions } from "./options"
export { INSTALLMENT_STATES, describeOrderState } from "./states"
export type { InstallmentOutcome, InstallmentStatus, RequiredAction } from "./states"

export default ModuleProvider(Modules.PAYMENT, {
  services: [MonobankInstallmentsProviderService],
})
