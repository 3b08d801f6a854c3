/**
 * The evidence of a mono checkout payment in the running application (see
 * src/utils/checkout/checkout-evidence): Medusa's link of the session's payment collection to its
 * cart, and this module's record of the cart's checkout order.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CheckoutEvidence } from "../../utils/checkout/checkout-evidence"
import { applicationModule } from "../../utils/module-container"
import { MONOBANK_CHECKOUT_MODULE } from "."
import type { MonobankCheckoutModuleService } from "./service"

type Query = { graph(input: Record<string, unknown>): Promise<{ data: Record<string, unknown>[] }> }

/** Evidence from the running application; refuses every checkout payment outside one. */
export function applicationCheckoutEvidence(): CheckoutEvidence {
  return {
    async cartOfCollection(paymentCollectionId) {
      const query = applicationModule<Query>(ContainerRegistrationKeys.QUERY)
      if (!query) return undefined
      const { data } = await query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: paymentCollectionId } })
      return (data[0]?.cart_id as string | undefined) ?? undefined
    },
    async checkoutOrderOfCart(cartId) {
      const checkout = applicationModule<MonobankCheckoutModuleService>(MONOBANK_CHECKOUT_MODULE)
      if (!checkout) return undefined
      const [row] = await checkout.listMonobankCheckoutOrders({ order_ref: cartId }, { select: ["checkout_order_id", "status", "amount"] })
      return row ? { checkout_order_id: row.checkout_order_id ?? null, status: row.status, amount: row.amount as BigNumberInput } : undefined
    },
  }
}
