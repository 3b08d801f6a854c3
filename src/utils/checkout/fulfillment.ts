/**
 * How the checkout workflow and the `monobank-checkout` fulfillment provider know each other: the
 * provider's identifier, and the validation context the workflow sets for the delivery data it
 * puts on a shipping method.
 */

export const CHECKOUT_FULFILLMENT_IDENTIFIER = "monobank-checkout"

/**
 * Key the checkout workflow sets in the validation *context*, next to nothing else. Medusa builds
 * that context from the cart (its own fields, not data a storefront sends), so a storefront can
 * put anything in a shipping method's data but never this.
 */
export const CHECKOUT_DELIVERY_CONTEXT_KEY = "monobank_checkout_delivery"

/** The context the checkout workflow validates its delivery data with. */
export function checkoutDeliveryContext(checkoutOrderId: string): Record<string, unknown> {
  return { [CHECKOUT_DELIVERY_CONTEXT_KEY]: { checkout_order_id: checkoutOrderId } }
}
