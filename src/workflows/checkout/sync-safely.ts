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
 *
 * A callback also names the bank order (`orderId`); when that is not the cart's current one, it
 * belongs to an earlier create attempt (see modules/monobank-checkout/order-ref) or to nobody.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cartIdOfOrderRef } from "../../modules/monobank-checkout/order-ref"
import { readCheckoutOutcome } from "../../utils/checkout/outcome"
import { checkoutModule, checkoutOptionsNow } from "../../modules/monobank-checkout/resolve"
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
  /** The answer to the cart's last create attempt is unknown: no bank order to read yet. */
  | { kind: "unsent" }
  /** The hint named the bank order of an earlier, abandoned attempt of this cart: recognised, nothing placed from it. */
  | { kind: "other_attempt" }

/** What a caller knows besides the cart: the bank order id a callback named (its `orderId`). */
export type CheckoutSyncHint = { checkoutOrderId?: string }

function messageOf(error: unknown): string {
  return (error as { message?: string } | undefined)?.message ?? String(error)
}

export async function syncCheckoutOrderSafely(
  container: MedusaContainer,
  cartId: string,
  hint: CheckoutSyncHint = {}
): Promise<CheckoutSyncResult> {
  const service = checkoutModule(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const [checkout] = await service.listMonobankCheckoutOrders({ cart_id: cartId })
  if (!checkout) return { kind: "unknown_order" }
  const otherCheckoutOrderId = hint.checkoutOrderId && hint.checkoutOrderId !== checkout.checkout_order_id ? hint.checkoutOrderId : undefined
  if (!checkout.checkout_order_id && !otherCheckoutOrderId) return { kind: "unsent" }
  if (!(await service.claimBankRead(checkout.id, BANK_READ_INTERVAL_MS))) return { kind: "coalesced" }
  let checkoutOrderId = checkout.checkout_order_id
  if (otherCheckoutOrderId) {
    const other = await readOtherAttempt(container, checkout, otherCheckoutOrderId)
    if (other) return other
    checkoutOrderId ??= otherCheckoutOrderId // taken as the cart's order (adoptBankOrder)
  }
  try {
    const { result } = await syncMonobankCheckoutOrderWorkflow(container).run({ input: { cart_id: cartId } })
    return { kind: "synced", summary: result }
  } catch (error) {
    const message = messageOf(error)
    let record
    try {
      record = await service.fetchBankOrder(await checkoutOptionsNow(container), checkoutOrderId!)
    } catch (bankError) {
      logger.warn(`monobank checkout: could not read checkout order ${checkoutOrderId} (cart ${cartId}) from the bank: ${messageOf(bankError)}`)
      return { kind: "bank_unavailable", message: messageOf(bankError) }
    }
    if (readCheckoutOutcome(record).kind === "placed") {
      // Refused at the write when another sync completed the order meanwhile.
      const status = await service.updateCheckoutOrderState({ id: checkout.id, status: "needs_attention", error: message, ...recordFacts(record) })
      if (status === "completed") return { kind: "settled" }
      logger.error(
        `monobank checkout: checkout order ${checkoutOrderId} for cart ${cartId} is placed at the bank, but no Medusa order could be made: ${message}`
      )
      return { kind: "needs_attention", message }
    }
    logger.error(`monobank checkout: could not bring checkout order ${checkoutOrderId} (cart ${cartId}) up to date: ${message}`)
    return { kind: "failed", message }
  }
}

type CheckoutRow = { id: string; cart_id: string; checkout_order_id: string | null; status: string }

/**
 * A callback named a bank order that is not the cart's current one: read it (the body is only a
 * hint) and, when it really is an attempt of this cart, either take it as the current order (the
 * answer to the attempt that made it was lost, none came after) or, when a later attempt is
 * current, never place it: if it was paid, the order needs attention. Undefined: go on syncing.
 */
async function readOtherAttempt(container: MedusaContainer, checkout: CheckoutRow, checkoutOrderId: string): Promise<CheckoutSyncResult | undefined> {
  const service = checkoutModule(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  let record
  try {
    record = await service.fetchBankOrder(await checkoutOptionsNow(container), checkoutOrderId)
  } catch (error) {
    if ((error as { status?: number }).status === 404) return checkout.checkout_order_id ? undefined : { kind: "unsent" }
    return { kind: "bank_unavailable", message: messageOf(error) }
  }
  if (!record.basket_id || cartIdOfOrderRef(record.basket_id) !== checkout.cart_id) {
    logger.warn(`monobank checkout: a callback for cart ${checkout.cart_id} named checkout order ${checkoutOrderId} of another basket; ignored`)
    return checkout.checkout_order_id ? undefined : { kind: "unsent" }
  }
  if (!checkout.checkout_order_id) {
    if (await service.adoptBankOrder(checkout.id, checkoutOrderId)) return undefined
    return { kind: "coalesced" }
  }
  if (readCheckoutOutcome(record).kind === "placed") {
    const message =
      `checkout order ${checkoutOrderId} of an earlier attempt for cart ${checkout.cart_id} was paid, while order ` +
      `${checkout.checkout_order_id} is the cart's current one: settle it by hand (refund it, or ship it)`
    const status = await service.updateCheckoutOrderState({ id: checkout.id, status: "needs_attention", error: message })
    logger.error(`monobank checkout: ${message}${status === "completed" ? " (the cart is already an order)" : ""}`)
    return { kind: "needs_attention", message }
  }
  logger.info(`monobank checkout: callback for checkout order ${checkoutOrderId}, an abandoned earlier attempt for cart ${checkout.cart_id}`)
  return { kind: "other_attempt" }
}
