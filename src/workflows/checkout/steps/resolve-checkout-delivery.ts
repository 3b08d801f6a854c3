import type { CreateShippingMethodDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../../lib/monobank"
import { checkoutDeliveryContext } from "../../../utils/checkout/fulfillment"
import { shippingMethodName } from "../utils/delivery-words"
import { deliveryDataFromRecord } from "../utils/order-details"
import { checkoutShippingOptions } from "../utils/store-lookups"

export type CheckoutDelivery = {
  /** Shipping methods the cart had before (chosen in the storefront): replaced by the bank's choice. */
  remove_ids: string[]
  shipping_method: CreateShippingMethodDTO
}

export const resolveCheckoutDeliveryStepId = "monobank-checkout-resolve-delivery"

/**
 * The cart's shipping method for the delivery the shopper chose on the bank's page: the store's
 * `monobank-checkout` shipping option for that method, with the delivery data checked by the
 * fulfillment provider, named as a packer reads it ("Нова пошта: відділення №25 (mono checkout)").
 * It costs 0: delivery is not part of what the bank collected.
 */
export const resolveCheckoutDeliveryStep = createStep(
  resolveCheckoutDeliveryStepId,
  async (input: { cart_id: string; record: CheckoutOrderRecord }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: ["id", "sales_channel_id", "shipping_methods.id"],
      filters: { id: input.cart_id },
    })
    const cart = carts[0]
    const data = deliveryDataFromRecord(input.record)
    const option = (await checkoutShippingOptions(container, cart?.sales_channel_id)).get(data.delivery_method)
    if (!cart || !option) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No shipping option of the monobank-checkout fulfillment provider for delivery method ${data.delivery_method}`
      )
    }
    const fulfillment = container.resolve(Modules.FULFILLMENT)
    const validated = await fulfillment.validateFulfillmentData(
      option.provider_id,
      option.data,
      data,
      checkoutDeliveryContext(input.record.orderId) as any
    )
    return new StepResponse<CheckoutDelivery>({
      remove_ids: (cart.shipping_methods ?? []).map((method: { id: string } | null) => method!.id),
      shipping_method: {
        cart_id: input.cart_id,
        shipping_option_id: option.id,
        name: shippingMethodName(data.delivery_method, input.record),
        amount: 0,
        data: validated,
      },
    })
  }
)
