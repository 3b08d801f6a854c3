/**
 * Finds mono checkout orders whose outcome the store may have missed (every callback attempt
 * failed and the shopper never came back to the return page), completed ones whose order was
 * deleted, and completed ones still held at the bank (a hold released later leaves the order
 * unpaid), and brings them up to date with the bank, one at a time. Run by the scheduled job
 * `monobank-checkout-reconcile`.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { CheckoutOrderStatus } from "../../modules/monobank-checkout"
import { GENERAL_STATUS_MEANING } from "../../utils/checkout/outcome"
import { isDueForSync as isDueWithin, RECONCILE_MARGIN_MS, type ReconcileCandidate } from "../../utils/reconcile-schedule"
import { linkedOrdersOf } from "./utils/linked-order"
import { checkoutModule } from "../../modules/monobank-checkout/resolve"
import { syncCheckoutOrderSafely, type CheckoutSyncResult } from "./sync-safely"

// The schedule is shared with the card / installment session reconcile.
export { MIN_RECHECK_MS, type ReconcileCandidate } from "../../utils/reconcile-schedule"

/** A checkout hold lives 10 days, and a day's margin: no checkout order is read after that. */
export const RECONCILE_WINDOW_MS = 10 * 24 * 60 * 60 * 1000 + RECONCILE_MARGIN_MS

export function isDueForSync(candidate: ReconcileCandidate, now: Date): boolean {
  return isDueWithin(candidate, now, RECONCILE_WINDOW_MS)
}

/** Orders that may still turn out paid (or failed to become an order and should be retried). */
export const RECONCILED_STATUSES = ["awaiting_shopper", "needs_attention"] as const satisfies readonly CheckoutOrderStatus[]

export type ReconcileSummary = { checked: number } & Record<CheckoutSyncResult["kind"], number>

/** At most this many records of each kind are looked at per run. */
const CANDIDATES_PER_RUN = 1000

type Candidate = { id: string; cart_id: string; created_at: Date; last_checked_at: Date | null }

/**
 * Completed records whose linked order no longer exists (a rollback deleted it after another sync
 * had linked it): not settled, the order must be placed again. The newest first.
 */
async function completedWithoutOrder(container: MedusaContainer, since: Date): Promise<Candidate[]> {
  const completed: Candidate[] = await checkoutModule(container).listMonobankCheckoutOrders(
    { status: "completed", created_at: { $gte: since } },
    { select: ["id", "cart_id", "created_at", "last_checked_at"], order: { created_at: "DESC" }, take: CANDIDATES_PER_RUN }
  )
  const linked = await linkedOrdersOf(container, completed.map((record) => record.id))
  return completed.filter((record) => linked.get(record.id)?.exists === false)
}

/** `generalStatus` of a card payment the bank still holds (see GENERAL_STATUS_MEANING). */
const HELD_GENERAL_STATUSES = Object.entries(GENERAL_STATUS_MEANING)
  .filter(([, meaning]) => meaning === "in_process")
  .map(([status]) => status)

/** Completed records whose card hold was open when last read: the bank may have released it since. */
async function completedAndHeld(container: MedusaContainer, since: Date): Promise<Candidate[]> {
  return checkoutModule(container).listMonobankCheckoutOrders(
    { status: "completed", general_status: HELD_GENERAL_STATUSES, created_at: { $gte: since } },
    { select: ["id", "cart_id", "created_at", "last_checked_at"], order: { created_at: "ASC" }, take: CANDIDATES_PER_RUN }
  )
}

export async function syncDueCheckoutOrders(
  container: MedusaContainer,
  { now = new Date(), limit = 50 }: { now?: Date; limit?: number } = {}
): Promise<ReconcileSummary> {
  const since = new Date(now.getTime() - RECONCILE_WINDOW_MS)
  const [unsettled, deadLinked, held] = await Promise.all([
    checkoutModule(container).listMonobankCheckoutOrders(
      { status: [...RECONCILED_STATUSES], created_at: { $gte: since } },
      { select: ["cart_id", "created_at", "last_checked_at"], order: { created_at: "ASC" }, take: CANDIDATES_PER_RUN }
    ),
    completedWithoutOrder(container, since),
    completedAndHeld(container, since),
  ])
  const candidates = [...unsettled, ...deadLinked, ...held.filter((order) => !deadLinked.some((dead) => dead.id === order.id))]
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
    const result = await syncCheckoutOrderSafely(container, order.cart_id)
    summary.checked += 1
    summary[result.kind] += 1
    if (result.kind === "bank_unavailable") break
  }
  return summary
}
