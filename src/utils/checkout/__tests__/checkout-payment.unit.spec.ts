import { CHECKOUT_PAYMENT_KEY, checkoutPaymentFromContext, readCheckoutPayment } from "../checkout-payment"
import { PAID_BY_CARD } from "./checkout-payment-fixtures"

/** The facts without any bank order id: each test names it, under the new key or the old. */
const { checkout_order_id: _orderId, ...facts } = PAID_BY_CARD

describe("checkout facts stored in payment data", () => {
  it("reads the bank's order id under its name, checkout_order_id", () => {
    expect(readCheckoutPayment({ [CHECKOUT_PAYMENT_KEY]: { ...facts, checkout_order_id: "co_1" } })).toEqual({ ...facts, checkout_order_id: "co_1" })
  })

  it("reads data stored by earlier versions under order_id as checkout_order_id, without the old key", () => {
    const read = readCheckoutPayment({ [CHECKOUT_PAYMENT_KEY]: { ...facts, order_id: "co_1" } })
    expect(read).toEqual({ ...facts, checkout_order_id: "co_1" })
    expect(checkoutPaymentFromContext({ [CHECKOUT_PAYMENT_KEY]: { ...facts, order_id: "co_1" } })).toEqual(read)
  })

  it("reads the cart id stored by earlier versions under order_ref as cart_id, without the old key", () => {
    const { cart_id, ...withoutCartId } = facts
    const read = readCheckoutPayment({ [CHECKOUT_PAYMENT_KEY]: { ...withoutCartId, order_ref: cart_id, order_id: "co_1" } })
    expect(read).toEqual({ ...facts, checkout_order_id: "co_1" })
    expect(checkoutPaymentFromContext({ [CHECKOUT_PAYMENT_KEY]: { ...withoutCartId, order_ref: cart_id, checkout_order_id: "co_1" } })).toEqual(read)
  })

  it("prefers cart_id when both keys are present", () => {
    expect(readCheckoutPayment({ [CHECKOUT_PAYMENT_KEY]: { ...facts, order_ref: "cart_old", checkout_order_id: "co_1" } })).toMatchObject({ cart_id: "cart_1" })
  })

  it("prefers checkout_order_id when both keys are present", () => {
    expect(readCheckoutPayment({ [CHECKOUT_PAYMENT_KEY]: { ...facts, checkout_order_id: "co_new", order_id: "co_old" } })).toMatchObject({
      checkout_order_id: "co_new",
    })
  })

  it("still refuses facts without any bank order id", () => {
    expect(() => readCheckoutPayment({ [CHECKOUT_PAYMENT_KEY]: facts })).toThrow(/malformed monobank_checkout/)
  })
})
