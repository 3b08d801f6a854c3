/**
 * Runs the sync workflow for the callback route and the storefront's status route, and says what
 * happened in terms they can answer with. When the bank placed an order but no Medusa order could
 * be made from it (stock, amounts, a missing shipping option...), everything the workflow did is
 * undone and the checkout order is flagged `needs_attention` with the reason, for the store owner;
 * the next callback or status request tries again.
 *
 * The bank is read for one checkout order at most once per BANK_READ_INTERVAL_MS, whoever asks and
 * on whichever server (a claim on the row's `last_checked_at`): the callback route needs no
 * authentication, and each read spends the merchant token's rate limit and waits on the cart's lock.
 * A caller within the interval is answered from our record (`coalesced`).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { readCheckoutOutcome } from "../../modules/monobank-checkout/outcome"
import { checkoutModule } from "./steps/module"
import { recordFacts } from "./steps/record-checkout-state"
import { syncMonobankCheckoutOrderWorkflow, type MonobankCheckoutSummary } from "./sync-checkout-order"

/** At most one bank read per checkout order within this time, across servers. */
export const BANK_READ_INTERVAL_MS = 5_000

export type CheckoutSyncResult =
  | { kind: "synced"; summary: MonobankCheckoutSummary }
  /** The bank was read for this order less than BANK_READ_INTERVAL_MS ago: nothing was read now. */
  | { kind: "coalesced" }
  /** The sync failed, but another one had completed the order meanwhile: nothing to do. */
  | { kind: "settled" }
  /** This store has no checkout order for the reference. */
  | { kind: "unknown_order" }
  /** The bank could not be read: nothing changed, try again later. */
  | { kind: "bank_unavailable"; message: string }
  /** The bank placed the order but it could not become a Medusa order. */
  | { kind: "needs_attention"; message: string }
  | { kind: "failed"; message: string }

function messageOf(error: unknown): string {
  return (error as { message?: string } | undefined)?.message ?? String(error)
}

export async function syncCheckoutOrderSafely(container: MedusaContainer, orderRef: string): Promise<CheckoutSyncResult> {
  const service = checkoutModule(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const [checkout] = await service.listMonobankCheckoutOrders({ order_ref: orderRef })
  if (!checkout) return { kind: "unknown_order" }
  if (!(await service.claimBankRead(checkout.id, BANK_READ_INTERVAL_MS))) return { kind: "coalesced" }
  try {
    const { result } = await syncMonobankCheckoutOrderWorkflow(container).run({ input: { order_ref: orderRef } })
    return { kind: "synced", summary: result }
  } catch (error) {
    const message = messageOf(error)
    let record
    try {
      record = await service.fetchBankOrder(checkout.order_id)
    } catch (bankError) {
      logger.warn(`monobank checkout: could not read order ${checkout.order_id} (cart ${orderRef}) from the bank: ${messageOf(bankError)}`)
      return { kind: "bank_unavailable", message: messageOf(bankError) }
    }
    if (readCheckoutOutcome(record).kind === "placed") {
      // Refused at the write when another sync completed the order meanwhile.
      const status = await service.updateCheckoutOrderState({ id: checkout.id, status: "needs_attention", error: message, ...recordFacts(record) })
      if (status === "completed") return { kind: "settled" }
      logger.error(
        `monobank checkout: order ${checkout.order_id} for cart ${orderRef} is placed at the bank, but no Medusa order could be made: ${message}`
      )
      return { kind: "needs_attention", message }
    }
    logger.error(`monobank checkout: could not bring order ${checkout.order_id} (cart ${orderRef}) up to date: ${message}`)
    return { kind: "failed", message }
  }
}
