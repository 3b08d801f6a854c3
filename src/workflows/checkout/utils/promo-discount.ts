/**
 * What a promo code takes off a mono checkout cart, by Medusa's own promotions: the promotion
 * module computes the code's item adjustments for the cart as it stands, without changing the cart
 * (the code is applied only when the paid order is placed, see place-checkout-order). The discount
 * is rounded as the plugin rounds everywhere: the order costs its goods less the discount, rounded
 * to the kopeck, and the discount is what that takes off the rounded goods, so the two add up.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ComputedActions, ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { goodsTotalOf } from "../../../utils/checkout/checkout-charge"
import { toBankAmountText } from "../../../utils/medusa-money"
import { CHECKOUT_CURRENCY } from "./order-request"

type Container = Pick<MedusaContainer, "resolve">

export type PromoQuote =
  | { kind: "applies"; code: string; discount: string; total: string }
  | { kind: "refused"; status: 404 | 409 | 422; reason: string }

/** The cart as Medusa's promotion module reads it (the fields Medusa's own cart flows give it). */
const PROMOTION_CONTEXT_FIELDS = [
  "id",
  "currency_code",
  "region_id",
  "region.id",
  "sales_channel_id",
  "email",
  "customer.id",
  "customer.groups.id",
  "subtotal",
  "item_total",
  "total",
  "shipping_total",
  "items.*",
  "items.product.id",
  "items.product.collection_id",
  "items.product.categories.id",
  "items.product.tags.id",
  "items.product.type_id",
  "items.variant.id",
  "items.adjustments.*",
  "items.tax_lines.*",
  "shipping_methods.*",
  "shipping_methods.adjustments.*",
  "promotions.code",
] as const

const USED_UP = new Set<string>([ComputedActions.PROMOTION_LIMIT_EXCEEDED, ComputedActions.CAMPAIGN_BUDGET_EXCEEDED])

export async function checkoutPromoQuote(container: Container, cartId: string, code: string): Promise<PromoQuote> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({ entity: "cart", fields: [...PROMOTION_CONTEXT_FIELDS], filters: { id: cartId } })
  const cart = carts[0] as Record<string, any> | undefined
  if (!cart) return { kind: "refused", status: 404, reason: "the order is not in this store" }
  const known = (cart.promotions ?? []).some((promotion: { code?: string } | null) => sameCode(promotion?.code, code))
  if (known) return { kind: "refused", status: 409, reason: `${code} is already applied to this order` }

  const promotions = container.resolve(Modules.PROMOTION)
  const actions = (await promotions.computeActions([code], cart as any, { prevent_auto_promotions: true })) as {
    action: string
    code?: string
    amount?: unknown
  }[]
  const own = actions.filter((action) => sameCode(action.code, code))
  if (own.some((action) => USED_UP.has(action.action))) return { kind: "refused", status: 409, reason: `${code} has been used up` }
  const adjustments = own.filter((action) => action.action === ComputedActions.ADD_ITEM_ADJUSTMENT)
  if (!adjustments.length) {
    return { kind: "refused", status: 404, reason: `${code} is not a valid promo code for this order (unknown, expired, or no item qualifies)` }
  }
  const off = adjustments.reduce((sum, action) => MathBN.add(sum, MathBN.convert(action.amount as any)), MathBN.convert(0))
  const exactGoods = goodsTotalOf(cart as any)
  const goods = toBankAmountText(exactGoods, CHECKOUT_CURRENCY)
  const total = toBankAmountText(MathBN.max(MathBN.sub(exactGoods, off), 0), CHECKOUT_CURRENCY)
  if (!MathBN.gt(total, 0)) return { kind: "refused", status: 422, reason: `${code} leaves nothing to pay for this order` }
  return { kind: "applies", code, discount: MathBN.sub(goods, total).toFixed(2), total }
}

function sameCode(a: string | undefined | null, b: string): boolean {
  return !!a && a.toLowerCase() === b.toLowerCase()
}
