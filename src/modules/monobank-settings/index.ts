/**
 * `monobank-settings` module: monobank settings saved in the admin (Settings → monobank), over
 * the options in medusa-config.ts. Plugin modules are registered automatically.
 */
import { Module } from "@medusajs/framework/utils"
import { MonobankSettingsModuleService } from "./service"

export const MONOBANK_SETTINGS_MODULE = "monobankSettings"

export { MonobankSettingsModuleService, type KeptInstallmentsStore, type SecretHint, type SettingsForAdmin, type StoredSettings } from "./service"
export * from "./schemas"
export { BankClients, keptClient, newAcquiringClient, newInstallmentsClient } from "./bank-clients"

export default Module(MONOBANK_SETTINGS_MODULE, {
  service: MonobankSettingsModuleService,
})
