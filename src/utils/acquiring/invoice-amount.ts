/**
 * The amount and numeric currency of a card invoice, shared by the payment provider (creating and
 * refunding invoices) and the reconcile workflow (comparing a session with its invoice).
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { currencyNumericCode, isSupportedCurrency } from "../../lib/monobank"
import { toBankMinorUnits, type MinorUnits } from "../medusa-money"

/**
 * Medusa amount (major units) -> bank minor units + numeric currency, rounded to whole minor
 * units by the plugin's one rule (`utils/medusa-money`), with a clear error.
 */
export function toBankAmount(amount: BigNumberInput, currency: string | number): { amount: MinorUnits; ccy: number } {
  if (!isSupportedCurrency(currency)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `monobank cannot take payments in ${String(currency).toUpperCase()}`)
  }
  const ccy = typeof currency === "number" ? currency : currencyNumericCode(currency)
  return { amount: toBankMinorUnits(amount, ccy), ccy }
}
