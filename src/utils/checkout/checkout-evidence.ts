/**
 * What proves a mono checkout payment: the plugin's own checkout record of the cart the session
 * pays for (placed by the checkout workflow), found through Medusa's link of the session's payment
 * collection to its cart. The application's implementation reads the checkout module, so it lives
 * beside it (src/modules/monobank-checkout/evidence.ts); utils sits below the modules.
 */
import type { BigNumberInput } from "@medusajs/framework/types"

export type CheckoutRecordOfCart = { checkout_order_id: string | null; status: string; amount: BigNumberInput }

export type CheckoutEvidence = {
  cartOfCollection(paymentCollectionId: string): Promise<string | undefined>
  checkoutOrderOfCart(cartId: string): Promise<CheckoutRecordOfCart | undefined>
}
