/**
 * Amounts between Medusa and the bank, with exact decimal arithmetic (strings and BigInt, no
 * floating point). Acquiring wants integer minor units (kopecks); installments want hryvnia as a
 * JSON number with at most 2 decimals. Medusa amounts arrive as numbers, strings, raw
 * `{ value, precision }` objects or BigNumber instances; all are read here without importing Medusa.
 */

export const CURRENCIES = {
  UAH: { numeric: 980, exponent: 2 },
  USD: { numeric: 840, exponent: 2 },
  EUR: { numeric: 978, exponent: 2 },
  GBP: { numeric: 826, exponent: 2 },
  PLN: { numeric: 985, exponent: 2 },
  CHF: { numeric: 756, exponent: 2 },
  CZK: { numeric: 203, exponent: 2 },
  CAD: { numeric: 124, exponent: 2 },
  SEK: { numeric: 752, exponent: 2 },
  NOK: { numeric: 578, exponent: 2 },
  DKK: { numeric: 208, exponent: 2 },
  MDL: { numeric: 498, exponent: 2 },
  HUF: { numeric: 348, exponent: 2 },
  JPY: { numeric: 392, exponent: 0 },
  KWD: { numeric: 414, exponent: 3 },
} as const satisfies Record<string, { numeric: number; exponent: number }>

/** `ccy` of hryvnia (ISO 4217 numeric), the bank's default currency and the only one installments and checkout take. */
export const UAH_CCY = CURRENCIES.UAH.numeric

export type CurrencyAlphaCode = keyof typeof CURRENCIES

/** A Medusa amount in any of its shapes. */
export type MoneyAmount =
  | number
  | string
  | bigint
  | { value: string | number; precision?: number }
  | { raw: { value: string | number } }
  | { toJSON(): unknown }

const BY_NUMERIC = new Map<number, CurrencyAlphaCode>(
  Object.entries(CURRENCIES).map(([alpha, { numeric }]) => [numeric, alpha as CurrencyAlphaCode])
)

function currencyEntry(currency: string | number) {
  const alpha = typeof currency === "number" ? BY_NUMERIC.get(currency) : currency.trim().toUpperCase()
  if (alpha && Object.hasOwn(CURRENCIES, alpha)) {
    return { alpha: alpha as CurrencyAlphaCode, ...CURRENCIES[alpha as CurrencyAlphaCode] }
  }
  throw new RangeError(`unknown currency ${JSON.stringify(currency)}`)
}

/** `"uah"` -> 980 (ISO 4217 numeric), case-insensitive. */
export function currencyNumericCode(alpha: string): number {
  return currencyEntry(alpha).numeric
}

/** 980 -> `"UAH"`. */
export function currencyAlphaCode(numeric: number): CurrencyAlphaCode {
  return currencyEntry(numeric).alpha
}

/** Number of decimals of the currency's minor unit (UAH 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string | number): number {
  return currencyEntry(currency).exponent
}

export function isSupportedCurrency(currency: string | number): boolean {
  try {
    currencyEntry(currency)
    return true
  } catch {
    return false
  }
}

/** value = (negative ? -1 : 1) * digits * 10^-scale, with no trailing zeros in the fraction. */
type Decimal = { negative: boolean; digits: bigint; scale: number }

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/

function parseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL_TEXT.exec(text.trim())
  if (!match) return undefined
  const [, sign, int = "", frac = "", exp = "0"] = match
  if (int === "" && frac === "") return undefined
  let digits = BigInt(int + frac || "0")
  let scale = frac.length - Number(exp)
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale)
    scale = 0
  }
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n
    scale -= 1
  }
  return { negative: sign === "-" && digits !== 0n, digits, scale }
}

function describeAmount(amount: unknown): string {
  if (typeof amount === "bigint") return amount.toString()
  if (typeof amount === "string") return JSON.stringify(amount)
  if (typeof amount === "number") return String(amount)
  try {
    return JSON.stringify(amount) ?? String(amount)
  } catch {
    return String(amount)
  }
}

