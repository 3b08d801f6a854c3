import type { CreateShippingMethodDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord, DeliveryMethod } from "../../../lib/monobank"
import { fallbackDeliveryMethod, FALLBACK_DELIVERY_METHODS } from "../../../utils/checkout/delivery-data"
import { DELIVERY_METHOD_NAMES } from "../../../utils/checkout/delivery-method-names"
import { checkoutDeliveryContext } from "../../../utils/checkout/fulfillment"
import { shippingMethodName } from "../utils/delivery-words"
import { deliveryDataFromRecord, readDeliveryMethod } from "../utils/order-details"
import { checkoutShippingOptions } from "../utils/store-lookups"

export type CheckoutDelivery = {
  /** Shipping methods the cart had before (chosen in the storefront): replaced by the bank's choice. */
  remove_ids: string[]
  /** The delivery method the order ships by (the fallback's for a method the plugin does not know). */
  delivery_method: DeliveryMethod
  shipping_method: CreateShippingMethodDTO
  /**
   * Set when the bank's delivery method is none the plugin knows: the order is placed with a
   * fallback option and the checkout order needs attention, saying why.
   */
  attention?: string
}

export const resolveCheckoutDeliveryStepId = "monobank-checkout-resolve-delivery"

/**
 * The cart's shipping method for the delivery the shopper chose on the bank's page: the store's
 * `monobank-checkout` shipping option for that method, with the delivery data checked by the
 * fulfillment provider, named as a packer reads it ("Нова пошта: відділення №25 (mono checkout)").
 * Its amount is what the shopper paid the bank for delivery, set by the charge step
 * (./resolve-checkout-charge). A delivery method the plugin does not know (the bank may add one)
 * is not refused: the shopper has paid, so the order is placed with a fallback option
 * (FALLBACK_DELIVERY_METHODS) and marked for the store owner (`attention`).
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
    const options = await checkoutShippingOptions(container, cart?.sales_channel_id)
    const bank = readDeliveryMethod(input.record.delivery_method)
    const fallback = bank.method ? undefined : fallbackDeliveryMethod(new Set(options.keys()), deliveryDataFromRecord(input.record, "pickup"))
    if (!bank.method && !fallback) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `The bank reports delivery method ${JSON.stringify(bank.text)}, which this plugin does not know, and no shipping option of ` +
          `the monobank-checkout fulfillment provider can stand in for it (${FALLBACK_DELIVERY_METHODS.join(", ")})`
      )
    }
    const data = deliveryDataFromRecord(input.record, fallback)
    const option = options.get(data.delivery_method)
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
      delivery_method: data.delivery_method,
      // Medusa's own add-shipping-method workflow passes is_tax_inclusive too; its DTO type lacks it.
      shipping_method: {
        cart_id: input.cart_id,
        shipping_option_id: option.id,
        name: shippingMethodName(bank.method ?? bank.text, input.record),
        // What the shopper paid the bank for delivery is set by the charge step (resolve-checkout-charge).
        amount: 0,
        // The price as the shopper paid it: Medusa carves any tax out of it rather than adding it.
        is_tax_inclusive: true,
        data: validated,
      } as CreateShippingMethodDTO,
      attention: fallback && unknownMethodAttention(bank.text, input.record.delivery_method_desc, fallback),
    })
  }
)

function unknownMethodAttention(text: string, desc: string | null | undefined, fallback: keyof typeof DELIVERY_METHOD_NAMES): string {
  const words = desc?.trim() ? ` ("${desc.trim()}")` : ""
  return (
    `the bank reports delivery method ${JSON.stringify(text)}${words}, which this plugin does not know: the order was placed ` +
    `with the ${DELIVERY_METHOD_NAMES[fallback].en} (mono checkout) shipping option; check where to ship it (the shipping ` +
    "method's data keeps the branch and address the bank sent)"
  )
}
