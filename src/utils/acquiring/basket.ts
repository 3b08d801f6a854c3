/**
 * The fiscal basket (`merchantPaymInfo.basketOrder`) from the cart. Medusa does not give the cart
 * to `initiatePayment`, so the plugin's store middleware (`addMonobankBasket`) reads it and puts
 * its lines into the session data under `BASKET_DATA_KEY`, replacing whatever a storefront sent.
 * The basket is sent only when its lines add up exactly to the invoice amount.
 */
import { z } from "zod"
import type { BasketOrderItem } from "../../lib/monobank"
import { toBankLineTotals } from "../medusa-money"

export const BASKET_DATA_KEY = "monobank_basket"

/**
 * Variant or product metadata key with the product's tax codes as the store's cash register (PRRO)
 * knows them: a number, a list of numbers, or text such as "1" or "1,2". The variant's wins.
 */
export const TAX_METADATA_KEY = "monobank_tax"

/** Query fields of a payment collection that the basket is built from. */
export const CART_BASKET_FIELDS = [
  // Asking for the cart total makes the cart module compute the line totals too.
  "cart.total",
  "cart.items.title",
  "cart.items.product_title",
  "cart.items.variant_title",
  "cart.items.variant_sku",
  "cart.items.variant_id",
  "cart.items.product_id",
  "cart.items.quantity",
  "cart.items.total",
  "cart.items.variant.metadata",
  "cart.items.product.metadata",
  "cart.shipping_methods.name",
  "cart.shipping_methods.shipping_option_id",
  "cart.shipping_methods.total",
] as const

/** One receipt line; `total` in major units as Medusa computed it (discounts and taxes included). */
export const basketLineSchema = z.object({
  name: z.string().min(1),
  code: z.string().min(1),
  quantity: z.number().positive(),
  total: z.union([z.string(), z.number()]),
  /** The bank's tax codes of the product (`TAX_METADATA_KEY`), for the cash register. */
  tax: z.array(z.number().int()).optional(),
})
export type BasketLine = z.infer<typeof basketLineSchema>

type Amount = string | number | { toJSON?: () => unknown } | null | undefined
type CartItem = {
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  variant_id?: string | null
  product_id?: string | null
  quantity?: Amount
  total?: Amount
  variant?: { metadata?: Record<string, unknown> | null } | null
  product?: { metadata?: Record<string, unknown> | null } | null
} | null
type CartShipping = { name?: string | null; shipping_option_id?: string | null; total?: Amount } | null
export type CartForBasket = { items?: CartItem[] | null; shipping_methods?: CartShipping[] | null }

function decimalText(amount: Amount): string | undefined {
  if (amount === null || amount === undefined) return undefined
  if (typeof amount === "number" || typeof amount === "string") return String(amount)
  const json = amount.toJSON?.()
  return json === undefined || json === null ? undefined : String(json)
}

function itemName(item: NonNullable<CartItem>): string {
  const product = item.product_title || item.title || ""
  const variant = item.variant_title
  return variant && variant !== product && variant !== "Default variant" ? `${product} (${variant})` : product
}

const taxCodesSchema = z.union([
  z.number().int().transform((code) => [code]),
  z.array(z.coerce.number().int()),
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/)
    .transform((text) => text.split(",").map((code) => Number(code.trim()))),
])

/** The line's tax codes from variant or product metadata; undefined when none or unreadable. */
function taxCodesOf(item: NonNullable<CartItem>): number[] | undefined {
  const raw = item.variant?.metadata?.[TAX_METADATA_KEY] ?? item.product?.metadata?.[TAX_METADATA_KEY]
  const parsed = raw === undefined || raw === null || raw === "" ? undefined : taxCodesSchema.safeParse(raw)
  return parsed?.success && parsed.data.length ? parsed.data : undefined
}

/** Receipt lines of a cart; undefined when a line lacks what the bank needs. */
export function basketLinesFromCart(cart: CartForBasket | null | undefined): BasketLine[] | undefined {
  if (!cart?.items?.length) return undefined
  const lines: BasketLine[] = []
  for (const item of cart.items) {
    const total = decimalText(item?.total)
    const code = item?.variant_sku || item?.variant_id || item?.product_id
    if (!item || total === undefined || !code) return undefined
    const tax = taxCodesOf(item)
    lines.push({ name: itemName(item), code, quantity: Number(decimalText(item.quantity) ?? 1), total, ...(tax ? { tax } : {}) })
  }
  for (const method of cart.shipping_methods ?? []) {
    const total = decimalText(method?.total)
    if (!method || total === undefined || Number(total) === 0) continue
    lines.push({ name: `Доставка: ${method.name ?? ""}`.trim(), code: method.shipping_option_id || "delivery", quantity: 1, total })
  }
  return lines
}

export function readBasketLines(value: unknown): BasketLine[] | undefined {
  const parsed = z.array(basketLineSchema).safeParse(value)
  return parsed.success && parsed.data.length ? parsed.data : undefined
}

/**
 * A line total in kopecks as one or two (quantity, unit price) pairs whose `qty × sum` add up to it
 * exactly, as a cash register prints them: `r` units at `b + 1` and `qty - r` at `b` when the total
 * (= qty × b + r) does not divide by the quantity; the second is left out when `b` is 0. A
 * fractional quantity (goods by weight) cannot carry an exact unit price: it becomes 1 at the total.
 */
export function unitPriceSplit(quantity: number, totalKopecks: bigint): { qty: number; sum: number }[] {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return [{ qty: 1, sum: Number(totalKopecks) }]
  const qty = BigInt(quantity)
  const unit = totalKopecks / qty
  const left = totalKopecks % qty
  const pair = (count: bigint, sum: bigint) => ({ qty: Number(count), sum: Number(sum) })
  if (left === 0n) return [pair(qty, unit)]
  return unit === 0n ? [pair(left, 1n)] : [pair(left, unit + 1n), pair(qty - left, unit)]
}

/**
 * `basketOrder` for the bank: `sum` is the unit price and `total` the line total, in minor units,
 * with `sum × qty = total` on every line (a line whose total does not divide by its quantity is
 * split in two, `unitPriceSplit`). Line totals finer than kopecks are rounded so that they add up
 * to exactly the charged amount (`utils/medusa-money`). Undefined when the lines do not add up to
 * `amountMinor` (e.g. a gift card paid part of it) or a line total is not a number.
 */
export function buildBasketOrder(lines: BasketLine[], amountMinor: number, ccy: number): (BasketOrderItem & { total: number })[] | undefined {
  const totals = toBankLineTotals(lines.map((line) => line.total), ccy)
  if (!totals || totals.total !== amountMinor) return undefined
  return lines.flatMap((line, index) =>
    unitPriceSplit(line.quantity, BigInt(totals.parts[index])).map(({ qty, sum }) => ({
      name: line.name.slice(0, 256),
      qty,
      sum,
      total: qty * sum,
      code: line.code,
      ...(line.tax ? { tax: line.tax } : {}),
    }))
  )
}
