/**
 * The cart a mono checkout order was made for, as one digest: its lines (item, variant, quantity,
 * unit price), what it costs without shipping (rounded as the bank is told), its region and its
 * currency. It is kept on the checkout record when the bank order is created; a delivery price or
 * promo code is quoted only while the cart is still that cart, and the paid order is placed only
 * from it, so no quote is ever read against a cart it was not made for.
 */
import { createHash } from "node:crypto"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { goodsTotalOf } from "../../../utils/checkout/checkout-charge"
import { toBankAmountText } from "../../../utils/medusa-money"
import { CHECKOUT_CURRENCY } from "./order-request"

export type FingerprintedCart = {
  id: string
  currency_code: string
  region_id?: string | null
  total: BigNumberInput
  shipping_total?: BigNumberInput | null
  items?: { id: string; variant_id?: string | null; quantity: BigNumberInput; unit_price: BigNumberInput }[] | null
}

export const CART_FINGERPRINT_FIELDS = [
  "id",
  "currency_code",
  "region_id",
  "total",
  "shipping_total",
  "items.id",
  "items.variant_id",
  "items.quantity",
  "items.unit_price",
] as const

export function cartFingerprintOf(cart: FingerprintedCart): string {
  const lines = (cart.items ?? [])
    .map((item) => [item.id, item.variant_id ?? null, MathBN.convert(item.quantity).toString(), MathBN.convert(item.unit_price).toString()])
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
  const goods = cart.currency_code?.toLowerCase() === CHECKOUT_CURRENCY ? toBankAmountText(goodsTotalOf(cart), CHECKOUT_CURRENCY) : MathBN.convert(goodsTotalOf(cart)).toString()
  const facts = { currency: cart.currency_code?.toLowerCase(), region: cart.region_id ?? null, goods, lines }
  return createHash("sha256").update(JSON.stringify(facts)).digest("hex")
}

/** The cart as it is now, or undefined when it does not exist. */
export async function liveCart(container: Pick<MedusaContainer, "resolve">, cartId: string): Promise<FingerprintedCart | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: [...CART_FINGERPRINT_FIELDS], filters: { id: cartId } })
  return data[0] as FingerprintedCart | undefined
}
