import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankInstallmentsProviderService } from "./service"
import { withStoredInstallmentsSettings } from "./stored-settings"

export { MonobankInstallmentsProviderService, INSTALLMENTS_IDENTIFIER } from "./service"
export type { MonobankInstallmentsOptions } from "../../utils/installments/options"
export { INSTALLMENT_STATES, describeOrderState } from "../../utils/installments/states"
export type { InstallmentOutcome, InstallmentStatus, RequiredAction } from "../../utils/installments/states"

// Settings saved in the admin apply over the options (./stored-settings).
export default ModuleProvider(Modules.PAYMENT, {
  services: [withStoredInstallmentsSettings(MonobankInstallmentsProviderService)],
})
