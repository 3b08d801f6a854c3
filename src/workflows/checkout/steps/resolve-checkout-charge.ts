import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCheckoutAmount, type CheckoutOrderRecord, type DeliveryMethod } from "../../../lib/monobank"
import { checkoutModule, checkoutOptionsNow } from "../../../modules/monobank-checkout/resolve"
import { checkoutChargeOf, goodsTotalOf } from "../../../utils/checkout/checkout-charge"
import { toBankAmountText } from "../../../utils/medusa-money"
import { checkoutDeliveryPrices } from "../utils/delivery-prices"
import { liveCart } from "../utils/cart-fingerprint"
import { isCartAsSent } from "../utils/quote-guard"
import { ambiguousCharge, cartNotAsSent } from "../../../utils/checkout/charge-problems"
import { CHECKOUT_CURRENCY } from "../utils/order-request"

export type CheckoutChargePlan = {
  /** The order's shipping price: what the shopper paid the bank for delivery, UAH text. */
  delivery_amount: string
  /** The promo code the bank took off, applied to the cart before the order is placed. */
  promo_code?: string
}

export const resolveCheckoutChargeStepId = "monobank-checkout-resolve-charge"

/**
 * Splits what the bank collected into the cart's goods, a promo code's discount and delivery,
 * accepting only a delivery price and a code the store quoted to the bank's page for this order
 * (utils/checkout/checkout-charge), and only for the cart the quotes were made for: the cart as it
 * was sent to the bank. The method's quoted price is the delivery the bank charged; "0" only when
 * the page never asked the store for that method. When nothing the store stated explains the
 * amount, or more than one reading does (a code's discount equal to the delivery price, two codes
 * taking off the same), the order is not placed and the store owner is told why (the sync marks it
 * needs_attention): a reading is never guessed.
 */
export const resolveCheckoutChargeStep = createStep(
  resolveCheckoutChargeStepId,
  async (input: { cart_id: string; record: CheckoutOrderRecord; delivery_method: DeliveryMethod }, { container }) => {
    const [cart, [checkout]] = await Promise.all([
      liveCart(container, input.cart_id),
      checkoutModule(container).listMonobankCheckoutOrders(
        { cart_id: input.cart_id },
        { select: ["amount", "cart_fingerprint", "delivery_quotes", "promo_quotes"] }
      ),
    ])
    if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${input.cart_id} was not found`)
    if (checkout && !isCartAsSent(cart, checkout)) {
      const { amount } = input.record
      const collected = amount === undefined || amount === null ? undefined : fromCheckoutAmount(amount)
      const costsNow = MathBN.convert(goodsTotalOf(cart)).toFixed(2)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, cartNotAsSent({ collected, bankOrderId: input.record.orderId, cartId: input.cart_id, costsNow }))
    }
    const method = input.delivery_method
    const quoted = ((checkout?.delivery_quotes ?? {}) as Record<string, string | undefined>)[method]
    const promos = (checkout?.promo_quotes ?? null) as Record<string, string> | null
    // What the prepare step will compare with the cart's total; without an amount it refuses the record.
    if (input.record.amount === undefined || input.record.amount === null) return new StepResponse<CheckoutChargePlan>({ delivery_amount: "0" })
    const collected = fromCheckoutAmount(input.record.amount)
    const goods = goodsTotalOf(cart)
    const charge = checkoutChargeOf({ collected, goods, deliveries: [quoted ?? "0"], promos })
    if (charge.kind === "proven") {
      return new StepResponse<CheckoutChargePlan>({ delivery_amount: charge.delivery, ...(charge.promo ? { promo_code: charge.promo.code } : {}) })
    }
    if (charge.kind === "ambiguous") {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, ambiguousCharge(collected, input.record.orderId, charge.readings))
    }
    const options = await checkoutOptionsNow(container)
    const now = await checkoutDeliveryPrices(container, input.cart_id, { methods: [method], merchantPaysDelivery: options.dlv_pay_merchant })
    const codes = Object.entries(promos ?? {}).map(([code, discount]) => `${code} −${discount}`)
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The bank collected ${collected} UAH for checkout order ${input.record.orderId}, but cart ${input.cart_id} costs ` +
        `${toBankAmountText(goods, CHECKOUT_CURRENCY)} UAH without delivery, and the ${charge.paid} UAH beyond that is no ${method} ` +
        `delivery price the store quoted (${quoted ?? "none"}; now ${now?.get(method) ?? "none"}) less a promo code it accepted ` +
        `(${codes.join(", ") || "none"}): the cart changed after it was sent to mono checkout, or the bank charged otherwise`
    )
  }
)
