import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutCart } from "../utils/order-request"
import { CART_FINGERPRINT_FIELDS, type FingerprintedCart } from "../utils/cart-fingerprint"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export type LoadedCheckoutCart = {
  cart: CheckoutCart & FingerprintedCart & { region_id?: string | null; sales_channel_id?: string | null }
  /** The cart's checkout order, when one was created before (no bank order id / page: the last attempt's answer is unknown). */
  existing?: { id: string; attempt: number; checkout_order_id: string | null; redirect_url: string | null; amount: string; status: string }
}

const CART_FIELDS = [
  "id",
  "currency_code",
  "completed_at",
  "region_id",
  "sales_channel_id",
  "total",
  "shipping_total",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.quantity",
  "items.total",
  ...CART_FINGERPRINT_FIELDS,
]

export const loadCheckoutCartStepId = "monobank-checkout-load-cart"

/** The cart (with totals) and its existing checkout order; NOT_FOUND for an unknown cart. */
export const loadCheckoutCartStep = createStep(loadCheckoutCartStepId, async (input: { cart_id: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: input.cart_id } })
  const cart = carts[0] as LoadedCheckoutCart["cart"] | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${input.cart_id} was not found`)
  const [existing] = await checkoutModule(container).listMonobankCheckoutOrders({ cart_id: input.cart_id })
  return new StepResponse<LoadedCheckoutCart>({
    cart,
    existing: existing && {
      id: existing.id,
      attempt: existing.attempt,
      checkout_order_id: existing.checkout_order_id,
      redirect_url: existing.redirect_url,
      amount: String(existing.amount),
      status: existing.status,
    },
  })
})
