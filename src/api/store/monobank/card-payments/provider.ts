import type { MedusaContainer } from "@medusajs/framework/types"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { instanceFor } from "../../../../providers/monobank/instances"
import type { MonobankProviderService } from "../../../../providers/monobank/service"
import { CARD_PROVIDER_PREFIX } from "../../../../utils/provider-ids"

const CARD_PROVIDER_ID = new RegExp(`^${CARD_PROVIDER_PREFIX}[\\w-]+$`)

/**
 * The card provider registered as `providerId` in this server. Medusa constructs a provider the
 * first time its payment module calls it, so a provider no call has reached yet is first asked for
 * its saved cards with no customer (an answer of nothing, without the bank) through the module's
 * public service.
 */
export async function cardProvider(scope: MedusaContainer, providerId: string): Promise<MonobankProviderService> {
  if (!CARD_PROVIDER_ID.test(providerId)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "provider_id: expected a monobank card provider (pp_monobank_<id>)")
  }
  const running = instanceFor<MonobankProviderService>(providerId)
  if (running) return running
  await scope.resolve<IPaymentModuleService>(Modules.PAYMENT).listPaymentMethods({ provider_id: providerId, context: {} })
  const constructed = instanceFor<MonobankProviderService>(providerId)
  if (!constructed) throw new MedusaError(MedusaError.Types.NOT_FOUND, `provider_id: no monobank card provider ${providerId} in this store`)
  return constructed
}
