import { ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCheckoutAmount, UAH_CCY, type CheckoutOrderRecord } from "../../../lib/monobank"
import type { CheckoutOutcome } from "../../../utils/checkout/outcome"
import { CHECKOUT_PAYMENT_KEY, type CheckoutPayment } from "../../../utils/checkout/checkout-payment"
import { checkoutPaymentFromRecord } from "../utils/order-details"
import { checkoutModule, checkoutOptionsNow } from "../../../modules/monobank-checkout/resolve"
import { isBankAmountOf } from "../../../utils/medusa-money"

export type CheckoutPaymentPlan = {
  provider_id: string
  payment_collection_id?: string
  context: { [CHECKOUT_PAYMENT_KEY]: CheckoutPayment }
}

export const prepareCheckoutPaymentStepId = "monobank-checkout-prepare-payment"

/**
 * Checks that the cart, with the bank's delivery choice applied, costs exactly what the bank
 * collected, and picks the payment provider that records the payment method.
 */
export const prepareCheckoutPaymentStep = createStep(
  prepareCheckoutPaymentStepId,
  async (
    input: { cart_id: string; record: CheckoutOrderRecord; outcome: Extract<CheckoutOutcome, { kind: "placed" }> },
    { container }
  ) => {
    const options = await checkoutOptionsNow(container)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: ["id", "total", "currency_code", "payment_collection.id"],
      filters: { id: input.cart_id },
    })
    const cart = carts[0]
    if (input.record.amount === undefined || input.record.ccy !== undefined && input.record.ccy !== UAH_CCY) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `monobank checkout order ${input.record.orderId} has no hryvnia amount`)
    }
    const collected = fromCheckoutAmount(input.record.amount)
    // The bank was asked for the cart total rounded to kopecks: compare by that same rule.
    if (!cart || !isBankAmountOf(cart.total, collected, "UAH")) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The bank collected ${collected} UAH for checkout order ${input.record.orderId}, but cart ${input.cart_id} costs ` +
          `${cart ? MathBN.convert(cart.total).toFixed() : "?"} UAH: it changed after it was sent to mono checkout`
      )
    }
    const payment = checkoutPaymentFromRecord(input.record, input.outcome, input.cart_id, new Date())
    return new StepResponse<CheckoutPaymentPlan>({
      provider_id: options.paymentProviders[input.outcome.payment_method],
      payment_collection_id: cart.payment_collection?.id ?? undefined,
      context: { [CHECKOUT_PAYMENT_KEY]: payment },
    })
  }
)
