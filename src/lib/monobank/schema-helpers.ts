/** Small zod building blocks shared by the three APIs' schemas. */
import { z } from "zod"
import { readingOf, registerReading } from "./tolerant-object"

export const MINOR_UNITS_MESSAGE = "must be a positive integer (minor units)"

/** Integer amount in minor units (kopecks), > 0. */
export const positiveMinorUnits = z
  .number({ error: MINOR_UNITS_MESSAGE })
  .int({ error: MINOR_UNITS_MESSAGE })
  .positive({ error: MINOR_UNITS_MESSAGE })

/** Integer amount in minor units, >= 0 (unit prices, zero-amount verification). */
export const minorUnits = z
  .number({ error: "must be a non-negative integer (minor units)" })
  .int({ error: "must be a non-negative integer (minor units)" })
  .nonnegative({ error: "must be a non-negative integer (minor units)" })

export const currencyCode = z
  .number({ error: "must be an ISO 4217 numeric currency code" })
  .int({ error: "must be an ISO 4217 numeric currency code" })
  .min(1, { error: "must be an ISO 4217 numeric currency code" })
  .max(999, { error: "must be an ISO 4217 numeric currency code" })

export const nonEmptyText = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })

export const positiveInteger = z
  .number({ error: "must be a positive integer" })
  .int({ error: "must be a positive integer" })
  .positive({ error: "must be a positive integer" })

/** True for an absolute http(s) URL; for options whose URL holds a placeholder before it is filled in. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

export const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })

/** Optional field the bank may send as null: null reads as absent. */
export function nullable<T extends z.ZodType>(schema: T) {
  const inner = readingOf(schema)
  return registerReading(z.preprocess((value) => (value === null ? undefined : value), schema.optional()), {
    ...inner,
    nullAsAbsent: true,
    plain: (inner?.plain ?? schema).optional(),
  })
}

/** A code the bank documents as a string but that may arrive as a number. */
export const codeText = registerReading(z.union([z.string(), z.number()]).transform(String), {
  numberAsText: true,
  plain: z.string(),
})

/** Empty JSON object answer (`remove`, `reset-amount`, card delete). */
export const emptyResponseSchema = z.object({})

/** What a tolerant enum reads when the bank sends a value we do not know (yet). */
export const UNKNOWN = "unknown" as const
export type Unknown = typeof UNKNOWN

/**
 * An enum read from the bank: a documented value reads as itself, anything else (a new status, a
 * sub-state outside the published list) as `"unknown"` instead of failing the whole record. The raw
 * value is kept by the record schema next to it (e.g. `rawStatus`) so it can be logged.
 */
export function tolerantEnum<const T extends string>(values: readonly T[]) {
  return tolerantEnumOr(values, UNKNOWN)
}

/** Like `tolerantEnum`, but an unknown value reads as `fallback`, a documented "not final yet" value. */
export function tolerantEnumOr<const T extends string, const F extends string>(values: readonly T[], fallback: F) {
  const known = new Set<string>(values)
  return registerReading(
    z.union([z.string(), z.number()]).transform((value): T | F => (known.has(String(value)) ? (String(value) as T) : fallback)),
    { known, fallback, plain: z.enum([...new Set<string>([...values, fallback])]) }
  )
}

/** Optional text the bank may send as null, a number, or not at all: read as a string or absent. */
export const looseText = registerReading(
  z.preprocess((value) => (value === null ? undefined : typeof value === "number" ? String(value) : value), z.string().optional()),
  { nullAsAbsent: true, numberAsText: true, plain: z.string().optional() }
)

/**
 * Logs an unknown bank value once per process and value (not once per webhook), with the raw
 * value, so a new bank status shows up in the logs without flooding them.
 */
const reportedUnknowns = new Set<string>()
const MAX_REPORTED_UNKNOWNS = 1000

export function reportUnknownValue(
  field: string,
  raw: unknown,
  log: (message: string) => void,
  treatedAs = "treated as pending and read again later"
): void {
  const key = `${field}=${JSON.stringify(raw ?? null)}`
  if (reportedUnknowns.has(key)) return
  if (reportedUnknowns.size >= MAX_REPORTED_UNKNOWNS) reportedUnknowns.clear()
  reportedUnknowns.add(key)
  log(
    `monobank sent ${field} ${JSON.stringify(raw ?? null)}, which this plugin does not know; ` +
      `${treatedAs} (please report it so the mapping can be added)`
  )
}
