/**
 * The bank wants the shopper's "financial" phone (the one of their monobank app) as +380XXXXXXXXX.
 * Shoppers type it in many ways; we accept the common Ukrainian spellings and nothing else.
 */

/** Separators people type inside phone numbers. */
const SEPARATORS = /[\s\-().\u00a0\u2010-\u2015]/g
const MAX_INPUT_LENGTH = 40

export type PhoneResult = { ok: true; phone: string } | { ok: false; reason: "empty" | "not_ukrainian" }

/**
 * "+380 (50) 123-45-67", "380501234567", "0501234567", "80501234567", "00380501234567" ->
 * "+380501234567". Anything that is not a Ukrainian number of 9 national digits is refused.
 */
export function normalizeUkrainianPhone(input: unknown): PhoneResult {
  if (typeof input !== "string" && typeof input !== "number") return { ok: false, reason: "empty" }
  const text = String(input).trim()
  if (text === "") return { ok: false, reason: "empty" }
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, reason: "not_ukrainian" }
  const compact = text.replace(SEPARATORS, "")
  const match = /^(?:\+380|00380|380|80|0)(\d{9})$/.exec(compact)
  if (!match) return { ok: false, reason: "not_ukrainian" }
  return { ok: true, phone: `+380${match[1]}` }
}

/** "+380501234567" -> "+38050***4567": enough for the shopper to recognise, not to re-identify. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return "***"
  return `${phone.slice(0, 6)}***${phone.slice(-4)}`
}
