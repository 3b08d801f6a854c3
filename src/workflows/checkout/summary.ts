import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MonobankCheckoutSummary } from "./sync-checkout-order"

/** What the storefront may see about a cart's checkout order (no client or delivery data). */
export async function checkoutSummary(container: MedusaContainer, cartId: string): Promise<(MonobankCheckoutSummary & { error: string | null }) | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "monobank_checkout_order",
    fields: ["cart_id", "checkout_order_id", "status", "general_status", "payment_method", "delivery_method", "error", "order.id"],
    filters: { cart_id: cartId },
  })
  const row = data[0] as Record<string, any> | undefined
  if (!row) return undefined
  return {
    cart_id: row.cart_id,
    checkout_order_id: row.checkout_order_id ?? null,
    // Placed but flagged for the store owner (an unknown delivery method): the shopper's order exists.
    status: row.order?.id ? "completed" : row.status,
    general_status: row.general_status ?? null,
    payment_method: row.payment_method ?? null,
    delivery_method: row.delivery_method ?? null,
    medusa_order_id: row.order?.id ?? null,
    error: row.status === "needs_attention" && !row.order?.id ? "The order was paid but could not be placed; the store has been told" : null,
  }
}
