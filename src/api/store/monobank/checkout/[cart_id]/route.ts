import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { checkoutSummary, syncCheckoutOrderSafely } from "../../../../../workflows/checkout"

/**
 * GET /store/monobank/checkout/:cart_id — for the storefront's return page: reads the order from
 * the bank, makes the Medusa order if the bank placed it and no callback did yet, and answers
 * `{ checkout: { status, general_status, payment_method, delivery_method, checkout_order_id,
 * medusa_order_id, ... } }` (see docs/checkout.md).
 * The bank is read at most once every few seconds per order (see sync-safely); a request within
 * that time is answered from our record, so polling this route costs the bank nothing more.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const cartId = req.params.cart_id
  const outcome = await syncCheckoutOrderSafely(req.scope, cartId)
  if (outcome.kind === "unknown_order") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not sent to mono checkout`)
  }
  res.setHeader("Cache-Control", "no-store")
  if (outcome.kind === "bank_unavailable") {
    res.status(503).json({ type: "unavailable", message: "monobank is not answering; try again in a moment" })
    return
  }
  res.json({ checkout: await checkoutSummary(req.scope, cartId) })
}
