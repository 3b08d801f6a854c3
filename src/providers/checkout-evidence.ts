/**
 * What proves a mono checkout payment in a running store: the plugin's own checkout record of the
 * cart the session pays for (placed by the checkout workflow), found through Medusa's link of the
 * session's payment collection to its cart. The providers use it; the checks themselves are in
 * src/utils/checkout/checkout-payments (utils sits below the modules it would have to read).
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../modules/monobank-checkout"
import { optionalFromCradle, type ModuleScope } from "../utils/module-container"
import type { CheckoutEvidence } from "../utils/checkout/checkout-payments"

type Query = { graph(input: Record<string, unknown>): Promise<{ data: Record<string, unknown>[] }> }

/** Evidence read through the container (Medusa's query, the plugin's checkout module); refuses every checkout payment without them. */
export function checkoutEvidenceOf(cradle: ModuleScope): CheckoutEvidence {
  return {
    async cartOfCollection(paymentCollectionId) {
      const query = optionalFromCradle<Query>(cradle, ContainerRegistrationKeys.QUERY)
      if (!query) return undefined
      const { data } = await query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: paymentCollectionId } })
      return (data[0]?.cart_id as string | undefined) ?? undefined
    },
    async checkoutOrderOfCart(cartId) {
      const checkout = optionalFromCradle<MonobankCheckoutModuleService>(cradle, MONOBANK_CHECKOUT_MODULE)
      if (!checkout) return undefined
      const [row] = await checkout.listMonobankCheckoutOrders({ cart_id: cartId }, {
        select: ["checkout_order_id", "status", "amount", "delivery_quotes", "promo_quotes"],
      })
      if (!row) return undefined
      return {
        checkout_order_id: row.checkout_order_id ?? null,
        status: row.status,
        amount: row.amount as BigNumberInput,
        delivery_quotes: (row.delivery_quotes ?? null) as Record<string, string> | null,
        promo_quotes: (row.promo_quotes ?? null) as Record<string, string> | null,
      }
    },
  }
}
