/**
 * Every 5 minutes: re-reads from the bank the mono checkout orders that are not settled yet, so a
 * paid order becomes a Medusa order even when every callback was lost and the shopper never came
 * back (see workflows/checkout/reconcile for which orders and how often).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { syncDueCheckoutOrders, type ReconcileSummary } from "../workflows/checkout/reconcile"
import { registeredCheckoutModule } from "../modules/monobank-checkout/resolve"

export default async function syncMonobankCheckoutOrdersJob(container: MedusaContainer): Promise<ReconcileSummary | undefined> {
  if (!registeredCheckoutModule(container)?.isConfigured()) return undefined
  const summary = await syncDueCheckoutOrders(container)
  if (summary.checked) {
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`monobank checkout: scheduled sync ${JSON.stringify(summary)}`)
  }
  return summary
}

export const config = {
  name: "monobank-checkout-reconcile",
  schedule: "*/5 * * * *",
}
