/**
 * Medusa amounts (number, string, BigNumber, raw `{ value, precision }`) to the installment API's
 * hryvnia. Medusa totals may carry more than 2 decimals (promotions, tax maths); the bank takes
 * kopecks, so they are rounded once, by the plugin's one rule (`utils/medusa-money`: half-up), and
 * all further sums are done in integer kopecks: the same minor units, held as bigint by the
 * installment code (`BigInt` of `MinorUnits`; `formatBankAmount` shows either).
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { fromMinorUnits, toInstallmentSum } from "../../lib/monobank"
import { toBankMinorUnits } from "../medusa-money"

/** 1234.565 -> 123457n. Throws a MedusaError (INVALID_DATA) on anything that is not a finite number. */
export function toKopecks(amount: BigNumberInput): bigint {
  return BigInt(toBankMinorUnits(amount, "UAH", { allowNegative: true }))
}

/** 123457n -> 1234.57 (the JSON number the bank wants for `total_sum`, `sum`). */
export function toHryvnia(kopecks: bigint): number {
  return toInstallmentSum(fromMinorUnits(kopecks, "UAH"))
}
