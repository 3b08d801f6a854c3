/**
 * Receipt lines (`items`) for a refund (`invoice/cancel`) or a finalize of part of a hold. A
 * merchant with a cash register (PRRO) linked needs them whenever the bank cannot take the lines
 * from the invoice's basket, and the bank's receipt line has no total: each line is `sum` kopecks
 * per unit times `qty`, so the lines must add up exactly to the amount through their unit prices.
 *
 * Design (Medusa does not say which goods a refund is for, so the money is spread over the basket):
 * - the amount is prorated over the basket's line totals by largest remainder, in bigint kopecks:
 *   the shares add up exactly to the amount, each within one kopeck of its exact share, and ties
 *   go to the earlier line; a line whose share is 0 is left out;
 * - a share is kept on the line's quantity; when it does not divide by the quantity, the line is
 *   split in two with the same name and code: `r` units at `b + 1` kopecks and `qty - r` units at
 *   `b` (share = qty × b + r), the second left out when `b` is 0. A fractional quantity (goods by
 *   weight) cannot carry an exact share, so such a line is sent as quantity 1 at its share;
 * - tax codes and the UKTZED code of the basket line are carried over.
 */
import { largestRemainderParts, type BasketOrderItem, type FiscalizationItem } from "../../lib/monobank"
import { BASKET_DATA_KEY, buildBasketOrder, readBasketLines, unitPriceSplit } from "./basket"

export type FiscalSourceLine = Pick<BasketOrderItem, "name" | "code" | "qty" | "tax" | "uktzed"> & {
  /** The line's total in the invoice's basket, kopecks. */
  total: number
}

/**
 * Lines that add up to exactly `amountKopecks`, prorated over `basketLines`; undefined when the
 * amount is not a positive whole number of kopecks or is more than the basket holds.
 */
export function fiscalLinesFor(basketLines: readonly FiscalSourceLine[], amountKopecks: number): FiscalizationItem[] | undefined {
  if (!Number.isSafeInteger(amountKopecks) || amountKopecks <= 0) return undefined
  const shares = prorate(basketLines.map((line) => BigInt(line.total)), BigInt(amountKopecks))
  if (!shares) return undefined
  return basketLines.flatMap((line, index) => (shares[index] > 0n ? linesOfShare(line, shares[index]) : []))
}

/** Largest-remainder split of `amount` in proportion to `totals`; undefined when it exceeds their sum. */
function prorate(totals: readonly bigint[], amount: bigint): bigint[] | undefined {
  const whole = totals.reduce((sum, total) => sum + total, 0n)
  if (whole <= 0n || amount > whole || totals.some((total) => total < 0n)) return undefined
  return largestRemainderParts(totals.map((total) => total * amount), whole, amount)
}

/** One line, or two when the share does not divide by the quantity (see the header). */
function linesOfShare(line: FiscalSourceLine, share: bigint): FiscalizationItem[] {
  return unitPriceSplit(line.qty, share).map(({ qty, sum }) => ({
    name: line.name,
    qty,
    sum,
    code: line.code,
    ...(line.tax?.length ? { tax: [...line.tax] } : {}),
    ...(line.uktzed ? { uktzed: line.uktzed } : {}),
  }))
}

/**
 * Receipt lines for `amountMinor` of the invoice that `data` (payment data) describes, when the
 * invoice was sent with a basket: the store sends the basket (`fiscalBasket`), the data holds the
 * cart's lines and they add up to the invoice amount. Otherwise undefined: no items, as the
 * invoice had none.
 */
export function fiscalItemsFor(
  fiscalBasket: boolean,
  data: { amount: number; ccy: number; [key: string]: unknown },
  amountMinor: number
): FiscalizationItem[] | undefined {
  if (!fiscalBasket) return undefined
  const lines = readBasketLines(data[BASKET_DATA_KEY])
  const basket = lines && buildBasketOrder(lines, data.amount, data.ccy)
  return basket && fiscalLinesFor(basket, amountMinor)
}
