/**
 * The plugin's one rule for turning Medusa amounts into what monobank charges, for every API
 * (card kopecks, installment and checkout hryvnia). Medusa does not round totals (10% off 99.99
 * is 89.991); the bank takes whole kopecks. Amounts are rounded half-up to the currency's minor
 * unit on their exact decimal value (`roundToMinorUnits` in lib/monobank/money.ts, where the
 * choice is explained); receipt lines are rounded so that they add up to exactly that amount.
 * Bad input becomes a MedusaError naming the field, never a raw RangeError.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { allocateMinorUnits, fromMinorUnits, roundToMinorUnits, type AllocatedMinorUnits } from "../lib/monobank"

/** Exact decimal text of any Medusa amount shape ("89.991"), or undefined when it is not a finite number. */
function exactText(amount: BigNumberInput | null | undefined): string | undefined {
  if (amount === null || amount === undefined) return undefined
  try {
    const value = MathBN.convert(amount)
    return value.isFinite() ? value.toFixed() : undefined
  } catch {
    return undefined
  }
}

function invalidAmount(field: string, amount: unknown, reason?: string): MedusaError {
  const shown = typeof amount === "object" ? JSON.stringify(amount) : String(amount)
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `monobank: ${field} ${shown} is not a valid amount${reason ? `: ${reason}` : ""}`
  )
}

export type BankAmountOptions = { field?: string; allowNegative?: boolean }

/** 159.991 UAH -> 15999: what the bank charges, in minor units. */
export function toBankMinorUnits(amount: BigNumberInput, currency: string | number, options: BankAmountOptions = {}): number {
  const field = options.field ?? "amount"
  const text = exactText(amount)
  if (text === undefined) throw invalidAmount(field, amount)
  try {
    return roundToMinorUnits(text, currency, { allowNegative: options.allowNegative })
  } catch (error) {
    throw invalidAmount(field, text, (error as Error).message)
  }
}

/** 89.991 -> "89.99": what the bank charges, as exact major-unit text. */
export function toBankAmountText(amount: BigNumberInput, currency: string | number, options: BankAmountOptions = {}): string {
  return fromMinorUnits(toBankMinorUnits(amount, currency, options), currency)
}

/**
 * Whether the bank charging `bankAmount` (exact major-unit text, e.g. what it reports it
 * collected) is Medusa's `amount` by this rule: 89.99 collected pays a cart of 89.991.
 */
export function isBankAmountOf(amount: BigNumberInput, bankAmount: BigNumberInput, currency: string | number): boolean {
  const medusa = exactText(amount)
  const bank = exactText(bankAmount)
  if (medusa === undefined || bank === undefined) return false
  try {
    return roundToMinorUnits(medusa, currency) === roundToMinorUnits(bank, currency)
  } catch {
    return false
  }
}

/**
 * Receipt line totals in minor units that add up exactly to their rounded sum (`total`), each
 * within one minor unit of Medusa's line total. Undefined when a line is missing, negative or not
 * a number (the caller then sends no line list, or one line for the whole order).
 */
export function toBankLineTotals(totals: readonly BigNumberInput[], currency: string | number): AllocatedMinorUnits | undefined {
  const texts = totals.map(exactText)
  if (texts.some((text) => text === undefined)) return undefined
  try {
    return allocateMinorUnits(texts as string[], currency)
  } catch {
    return undefined
  }
}
