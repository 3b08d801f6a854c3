/**
 * A cart's totals as Medusa's cart module computes them (`decorateCartTotals`: adjustments, tax
 * lines, tax-inclusive prices, credit lines), with promotion adjustments that Medusa's promotion
 * steps prepared put in place of the ones they remove, without writing anything.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { decorateCartTotals, MathBN } from "@medusajs/framework/utils"

/** The cart as Medusa's promotion steps and its totals read it (what updateCartPromotionsWorkflow loads, and the totals' inputs). */
export const PROMO_QUOTE_CART_FIELDS = [
  "id",
  "email",
  "currency_code",
  "region_id",
  "sales_channel_id",
  "subtotal",
  "item_total",
  "item_subtotal",
  "original_item_total",
  "original_item_subtotal",
  "shipping_subtotal",
  "total",
  "shipping_total",
  "region.*",
  "items.*",
  "items.product.id",
  "items.product.is_giftcard",
  "items.product.collection_id",
  "items.product.categories.id",
  "items.product.tags.id",
  "items.product.type_id",
  "items.variant.id",
  "items.variant.product.id",
  "items.adjustments.*",
  "items.tax_lines.*",
  "shipping_address.*",
  "shipping_methods.*",
  "shipping_methods.adjustments.*",
  "shipping_methods.tax_lines.*",
  "credit_lines.*",
  "customer.*",
  "customer.groups.*",
  "promotions.id",
  "promotions.code",
] as const

export type PromoAdjustments = {
  lineItemAdjustmentsToCreate: { item_id: string; amount: BigNumberInput; code: string; is_tax_inclusive?: boolean }[]
  lineItemAdjustmentIdsToRemove: string[]
  shippingMethodAdjustmentsToCreate: { shipping_method_id: string; amount: BigNumberInput; code: string }[]
  shippingMethodAdjustmentIdsToRemove: string[]
}

type Adjusted = { id: string; adjustments?: ({ id?: string; amount: BigNumberInput } & Record<string, unknown>)[] | null } & Record<string, any>

function withAdjustments<T extends Adjusted>(lines: T[] | null | undefined, removed: string[], added: (Record<string, any> & { amount: BigNumberInput })[], key: string): T[] {
  return (lines ?? []).map((line) => ({
    ...line,
    adjustments: [
      ...(line.adjustments ?? []).filter((adjustment) => !adjustment.id || !removed.includes(adjustment.id)),
      ...added.filter((adjustment) => adjustment[key] === line.id),
    ],
  }))
}

/** The cart's total and shipping total with the prepared adjustments in place. */
export function cartTotalsWithAdjustments(
  cart: { items?: Adjusted[] | null; shipping_methods?: Adjusted[] | null } & Record<string, any>,
  adjustments: PromoAdjustments
): { total: string; shipping_total: string } {
  const totals = decorateCartTotals({
    ...cart,
    items: withAdjustments(cart.items, adjustments.lineItemAdjustmentIdsToRemove, adjustments.lineItemAdjustmentsToCreate, "item_id"),
    shipping_methods: withAdjustments(
      cart.shipping_methods,
      adjustments.shippingMethodAdjustmentIdsToRemove,
      adjustments.shippingMethodAdjustmentsToCreate,
      "shipping_method_id"
    ),
  } as any)
  return { total: MathBN.convert(totals.total as any).toString(), shipping_total: MathBN.convert((totals.shipping_total ?? 0) as any).toString() }
}
