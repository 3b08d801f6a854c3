/**
 * A bank record read tolerantly in one pass. The field helpers of schema-helpers.ts (`looseText`,
 * `nullable`, `codeText`, `tolerantEnumOr`) are zod pipes: a transform per field on every read.
 * `tolerantObject` applies the same readings to all fields in one plain loop and then runs one plain
 * zod object, with the same result and about half the cost on the records every webhook and
 * status poll reads.
 */
import { z } from "zod"

/** How a field helper reads the bank's value before its plain schema checks it. */
export type FieldReading = {
  /** null reads as absent. */
  nullAsAbsent?: boolean
  /** A number reads as its text. */
  numberAsText?: boolean
  /** A string or number outside `known` reads as `fallback`. */
  known?: ReadonlySet<string>
  fallback?: string
  /** The check once the reading is applied (no transform). */
  plain: z.ZodType
}

const readings = new WeakMap<z.ZodType, FieldReading>()

/** Declares how `schema` reads a value, so that `tolerantObject` can read it in its own pass. */
export function registerReading<T extends z.ZodType>(schema: T, reading: FieldReading): T {
  readings.set(schema, reading)
  return schema
}

export function readingOf(schema: z.ZodType): FieldReading | undefined {
  return readings.get(schema)
}

function read(value: unknown, reading: FieldReading): unknown {
  if (value === null) return reading.nullAsAbsent ? undefined : value
  if (typeof value === "number" && reading.numberAsText) return String(value)
  if (reading.known && (typeof value === "string" || typeof value === "number")) {
    const text = String(value)
    return reading.known.has(text) ? text : reading.fallback
  }
  return value
}

/** `z.object(shape)` with the field helpers' readings applied in one pass (unknown fields dropped). */
export function tolerantObject<S extends z.ZodRawShape>(shape: S) {
  const fieldReadings: Array<[string, FieldReading]> = []
  const plainShape: Record<string, z.ZodType> = {}
  for (const [key, schema] of Object.entries(shape)) {
    const reading = readings.get(schema as z.ZodType)
    if (reading) fieldReadings.push([key, reading])
    plainShape[key] = reading ? reading.plain : (schema as z.ZodType)
  }
  const readFields = (value: unknown): unknown => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value
    const record = value as Record<string, unknown>
    let copy: Record<string, unknown> | undefined
    for (const [key, reading] of fieldReadings) {
      const raw = record[key]
      if (raw === undefined) continue
      const next = read(raw, reading)
      if (next !== raw) {
        copy ??= { ...record }
        copy[key] = next
      }
    }
    return copy ?? record
  }
  // Typed as the object of the original shape: the readings produce exactly its output.
  return z.preprocess(readFields, z.object(plainShape) as unknown as z.ZodObject<S>)
}
