/**
 * Medusa amounts (number, string, BigNumber, raw `{ value, precision }`) to the bank's hryvnia.
 * Medusa totals may carry more than 2 decimals (tax maths); the bank takes kopecks, so we round
 * half-up once, here, and do all further sums in integer kopecks.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { fromMinorUnits, toInstallmentSum, toMinorUnits } from "../../lib/monobank"

const ROUND_HALF_UP = 4

/** 1234.565 -> 123457n. Throws RangeError on anything that is not a finite number. */
export function toKopecks(amount: BigNumberInput): bigint {
  let value
  try {
    value = MathBN.convert(amount)
  } catch {
    throw new RangeError("amount is not a number")
  }
  if (!value.isFinite()) throw new RangeError("amount is not a finite number")
  return BigInt(toMinorUnits(value.toFixed(2, ROUND_HALF_UP), "UAH", { allowNegative: true }))
}

/** 123457n -> 1234.57 (the JSON number the bank wants for `total_sum`, `sum`). */
export function toHryvnia(kopecks: bigint): number {
  return toInstallmentSum(fromMinorUnits(kopecks, "UAH"))
}

/** 123457n -> "1234.57 UAH", for messages. */
export function formatUah(kopecks: bigint): string {
  return `${fromMinorUnits(kopecks, "UAH")} UAH`
}
