/**
 * Installments and checkout carry hryvnia as decimal numbers (2499.99). Arithmetic on them is done
 * in integer kopecks, converted through the decimal text, never by multiplying the float by 100.
 */

const HRYVNIA_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/

/** True for a non-negative number written with at most 2 decimals. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && HRYVNIA_TEXT.test(String(value))
}

export function hryvniaToKopecks(value: number): number {
  const match = HRYVNIA_TEXT.exec(String(value))
  if (!match) throw new RangeError(`${value} is not a hryvnia amount with at most 2 decimals`)
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
}

export function kopecksToHryvnia(kopecks: number): number {
  const whole = Math.trunc(kopecks / 100)
  const cents = String(kopecks % 100).padStart(2, "0")
  return Number(`${whole}.${cents}`)
}
