/**
 * A callback that arrives just after the bank was read for its order is answered without a read
 * (see sync-safely), yet it may announce a change that read missed. So one follow-up sync per
 * order and server is scheduled for when the read interval is over. The claim on the row still
 * decides across servers: the follow-up costs at most one read, and none when another read began
 * after the callback. Process memory only schedules here; should this server stop, the scheduled
 * job `monobank-checkout-reconcile` reads the order later.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BANK_READ_INTERVAL_MS, syncCheckoutOrderSafely, type CheckoutSyncHint } from "./sync-safely"

/** Orders with a follow-up scheduled on this server; bounded, whatever callers send. */
const scheduled = new Set<string>()
const MAX_SCHEDULED = 1_000

export function scheduleFollowUpSync(container: MedusaContainer, cartId: string, hint: CheckoutSyncHint = {}): void {
  if (scheduled.has(cartId) || scheduled.size >= MAX_SCHEDULED) return
  scheduled.add(cartId)
  const timer = setTimeout(() => {
    scheduled.delete(cartId)
    syncCheckoutOrderSafely(container, cartId, hint).catch((error) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`monobank checkout: follow-up sync of cart ${cartId} failed: ${(error as Error)?.message ?? error}`)
    })
  }, BANK_READ_INTERVAL_MS + 250)
  timer.unref?.()
}