/** Reads any `MoneyAmount` into an exact decimal string form, or throws. */
function amountText(amount: unknown, depth = 0): string {
  if (typeof amount === "number") {
    if (!Number.isFinite(amount)) throw new RangeError(`amount ${amount} is not a finite number`)
    return String(amount)
  }
  if (typeof amount === "string") return amount
  if (typeof amount === "bigint") return amount.toString()
  if (amount && typeof amount === "object" && depth < 3) {
    const record = amount as Record<string, unknown>
    const raw = record.raw as Record<string, unknown> | undefined
    if (raw && typeof raw === "object" && "value" in raw) return amountText(raw.value, depth + 1)
    if ("value" in record) return amountText(record.value, depth + 1)
    if (typeof record.toJSON === "function") return amountText(record.toJSON(), depth + 1)
  }
  throw new TypeError(`amount ${describeAmount(amount)} is not a number, numeric string or BigNumber`)
}

function toDecimal(amount: MoneyAmount): Decimal {
  const text = amountText(amount)
  const decimal = parseDecimal(text)
  if (!decimal) throw new RangeError(`amount ${describeAmount(amount)} is not a decimal number`)
  return decimal
}

function scaleTo(decimal: Decimal, exponent: number, amount: MoneyAmount, unit: string): bigint {
  if (decimal.scale > exponent) {
    throw new RangeError(
      `amount ${describeAmount(amount)} has more than ${exponent} decimal places allowed for ${unit}`
    )
  }
  const magnitude = decimal.digits * 10n ** BigInt(exponent - decimal.scale)
  return decimal.negative ? -magnitude : magnitude
}

function toSafeNumber(value: bigint, amount: MoneyAmount, unit: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`amount ${describeAmount(amount)} ${unit} is too large`)
  }
  return Number(value)
}

export type ToMinorUnitsOptions = { allowNegative?: boolean }

/** The amount as an exact decimal with its currency's facts; refuses negatives unless allowed. */
function checkedAmount(amount: MoneyAmount, currency: string | number, options: ToMinorUnitsOptions) {
  const { alpha, exponent } = currencyEntry(currency)
  const decimal = toDecimal(amount)
  if (decimal.negative && !options.allowNegative) {
    throw new RangeError(`amount ${describeAmount(amount)} ${alpha} must not be negative`)
  }
  return { alpha, exponent, decimal }
}

/**
 * 1234.56 UAH -> 123456. Rejects more decimals than the currency has ("10.500" is fine),
 * negatives (unless allowed), NaN/Infinity and unknown currencies.
 */
export function toMinorUnits(
  amount: MoneyAmount,
  currency: string | number,
  options: ToMinorUnitsOptions = {}
): number {
  const { alpha, exponent, decimal } = checkedAmount(amount, currency, options)
  return toSafeNumber(scaleTo(decimal, exponent, amount, alpha), amount, alpha)
}

/** 123456 (UAH) -> "1234.56"; always exactly the currency's number of decimals. */
export function fromMinorUnits(minor: number | bigint | string, currency: string | number): string {
  const { alpha, exponent } = currencyEntry(currency)
  let value: bigint
  if (typeof minor === "bigint") value = minor
  else if (typeof minor === "number" && Number.isSafeInteger(minor)) value = BigInt(minor)
  else if (typeof minor === "string" && /^-?\d+$/.test(minor.trim())) value = BigInt(minor.trim())
  else throw new RangeError(`minor amount ${describeAmount(minor)} ${alpha} is not an integer`)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString()
  if (exponent === 0) return (negative ? "-" : "") + digits
  const padded = digits.padStart(exponent + 1, "0")
  const major = `${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`
  return (negative ? "-" : "") + major
}

const MAX_INSTALLMENT_KOPECKS = 10n ** 15n - 1n

/**
 * Installments `total_sum` / product `sum`: hryvnia as a number with at most 2 decimals
 * (2499.99, not 249999). Rejects negatives and sub-kopeck precision.
 */
export function toInstallmentSum(amount: MoneyAmount): number {
  const decimal = toDecimal(amount)
  if (decimal.negative) throw new RangeError(`amount ${describeAmount(amount)} UAH must not be negative`)
  const kopecks = scaleTo(decimal, 2, amount, "UAH")
  // Doubles keep 15 significant digits through print/parse, so "X.YY" stays "X.YY" on the wire.
  if (kopecks > MAX_INSTALLMENT_KOPECKS) {
    throw new RangeError(`amount ${describeAmount(amount)} UAH is too large`)
  }
  return Number(fromMinorUnits(kopecks, "UAH"))
}

