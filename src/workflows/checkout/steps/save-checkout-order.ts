import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutModule } from "./module"

export type NewCheckoutOrder = {
  order_ref: string
  order_id: string
  redirect_url: string
  /** UAH, major units. */
  amount: number
  currency_code: string
}

export const saveCheckoutOrderStepId = "monobank-checkout-save-order"

/** Our record of the bank order; `order_ref` is unique, so a cart never gets two. */
export const saveCheckoutOrderStep = createStep(
  saveCheckoutOrderStepId,
  async (input: NewCheckoutOrder, { container }) => {
    const created = await checkoutModule(container).createMonobankCheckoutOrders(input)
    return new StepResponse({ id: created.id, order_id: created.order_id, redirect_url: created.redirect_url }, created.id)
  },
  async (id, { container }) => {
    if (id) await checkoutModule(container).deleteMonobankCheckoutOrders(id)
  }
)
