import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkoutModule } from "../../../../workflows/checkout/steps/module"
import { syncCheckoutOrderSafely, type CheckoutSyncResult } from "../../../../workflows/checkout"
import { refuseUnverifiedCallback } from "./signature"

const ANSWER = {
  synced: 200,
  needs_attention: 200,
  unknown_order: 200,
  // Let the bank call again: nothing was decided.
  bank_unavailable: 503,
  failed: 500,
} as const satisfies Record<CheckoutSyncResult["kind"], number>

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined
}

/**
 * POST /hooks/monobank/checkout — the bank's checkout callback. Its `X-Sign` is checked first
 * (./signature.ts); its content is not published, so the body is only a hint of WHICH order changed (`basket_id` = our cart id, or
 * `orderId`): the order is then read from the bank with the merchant token and only that record
 * is acted on. A forged or repeated callback can at most make us read the bank again.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const refused = await refuseUnverifiedCallback(req, logger)
  if (refused !== undefined) {
    res.status(refused).json({ received: false })
    return
  }
  const body = (req.body ?? {}) as Record<string, unknown>
  let orderRef = text(body.basket_id)
  const bankOrderId = text(body.orderId)
  if (!orderRef && bankOrderId) {
    const [checkout] = await checkoutModule(req.scope).listMonobankCheckoutOrders({ order_id: bankOrderId })
    orderRef = checkout?.order_ref
  }
  if (!orderRef) {
    logger.warn("monobank checkout: callback names no order this store knows; ignored")
    res.status(200).json({ received: true })
    return
  }
  const outcome = await syncCheckoutOrderSafely(req.scope, orderRef)
  if (outcome.kind === "unknown_order") logger.warn(`monobank checkout: callback for cart ${orderRef}, which was never sent to checkout; ignored`)
  res.status(ANSWER[outcome.kind]).json({ received: outcome.kind !== "bank_unavailable" && outcome.kind !== "failed" })
}
