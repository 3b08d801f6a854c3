/**
 * For a store's medusa-config: what the payment module must list in `dependencies` so this
 * plugin's providers reach Medusa's and the plugin's modules through the container.
 *
 *   import { MONOBANK_PAYMENT_DEPENDENCIES } from "medusa-payment-monobank/payment-dependencies"
 *   { resolve: "@medusajs/medusa/payment", dependencies: [...MONOBANK_PAYMENT_DEPENDENCIES], options: { providers } }
 */
export { MONOBANK_PAYMENT_DEPENDENCIES } from "./utils/module-container"
