/**
 * The checkout facts a placed mono checkout order hands the providers (`CHECKOUT_PAYMENT_KEY`), as
 * the checkout workflow records them: one order paid by card, one to be paid on delivery. Shared
 * by the specs of reading, recording and providing checkout payments, so they agree on one shape.
 */
import type { CheckoutPayment } from "../checkout-payment"

/** Order co_1 of cart_1, charged by card: 1234.56 UAH. */
export const PAID_BY_CARD: CheckoutPayment = {
  checkout_order_id: "co_1",
  cart_id: "cart_1",
  payment_method: "card",
  payment: "captured",
  general_status: "success",
  payment_status: "success",
  amount: "1234.56",
  checked_at: "2026-11-22T10:00:00.000Z",
}

/** Order co_7 of cart_7, placed to be paid on delivery: authorized until the store owner captures it. */
export const PAID_ON_DELIVERY: CheckoutPayment = {
  ...PAID_BY_CARD,
  checkout_order_id: "co_7",
  cart_id: "cart_7",
  payment_method: "payment_on_delivery",
  payment: "authorized",
  general_status: "payment_on_delivery",
  payment_status: "accepted",
}
