/**
 * `medusa-payment-monobank/providers/monobank-on-delivery`: payment on delivery chosen on the mono
 * checkout page. Register it in the payment module's `providers` (see docs/checkout.md).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { MonobankOnDeliveryProviderService } from "./service"

export { MonobankOnDeliveryProviderService, ON_DELIVERY_IDENTIFIER } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [MonobankOnDeliveryProviderService],
})
