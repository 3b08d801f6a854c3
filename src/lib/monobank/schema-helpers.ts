/** Small zod building blocks shared by the three APIs' schemas. */
import { z } from "zod"

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
  return z.preprocess((value) => (value === null ? undefined : value), schema.optional())
}

/** A code the bank documents as a string but that may arrive as a number. */
export const codeText = z.union([z.string(), z.number()]).transform(String)

/** Empty JSON object answer (`remove`, `reset-amount`, card delete). */
export const emptyResponseSchema = z.object({})
