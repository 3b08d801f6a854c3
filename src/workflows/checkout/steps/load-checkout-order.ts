import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderStatus } from "../../../modules/monobank-checkout"
import { existingOrderIds, linkedOrderOf } from "../utils/linked-order"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export type LoadedCheckoutOrder = {
  id: string
  cart_id: string
  /** The bank's checkout order id. */
  checkout_order_id: string
  status: CheckoutOrderStatus
  /** The Medusa order made from it (linked; canceled or soft-deleted, it is still the order). */
  medusa_order_id?: string
  /** The record is linked to this order, but it no longer exists (a rollback deleted it). */
  dead_medusa_order_id?: string
  /** The order of the cart when the cart was completed some other way (its own payment). */
  cart_medusa_order_id?: string
}

export const loadCheckoutOrderStepId = "monobank-checkout-load-order"

export const loadCheckoutOrderStep = createStep(
  loadCheckoutOrderStepId,
  async (input: { cart_id: string }, { container }) => {
    const [checkout] = await checkoutModule(container).listMonobankCheckoutOrders({ cart_id: input.cart_id })
    if (!checkout?.checkout_order_id) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No mono checkout order for cart ${input.cart_id}`)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [linked, { data: cartOrders }] = await Promise.all([
      linkedOrderOf(container, checkout.id),
      query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: input.cart_id } }),
    ])
    const medusaOrderId = linked?.exists ? linked.medusa_order_id : undefined
    const cartOrderId: string | undefined = cartOrders[0]?.order_id
    const cartOrderExists = !!cartOrderId && (await existingOrderIds(container, [cartOrderId])).has(cartOrderId)
    return new StepResponse<LoadedCheckoutOrder>({
      id: checkout.id,
      cart_id: checkout.cart_id,
      checkout_order_id: checkout.checkout_order_id,
      status: checkout.status,
      medusa_order_id: medusaOrderId,
      dead_medusa_order_id: linked && !linked.exists ? linked.medusa_order_id : undefined,
      cart_medusa_order_id: cartOrderExists && cartOrderId !== medusaOrderId ? cartOrderId : undefined,
    })
  }
)
