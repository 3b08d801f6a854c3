import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export type NewCheckoutOrder = {
  /** Our record (see record-checkout-attempt). */
  id: string
  /** The bank's checkout order id. */
  checkout_order_id: string
  redirect_url: string
}

export const saveCheckoutOrderStepId = "monobank-checkout-save-order"

/** The bank's answer to the current attempt, on the cart's record. */
export const saveCheckoutOrderStep = createStep(saveCheckoutOrderStepId, async (input: NewCheckoutOrder, { container }) => {
  await checkoutModule(container).updateMonobankCheckoutOrders({ id: input.id, checkout_order_id: input.checkout_order_id, redirect_url: input.redirect_url })
  return new StepResponse(input)
})
