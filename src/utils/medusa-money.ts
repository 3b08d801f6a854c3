/**
 * Medusa amounts <-> what monobank charges, for every API (card kopecks, installment and checkout
 * hryvnia): the one place the plugin converts between them. Medusa does not round totals (10% off
 * 99.99 is 89.991); the bank takes whole kopecks. Amounts are rounded half-up to the currency's
 * minor unit on their exact decimal value (`roundToMinorUnits` in lib/monobank/money.ts, where the
 * choice is explained); receipt lines are rounded so that they add up to exactly that amount.
 * Medusa amounts arrive in any shape (number, string, BigNumber, raw `{ value, precision }`).
 * Bad input becomes a MedusaError naming the field, never a raw RangeError.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { allocateMinorUnits, currencyAlphaCode, fromMinorUnits, roundToMinorUnits, type AllocatedMinorUnits } from "../lib/monobank"

/**
 * An amount in its currency's minor units (kopecks for UAH), a safe integer: what the card API
 * takes and reports, what the plugin's ledger stores (`amount_minor`) and what amounts are
 * compared in.
 */
export type MinorUnits = number

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
export function toBankMinorUnits(amount: BigNumberInput, currency: string | number, options: BankAmountOptions = {}): MinorUnits {
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

/** 8999 (UAH) -> 89.99: a bank amount as the number Medusa books (captures, refunds, webhook amounts). */
export function fromBankMinorUnits(minor: MinorUnits, currency: string | number): number {
  return Number(fromMinorUnits(minor, currency))
}

/**
 * 8999, 980 -> "89.99 UAH", for messages and the admin. Installment code counts kopecks as bigint
 * (see utils/installments/amounts), also shown here. Never throws: an unknown currency is shown
 * by its code.
 */
export function formatBankAmount(minor: MinorUnits | bigint, currency: string | number): string {
  try {
    const alpha = typeof currency === "number" ? currencyAlphaCode(currency) : currency.toUpperCase()
    return `${fromMinorUnits(minor, currency)} ${alpha}`
  } catch {
    return `${minor} (minor units, currency ${currency})`
  }
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