/*
 * ROUNDING RULE, decided here only. Medusa does not round cart totals (10% off 99.99 is 89.991),
 * but the bank takes whole kopecks. Amounts are rounded to the currency's minor unit half-up
 * (a tie goes away from zero: 0.005 -> 0.01), on the exact decimal value. That is what Medusa's
 * own payment module does when it compares amounts (`roundToCurrencyPrecision`, bignumber.js
 * ROUND_HALF_UP) and what its Stripe provider does (`Math.round` in `getSmallestUnit`), so a bank
 * amount made here is exactly what Medusa counts as the whole payment.
 */

/** A non-negative `digits * 10^-scale` in units of 10^-exponent, rounded half-up. */
function roundMagnitude(digits: bigint, scale: number, exponent: number): bigint {
  if (scale <= exponent) return digits * 10n ** BigInt(exponent - scale)
  const divisor = 10n ** BigInt(scale - exponent)
  const quotient = digits / divisor
  return 2n * (digits % divisor) >= divisor ? quotient + 1n : quotient
}

/**
 * 89.991 UAH -> 8999: like `toMinorUnits`, but an amount finer than the minor unit is rounded
 * half-up instead of refused. Use it for what the bank is asked to charge or give back; keep
 * `toMinorUnits` where an amount must already be exact.
 */
export function roundToMinorUnits(
  amount: MoneyAmount,
  currency: string | number,
  options: ToMinorUnitsOptions = {}
): number {
  const { alpha, exponent, decimal } = checkedAmount(amount, currency, options)
  const magnitude = roundMagnitude(decimal.digits, decimal.scale, exponent)
  return toSafeNumber(decimal.negative ? -magnitude : magnitude, amount, alpha)
}

export type AllocatedMinorUnits = { total: number; parts: number[] }

/**
 * `exact[i] / unit` rounded down, then one more unit to the parts that dropped the largest
 * fractions (the earlier part on a tie) until they add up to `target`: largest remainder rounding.
 */
export function largestRemainderParts(exact: readonly bigint[], unit: bigint, target: bigint): bigint[] {
  const parts = exact.map((value) => value / unit)
  let missing = target - parts.reduce((sum, value) => sum + value, 0n)
  const byDroppedFraction = exact
    .map((value, index) => ({ index, dropped: value % unit }))
    .filter(({ dropped }) => dropped > 0n)
    .sort((a, b) => (a.dropped === b.dropped ? a.index - b.index : a.dropped > b.dropped ? -1 : 1))
  for (const { index } of byDroppedFraction) {
    if (missing <= 0n) break
    parts[index] += 1n
    missing -= 1n
  }
  return parts
}

/**
 * Rounds non-negative parts (receipt lines) to minor units so that they add up exactly to their
 * rounded sum (`total`, by the rule above): each part is cut down to whole minor units and the
 * units still missing go to the parts that lost the largest fractions, earlier parts first on a
 * tie. Each part stays within one minor unit of its exact value.
 */
export function allocateMinorUnits(amounts: readonly MoneyAmount[], currency: string | number): AllocatedMinorUnits {
  const { alpha, exponent } = currencyEntry(currency)
  const decimals = amounts.map((amount) => {
    const decimal = toDecimal(amount)
    if (decimal.negative) throw new RangeError(`amount ${describeAmount(amount)} ${alpha} must not be negative`)
    return decimal
  })
  const scale = Math.max(exponent, ...decimals.map((decimal) => decimal.scale))
  const unit = 10n ** BigInt(scale - exponent)
  const exact = decimals.map((decimal) => decimal.digits * 10n ** BigInt(scale - decimal.scale))
  const total = roundMagnitude(exact.reduce((sum, value) => sum + value, 0n), scale, exponent)
  const floors = largestRemainderParts(exact, unit, total)
  return {
    total: toSafeNumber(total, String(total), alpha),
    parts: floors.map((part, index) => toSafeNumber(part, amounts[index], alpha)),
  }
}
