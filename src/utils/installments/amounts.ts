/**
 * Medusa amounts (number, string, BigNumber, raw `{ value, precision }`) to the bank's hryvnia.
 * Medusa totals may carry more than 2 decimals (promotions, tax maths); the bank takes kopecks, so
 * they are rounded once, by the plugin's one rule (`utils/bank-amounts`: half-up), and all further
 * sums are done in integer kopecks.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { fromMinorUnits, toInstallmentSum } from "../../lib/monobank"
import { toBankMinorUnits } from "../bank-amounts"

/** 1234.565 -> 123457n. Throws a MedusaError (INVALID_DATA) on anything that is not a finite number. */
export function toKopecks(amount: BigNumberInput): bigint {
  return BigInt(toBankMinorUnits(amount, "UAH", { allowNegative: true }))
}

/** 123457n -> 1234.57 (the JSON number the bank wants for `total_sum`, `sum`). */
export function toHryvnia(kopecks: bigint): number {
  return toInstallmentSum(fromMinorUnits(kopecks, "UAH"))
}

/** 123457n -> "1234.57 UAH", for messages. */
export function formatUah(kopecks: bigint): string {
  return `${fromMinorUnits(kopecks, "UAH")} UAH`
}
