import { model } from "@medusajs/framework/utils"

/** Where a mono checkout order stands on our side; see docs/checkout.md. */
export const CHECKOUT_ORDER_STATUSES = [
  /** The bank order exists; the shopper has not finished on the bank's page (or is still paying). */
  "awaiting_shopper",
  /** The bank placed the order and it became a Medusa order. */
  "completed",
  /** The bank says the order failed (declined card, hold released before an order was made). */
  "failed",
  /** The bank placed the order but no Medusa order could be made from it: see `error`. */
  "needs_attention",
] as const

export type CheckoutOrderStatus = (typeof CHECKOUT_ORDER_STATUSES)[number]

/**
 * One mono checkout order per cart. `cart_id` is unique, so a cart never gets two records. The
 * bank refuses a repeated order_ref, so each attempt to create the bank order sends its own (see
 * ../order-ref): the cart id for the first, `<cart id>-<attempt>` after that.
 * `checkout_order_id` (the bank's order id, `order_id` in its API) and `redirect_url` are empty
 * while the answer to the current attempt is unknown (timed out, or saving it failed): the next
 * request makes a fresh attempt.
 */
export const MonobankCheckoutOrder = model.define("monobank_checkout_order", {
  id: model.id({ prefix: "mbchk" }).primaryKey(),
  cart_id: model.text().unique(),
  /** Number of create attempts sent to the bank for this cart. */
  attempt: model.number().default(1),
  checkout_order_id: model.text().index().nullable(),
  redirect_url: model.text().nullable(),
  status: model.enum([...CHECKOUT_ORDER_STATUSES]).default("awaiting_shopper"),
  /** What the bank was asked to collect, UAH (major units). */
  amount: model.bigNumber(),
  currency_code: model.text(),
  /**
   * The cart the bank order was made for (workflows/checkout/utils/cart-fingerprint): quotes are
   * made and the paid order is placed only while the cart is still that cart. Empty on records
   * made before it was kept.
   */
  cart_fingerprint: model.text().nullable(),
  /** From the last record read from the bank: */
  general_status: model.text().nullable(),
  payment_method: model.text().nullable(),
  delivery_method: model.text().nullable(),
  last_record: model.json().nullable(),
  last_checked_at: model.dateTime().nullable(),
  completed_at: model.dateTime().nullable(),
  /**
   * The delivery prices the store quoted to the bank's page for the cart as sent, method -> UAH
   * text ("60.00"), the latest per method: what the shopper may have paid for delivery, whatever
   * the price is later. A quote changes only while the bank says the shopper has not paid.
   */
  delivery_quotes: model.json().nullable(),
  /** The promo codes the bank's page was told apply, code -> discount as UAH text ("123.46"). */
  promo_quotes: model.json().nullable(),
  /** Why a placed order could not become a Medusa order (status `needs_attention`). */
  error: model.text().nullable(),
})
