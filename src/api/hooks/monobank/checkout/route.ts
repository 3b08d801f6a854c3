import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkoutCallbackHint } from "../../../../lib/monobank"
import { cartIdOfOrderRef } from "../../../../modules/monobank-checkout/order-ref"
import { checkoutModule } from "../../../../modules/monobank-checkout/resolve"
import { syncCheckoutOrderSafely, type CheckoutSyncResult } from "../../../../workflows/checkout"
import { scheduleFollowUpSync } from "../../../../workflows/checkout/follow-up-sync"
import { refuseUnverifiedCallback } from "./signature"

const ANSWER = {
  synced: 200,
  // Read moments ago: a follow-up read is scheduled for when the interval is over.
  coalesced: 200,
  settled: 200,
  unsent: 200,
  other_attempt: 200,
  needs_attention: 200,
  unknown_order: 200,
  // Let the bank call again: nothing was decided.
  bank_unavailable: 503,
  failed: 500,
} as const satisfies Record<CheckoutSyncResult["kind"], number>

/** Longest hint we look up; our cart ids and the bank's order ids are far shorter. */
const MAX_HINT_LENGTH = 200

function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  const trimmed = value.trim()
  return trimmed && trimmed.length <= MAX_HINT_LENGTH ? trimmed : undefined
}

/**
 * POST /hooks/monobank/checkout — the bank's checkout callback. Its `X-Sign` is checked first
 * (./signature.ts); its content is not published, so the body is only a hint of WHICH order changed (`basket_id` = our cart id, or
 * `orderId`): the order is then read from the bank with the merchant token and only that record
 * is acted on. Anyone can call this route, so what a call can cost is capped: at most one bank
 * read per checkout order every few seconds across all servers (see sync-safely); other calls
 * are answered from our record at once.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const refused = await refuseUnverifiedCallback(req, logger)
  if (refused !== undefined) {
    res.status(refused).json({ received: false })
    return
  }
  const hint = checkoutCallbackHint(req.body)
  const basketId = text(hint.basket_id)
  // basket_id is the order_ref of one of the cart's create attempts (see order-ref).
  let cartId = basketId && cartIdOfOrderRef(basketId)
  const bankOrderId = text(hint.orderId)
  if (!cartId && bankOrderId) {
    const [checkout] = await checkoutModule(req.scope).listMonobankCheckoutOrders({ checkout_order_id: bankOrderId }, { select: ["cart_id"] })
    cartId = checkout?.cart_id
  }
  if (!cartId) {
    logger.warn("monobank checkout: callback names no order this store knows; ignored")
    res.status(200).json({ received: true })
    return
  }
  const outcome = await syncCheckoutOrderSafely(req.scope, cartId, { checkoutOrderId: bankOrderId })
  if (outcome.kind === "unknown_order") logger.warn(`monobank checkout: callback for cart ${cartId}, which was never sent to checkout; ignored`)
  if (outcome.kind === "coalesced") scheduleFollowUpSync(req.scope, cartId, { checkoutOrderId: bankOrderId })
  res.status(ANSWER[outcome.kind]).json({ received: outcome.kind !== "bank_unavailable" && outcome.kind !== "failed" })
}
