/**
 * What the provider needs from the cart but Medusa does not hand to `initiatePayment`: the lines
 * (for the bank's `products`) and the billing phone (fallback for `client_phone`). Our store
 * middleware reads the cart and passes these in the session data under the keys below, always
 * overwriting whatever the storefront sent under them.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { toKopecks } from "../../utils/installments/amounts"
import type { CartLine } from "./products"

export type CartForInstallments = {
  billing_address?: { phone?: string | null } | null
  items?: Array<{
    title?: string | null
    product_title?: string | null
    variant_title?: string | null
    quantity?: BigNumberInput | null
    total?: BigNumberInput | null
  } | null> | null
  shipping_methods?: Array<{ name?: string | null; total?: BigNumberInput | null } | null> | null
}

export type InstallmentCartContext = {
  cart_lines: CartLine[] | undefined
  cart_billing_phone: string | undefined
}

/** `cart.total` makes the cart module compute the line totals too. */
export const CART_CONTEXT_FIELDS = [
  "cart.total",
  "cart.billing_address.phone",
  "cart.items.title",
  "cart.items.product_title",
  "cart.items.variant_title",
  "cart.items.quantity",
  "cart.items.total",
  "cart.shipping_methods.name",
  "cart.shipping_methods.total",
] as const

export const EMPTY_CART_CONTEXT: InstallmentCartContext = { cart_lines: undefined, cart_billing_phone: undefined }

export function installmentCartContext(cart: CartForInstallments | null | undefined): InstallmentCartContext {
  if (!cart) return EMPTY_CART_CONTEXT
  const lines: CartLine[] = []
  for (const item of cart.items ?? []) {
    if (!item || item.total === undefined || item.total === null) return { ...EMPTY_CART_CONTEXT, cart_billing_phone: phoneOf(cart) }
    lines.push({ name: itemName(item), quantity: Number(item.quantity ?? 1), total: item.total })
  }
  for (const method of cart.shipping_methods ?? []) {
    if (!method || method.total === undefined || method.total === null) continue
    if (isZero(method.total)) continue
    lines.push({ name: `Доставка: ${method.name ?? ""}`.trim(), quantity: 1, total: method.total })
  }
  return { cart_lines: lines.length ? lines : undefined, cart_billing_phone: phoneOf(cart) }
}

function itemName(item: NonNullable<NonNullable<CartForInstallments["items"]>[number]>): string {
  const product = item.product_title || item.title || ""
  const variant = item.variant_title && item.variant_title !== product && item.variant_title !== "Default variant" ? item.variant_title : ""
  return variant ? `${product} (${variant})` : product
}

function isZero(amount: BigNumberInput): boolean {
  try {
    return toKopecks(amount) === 0n
  } catch {
    return false
  }
}

function phoneOf(cart: CartForInstallments): string | undefined {
  const phone = cart.billing_address?.phone
  return typeof phone === "string" && phone.trim() !== "" ? phone : undefined
}
