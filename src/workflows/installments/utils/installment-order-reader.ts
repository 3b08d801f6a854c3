/**
 * Reads an installment order's state with the same store id, secret and bank address as the
 * `monobank-installments` provider the session belongs to (taken from the store's config: Medusa
 * offers no public way to call a provider's own read without writing the session).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { InstallmentsClient, type OrderStateInfo } from "../../../lib/monobank"
import { toMedusaBankError } from "../../../utils/installments/bank-errors"
import { resolveInstallmentsOptions } from "../../../utils/installments/options"
import { monobankProviderOptions } from "../../../utils/monobank-configuration"

export type InstallmentOrderReader = (providerId: string, orderId: string) => Promise<OrderStateInfo>

export function installmentOrderReader(container: MedusaContainer): InstallmentOrderReader {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const clients = new Map<string, InstallmentsClient>()
  const clientFor = (providerId: string): InstallmentsClient => {
    let client = clients.get(providerId)
    if (!client) {
      const options = monobankProviderOptions(configModule, providerId)
      if (!options) {
        throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank installments: no options for payment provider ${providerId} in medusa-config`)
      }
      const resolved = resolveInstallmentsOptions(options)
      client = new InstallmentsClient({ storeId: resolved.storeId, secret: resolved.secret, baseUrl: resolved.baseUrl, timeoutMs: resolved.timeoutMs })
      clients.set(providerId, client)
    }
    return client
  }
  return async (providerId, orderId) => {
    try {
      return await clientFor(providerId).getOrderState(orderId)
    } catch (error) {
      throw toMedusaBankError("read the installment order", error)
    }
  }
}
