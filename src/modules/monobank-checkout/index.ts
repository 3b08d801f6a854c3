/**
 * `monobank-checkout` module: mono checkout orders (one per cart), linked to Medusa carts and
 * orders (src/links). Plugin modules are registered automatically and get the plugin's options;
 * this one reads `options.checkout` (see ./options).
 */
import { Module } from "@medusajs/framework/utils"
import { MonobankCheckoutModuleService } from "./service"
import reportSharedState from "./loaders/shared-state"

export const MONOBANK_CHECKOUT_MODULE = "monobankCheckout"

export { MonobankCheckoutModuleService } from "./service"
export { MonobankCheckoutOrder, CHECKOUT_ORDER_STATUSES, type CheckoutOrderStatus } from "./models/checkout-order"
export { readCheckoutOptions, type CheckoutOptions, type CheckoutOptionsInput } from "../../utils/checkout/options"
export { readCheckoutOutcome, type CheckoutOutcome } from "../../utils/checkout/outcome"

export default Module(MONOBANK_CHECKOUT_MODULE, {
  service: MonobankCheckoutModuleService,
  loaders: [reportSharedState],
})
