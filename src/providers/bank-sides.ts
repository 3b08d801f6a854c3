/**
 * The bank side of each monobank payment provider's payments, built outside a provider (the
 * settlement job) from the provider's options in the store's config with the admin's saved
 * settings over them, as the provider itself would.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { currentCardProvider } from "../utils/effective-settings"
import { resolveInstallmentsOptions } from "../utils/installments/options"
import { monobankProviderOptions } from "../utils/monobank-configuration"
import { CARD_PROVIDER_PREFIX, INSTALLMENTS_PROVIDER_PREFIX } from "../utils/provider-ids"
import type { BankSides } from "../utils/session-money"
import type { SessionPaymentsLedger } from "../utils/session-money/ledger"
import { cardBankSide } from "./monobank/bank-side"
import { installmentsBankSide } from "./monobank-installments/bank-side"
import { depsFor } from "./monobank-installments/deps"
import { depsWithStoredSettings } from "./monobank-installments/stored-settings"

export function bankSidesFromConfig(container: MedusaContainer) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  return async (providerId: string, ledger: SessionPaymentsLedger): Promise<BankSides> => {
    const options = monobankProviderOptions(configModule, providerId)
    if (!options) return {}
    if (providerId.startsWith(CARD_PROVIDER_PREFIX)) {
      const current = (await currentCardProvider(container, configModule, providerId))!
      const card = cardBankSide({ ...current, logger, ledger, payments: container.resolve(Modules.PAYMENT) })
      return { invoice: card, saved_card: card, store_page: card }
    }
    if (providerId.startsWith(INSTALLMENTS_PROVIDER_PREFIX)) {
      const configured = depsFor(resolveInstallmentsOptions(options), logger)
      return { installment_order: installmentsBankSide((storeId) => depsWithStoredSettings(container, configured, options, storeId)) }
    }
    return {}
  }
}
