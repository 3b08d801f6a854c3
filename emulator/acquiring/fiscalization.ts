/**
 * The merchant's fiscalization switch (a cash register, PRRO, linked to the bank). With it on, the
 * bank prints a receipt for every refund and every finalize, so it needs the receipt lines when it
 * cannot take them from the invoice's basket: a cancel of part of the payment and a finalize of
 * an amount other than the hold. Lines that do not add up to the amount are refused the same way.
 * The bank's code for these refusals is not published; the emulator answers its generic 400
 * `BAD_REQUEST`. Items the bank accepted are kept on the invoice (`fiscalItems`) for tests.
 */
import { badRequest } from "../http-util"
import type { Invoice } from "./types"

export type FiscalItem = { name: string; qty: number; sum: number; code: string; tax?: number[] }

export type FiscalOperation = "cancel" | "finalize"

/** What the bank kept of one operation's receipt lines. */
export type FiscalRecord = { operation: FiscalOperation; amount: number; extRef?: string; items: FiscalItem[] }

/** Sum of the lines in minor units; a fractional `sum × qty` (weight goods) is rounded half-up. */
export function itemsTotal(items: readonly FiscalItem[]): number {
  return items.reduce((total, item) => total + Math.round(item.sum * item.qty), 0)
}

/**
 * Refuses the request when fiscalization is on, the bank needs lines (`required`) and they are
 * missing, or when lines are given that do not add up to `amount`.
 */
export function checkFiscalItems(
  request: { enabled: boolean; required: boolean; operation: FiscalOperation; amount: number; items?: FiscalItem[] }
): void {
  const { enabled, required, operation, amount, items } = request
  if (!enabled) return
  if (!items?.length) {
    if (required) throw badRequest(`items: required for the fiscal receipt of this ${operation} (fiscalization is on)`, "BAD_REQUEST")
    return
  }
  const total = itemsTotal(items)
  if (total !== amount) {
    throw badRequest(`items: the lines add up to ${total}, not to the amount ${amount}`, "BAD_REQUEST")
  }
}

/** Keeps the lines the bank took for a receipt; without lines nothing is kept. */
export function keepFiscalItems(invoice: Invoice, record: Omit<FiscalRecord, "items"> & { items?: FiscalItem[] }): void {
  const { items, extRef, ...rest } = record
  if (!items?.length) return
  const kept: FiscalRecord = { ...rest, ...(extRef === undefined ? {} : { extRef }), items: items.map((line) => ({ ...line })) }
  invoice.fiscalItems = [...(invoice.fiscalItems ?? []), kept]
}
