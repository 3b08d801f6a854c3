import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankInstallmentsProviderService } from "./service"

export { MonobankInstallmentsProviderService, INSTALLMENTS_IDENTIFIER } from "./service"
export type { MonobankInstallmentsOptions } from "../../utils/installments/options"
export { INSTALLMENT_STATES, describeOrderState } from "../../utils/installments/states"
export type { InstallmentOutcome, InstallmentStatus, RequiredAction } from "../../utils/installments/states"

export default ModuleProvider(Modules.PAYMENT, {
  services: [MonobankInstallmentsProviderService],
})
