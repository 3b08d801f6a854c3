import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../../lib/monobank"
import { cartIdOfOrderRef } from "../../../modules/monobank-checkout/order-ref"
import { checkoutModule, checkoutOptionsNow } from "../../../modules/monobank-checkout/resolve"

export const fetchCheckoutRecordStepId = "monobank-checkout-fetch-record"

/**
 * The bank's record of the order, read with the merchant token: the only source this plugin acts
 * on (a callback body is a hint). A record for another cart's basket is refused (any attempt of
 * this cart is its own: see order-ref).
 */
export const fetchCheckoutRecordStep = createStep(
  fetchCheckoutRecordStepId,
  async (input: { checkout_order_id: string; cart_id: string }, { container }) => {
    const record = await checkoutModule(container).fetchBankOrder(await checkoutOptionsNow(container), input.checkout_order_id)
    if (record.basket_id && cartIdOfOrderRef(record.basket_id) !== input.cart_id) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `monobank checkout order ${input.checkout_order_id} belongs to basket ${record.basket_id}, not cart ${input.cart_id}`
      )
    }
    return new StepResponse<CheckoutOrderRecord>(record)
  }
)
