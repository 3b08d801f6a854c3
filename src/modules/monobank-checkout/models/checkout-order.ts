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
 * One mono checkout order per cart. `order_ref` is what we sent the bank (the cart id) and is
 * unique, so a cart can never get a second bank order; `order_id` is the bank's id.
 */
export const MonobankCheckoutOrder = model.define("monobank_checkout_order", {
  id: model.id({ prefix: "mbchk" }).primaryKey(),
  order_ref: model.text().unique(),
  order_id: model.text().index(),
  redirect_url: model.text(),
  status: model.enum([...CHECKOUT_ORDER_STATUSES]).default("awaiting_shopper"),
  /** What the bank was asked to collect, UAH (major units). */
  amount: model.bigNumber(),
  currency_code: model.text(),
  /** From the last record read from the bank: */
  general_status: model.text().nullable(),
  payment_method: model.text().nullable(),
  delivery_method: model.text().nullable(),
  last_record: model.json().nullable(),
  last_checked_at: model.dateTime().nullable(),
  completed_at: model.dateTime().nullable(),
  /** Why a placed order could not become a Medusa order (status `needs_attention`). */
  error: model.text().nullable(),
})
