/**
 * `medusa-payment-monobank/providers/monobank-checkout`: mono checkout delivery methods (pickup,
 * courier, carrier branch `np_brnm`, parcel locker `np_box`, cargo branch `np_cargo`) as a fulfillment provider. Register it
 * in the fulfillment module's `providers` (see docs/checkout.md).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankCheckoutFulfillmentService } from "./service"

export { MonobankCheckoutFulfillmentService } from "./service"
export { CHECKOUT_FULFILLMENT_IDENTIFIER } from "../../utils/checkout/fulfillment"
export { validateDeliveryData, DELIVERY_REQUIREMENTS, type DeliveryData } from "../../utils/checkout/delivery-data"

export default ModuleProvider(Modules.FULFILLMENT, {
  services: [MonobankCheckoutFulfillmentService],
})
