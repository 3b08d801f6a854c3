/**
 * The invoice status record read without zod when it has its everyday shape: known status, integer
 * amounts, text fields, at most a `paymentInfo`. Anything else (an unknown status, a refund list,
 * wallet data, a wrong type anywhere) returns undefined and `invoiceStatusRecordSchema` reads it,
 * so the schema stays the one definition of what is accepted; this only skips its cost on the
 * records every status poll reads. The unit tests check both give the same result.
 */
import { invoiceStatusSchema, type InvoiceStatusRecord, type PaymentInfo } from "./records"

const KNOWN_STATUSES = new Set<unknown>(invoiceStatusSchema.options)

/** Fields read as `looseText`: absent, null, text or a number (read as its text). */
const RECORD_TEXT_FIELDS = ["createdDate", "modifiedDate", "reference", "destination"] as const
const PAYMENT_TEXT_FIELDS = [
  "maskedPan",
  "approvalCode",
  "rrn",
  "tranId",
  "terminal",
  "bank",
  "paymentSystem",
  "paymentMethod",
  "country",
] as const
/** Parts the fast path does not read: when present at all, the schema reads the record. */
const SCHEMA_ONLY_FIELDS = ["rawStatus", "cancelList", "walletData", "tipsInfo"] as const

/** Marks a value the fast path does not read; the caller then falls back to the schema. */
const NOT_PLAIN = Symbol("not plain")

type Plain = Record<string, unknown>

function isPlainObject(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function looseText(value: unknown): string | undefined | typeof NOT_PLAIN {
  if (value === undefined || value === null) return undefined
  if (typeof value === "string") return value
  if (typeof value === "number") return String(value)
  return NOT_PLAIN
}

/** Copies `field` read by `readField` into `out` the way the zod object does: a key present in the input stays present. */
function copyField(input: Plain, out: Plain, field: string, readField: (value: unknown) => unknown): boolean {
  if (!(field in input)) return true
  const value = readField(input[field])
  if (value === NOT_PLAIN) return false
  out[field] = value
  return true
}

function optionalInteger(value: unknown): number | undefined | typeof NOT_PLAIN {
  if (value === undefined) return undefined
  return Number.isSafeInteger(value) ? (value as number) : NOT_PLAIN
}

function nullableInteger(value: unknown): number | undefined | typeof NOT_PLAIN {
  return value === null ? undefined : optionalInteger(value)
}

function nullableText(value: unknown): string | undefined | typeof NOT_PLAIN {
  if (value === undefined || value === null) return undefined
  return typeof value === "string" ? value : NOT_PLAIN
}

function nullableCode(value: unknown): string | undefined | typeof NOT_PLAIN {
  if (value === undefined || value === null) return undefined
  if (typeof value === "string") return value
  return typeof value === "number" ? String(value) : NOT_PLAIN
}

function readPaymentInfo(value: unknown): PaymentInfo | undefined | typeof NOT_PLAIN {
  if (value === undefined || value === null) return undefined
  if (!isPlainObject(value)) return NOT_PLAIN
  const out: Plain = {}
  for (const field of PAYMENT_TEXT_FIELDS) if (!copyField(value, out, field, looseText)) return NOT_PLAIN
  if (!copyField(value, out, "fee", optionalInteger)) return NOT_PLAIN
  if (!copyField(value, out, "agentFee", optionalInteger)) return NOT_PLAIN
  return out as PaymentInfo
}

/** The record as `invoiceStatusRecordSchema` reads it, or undefined when only the schema can tell. */
export function readPlainInvoiceStatusRecord(body: unknown): InvoiceStatusRecord | undefined {
  if (!isPlainObject(body)) return undefined
  const { invoiceId, status, amount, ccy } = body
  if (typeof invoiceId !== "string" || !KNOWN_STATUSES.has(status)) return undefined
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(ccy)) return undefined
  for (const field of SCHEMA_ONLY_FIELDS) if (field in body) return undefined
  const out: Plain = { invoiceId, status }
  if (!copyField(body, out, "failureReason", nullableText)) return undefined
  if (!copyField(body, out, "errCode", nullableCode)) return undefined
  out.amount = amount
  out.ccy = ccy
  if (!copyField(body, out, "finalAmount", nullableInteger)) return undefined
  for (const field of RECORD_TEXT_FIELDS) if (!copyField(body, out, field, looseText)) return undefined
  if (!copyField(body, out, "paymentInfo", readPaymentInfo)) return undefined
  return out as InvoiceStatusRecord
}
