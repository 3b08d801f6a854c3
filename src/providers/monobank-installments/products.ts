/**
 * The bank's `products` list: name, count and the price of ONE unit in hryvnia. Cart lines carry
 * line totals (after discounts, with tax), so a unit price may not divide evenly: such a line is
 * split in two (e.g. 3 x 33.33 = 100.00 becomes 2 x 33.33 + 1 x 33.34). The list must add up to the
 * order sum to the kopeck (line totals finer than kopecks are rounded to make it so); when it
 * cannot (gift cards, store credit...), one line for the whole order is sent instead.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import type { InstallmentProduct } from "../../lib/monobank"
import { toBankLineTotals } from "../../utils/medusa-money"
import { toHryvnia } from "../../utils/installments/amounts"

/** One cart line as the storefront-side middleware reads it (`total` is the whole line). */
export type CartLine = { name: string; quantity: number; total: BigNumberInput }

const MAX_NAME_LENGTH = 500

export function productName(name: unknown): string {
  const text = typeof name === "string" ? name.replace(/\s+/g, " ").trim() : ""
  return (text || "Товар").slice(0, MAX_NAME_LENGTH)
}

/** Splits the lines into bank products; undefined when they do not add up to `totalKopecks`. */
export function toInstallmentProducts(lines: readonly CartLine[], totalKopecks: bigint): InstallmentProduct[] | undefined {
  // Line totals finer than kopecks are rounded so that they add up to the rounded order sum.
  const totals = toBankLineTotals(lines.map((line) => line.total), "UAH")
  if (!totals || BigInt(totals.total) !== totalKopecks) return undefined
  const products: InstallmentProduct[] = []
  for (const [index, line] of lines.entries()) {
    const quantity = line.quantity
    if (!Number.isSafeInteger(quantity) || quantity < 1) return undefined
    const lineKopecks = BigInt(totals.parts[index])
    const count = BigInt(quantity)
    const unit = lineKopecks / count
    const remainder = lineKopecks % count
    const name = productName(line.name)
    if (count - remainder > 0n && unit > 0n) {
      products.push({ name, count: Number(count - remainder), sum: toHryvnia(unit) })
    }
    if (remainder > 0n) {
      products.push({ name, count: Number(remainder), sum: toHryvnia(unit + 1n) })
    }
  }
  if (products.length === 0) return undefined
  return products
}

/** The fallback: the whole order as one product. */
export function wholeOrderProduct(totalKopecks: bigint, reference: string): InstallmentProduct[] {
  return [{ name: productName(`Замовлення ${reference}`), count: 1, sum: toHryvnia(totalKopecks) }]
}

/** Reads `cart_lines` from session data (written by our store middleware); undefined if absent or malformed. */
export function readCartLines(value: unknown): CartLine[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined
  const lines: CartLine[] = []
  for (const entry of value) {
    if (!entry || typeof entry !== "object") return undefined
    const { name, quantity, total } = entry as Record<string, unknown>
    const count = typeof quantity === "string" ? Number(quantity) : quantity
    if (typeof count !== "number" || (typeof total !== "number" && typeof total !== "string" && !isRaw(total))) {
      return undefined
    }
    lines.push({ name: productName(name), quantity: count, total: total as BigNumberInput })
  }
  return lines
}

function isRaw(value: unknown): boolean {
  return !!value && typeof value === "object" && "value" in (value as object)
}
