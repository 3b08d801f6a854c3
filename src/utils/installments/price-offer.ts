/**
 * What a price comes to in installments, for the product page's "from X ₴ × N payments": per
 * number of payments the store offers, the monthly payment. The bank's documents do not say how it
 * rounds a monthly payment; the plugin rounds it up to the kopeck, so the figure shown is never
 * below what the shopper pays (the last payment may be a few kopecks less). A price outside the
 * store's order-total limits has no offer, as the provider would refuse such a session.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { fromMinorUnits } from "../../lib/monobank"
import { toKopecks } from "./amounts"

export type OrderLimits = { min?: string; max?: string }
export type PartPayment = { parts_count: number; per_part: string }

/** Why an amount gets no installments (outside the store's saved order-total limits), or undefined. */
export function outsideLimits(amount: BigNumberInput, { min, max }: OrderLimits): string | undefined {
  if (!(min && MathBN.lt(amount, min)) && !(max && MathBN.gt(amount, max))) return undefined
  const range = min && max ? `from ${min} to ${max} UAH` : min ? `from ${min} UAH` : `up to ${max} UAH`
  return `Installments are offered for orders ${range}`
}

/** The monthly payment for each number of payments, fewest payments first. */
export function partPayments(amount: BigNumberInput, parts: readonly number[]): PartPayment[] {
  const kopecks = toKopecks(amount)
  return [...parts]
    .sort((a, b) => a - b)
    .map((count) => {
      const n = BigInt(count)
      const perPart = (kopecks + n - 1n) / n
      return { parts_count: count, per_part: fromMinorUnits(perPart, "UAH") }
    })
}
