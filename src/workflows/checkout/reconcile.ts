/**
 * Finds mono checkout orders whose outcome the store may have missed (every callback attempt
 * failed and the shopper never came back to the return page) and brings them up to date with the
 * bank, one at a time. Run by the scheduled job `monobank-checkout-reconcile`.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { CheckoutOrderStatus } from "../../modules/monobank-checkout"
import { isDueForSync, RECONCILE_WINDOW_MS } from "../../utils/reconcile-schedule"
import { checkoutModule } from "./steps/module"
import { syncCheckoutOrderSafely, type CheckoutSyncResult } from "./sync-safely"

// The schedule is shared with the card / installment session reconcile.
export { isDueForSync, MIN_RECHECK_MS, RECONCILE_WINDOW_MS, type ReconcileCandidate } from "../../utils/reconcile-schedule"

/** Orders that may still turn out paid (or failed to become an order and should be retried). */
export const RECONCILED_STATUSES = ["awaiting_shopper", "needs_attention"] as const satisfies readonly CheckoutOrderStatus[]

export type ReconcileSummary = { checked: number } & Record<CheckoutSyncResult["kind"], number>

export async function syncDueCheckoutOrders(
  container: MedusaContainer,
  { now = new Date(), limit = 50 }: { now?: Date; limit?: number } = {}
): Promise<ReconcileSummary> {
  const candidates = await checkoutModule(container).listMonobankCheckoutOrders(
    { status: [...RECONCILED_STATUSES], created_at: { $gte: new Date(now.getTime() - RECONCILE_WINDOW_MS) } },
    { select: ["order_ref", "created_at", "last_checked_at"], order: { created_at: "ASC" }, take: 1000 }
  )
  const due = candidates.filter((order) => isDueForSync(order, now)).slice(0, limit)
  const summary: ReconcileSummary = {
    checked: 0,
    synced: 0,
    coalesced: 0,
    settled: 0,
    unsent: 0,
    other_attempt: 0,
    unknown_order: 0,
    bank_unavailable: 0,
    needs_attention: 0,
    failed: 0,
  }
  // One at a time: a burst of reads would meet the bank's rate limit (429).
  for (const order of due) {
    const result = await syncCheckoutOrderSafely(container, order.order_ref)
    summary.checked += 1
    summary[result.kind] += 1
    if (result.kind === "bank_unavailable") break
  }
  return summary
}
