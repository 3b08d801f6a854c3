/**
 * Checks a bank callback before anything else reads it: the raw body must be UTF-8 and its
 * `signature` header the Base64 HMAC-SHA256 of exactly those bytes with the store secret
 * (constant-time comparison). Only then is the JSON parsed.
 */
import { headerValue, rawBodyBytes } from "../../utils/raw-body"
import { orderStateInfoSchema, verifyInstallmentsSignature, type OrderStateInfo } from "../../lib/monobank"

export type CallbackRejection = "no_body" | "no_signature" | "not_utf8" | "bad_signature" | "malformed"

export type CallbackCheck = { ok: true; body: OrderStateInfo } | { ok: false; reason: CallbackRejection }

export type CallbackPayload = {
  rawData?: unknown
  headers?: Record<string, unknown>
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

export function checkCallback(payload: CallbackPayload, secret: string): CallbackCheck {
  const raw = rawBodyBytes(payload.rawData)
  if (!raw || raw.length === 0) return { ok: false, reason: "no_body" }
  const signature = headerValue(payload.headers, "signature")
  if (!signature) return { ok: false, reason: "no_signature" }
  let text: string
  try {
    text = utf8.decode(raw)
  } catch {
    return { ok: false, reason: "not_utf8" }
  }
  if (!verifyInstallmentsSignature(raw, signature, secret)) return { ok: false, reason: "bad_signature" }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: "malformed" }
  }
  const parsed = orderStateInfoSchema.safeParse(json)
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, reason: "malformed" }
}

/**
 * The order a callback names, read from its bytes before they are verified: only to choose the
 * secret of the store that made that order. Nothing is decided on it.
 */
export function claimedOrderId(payload: CallbackPayload): string | undefined {
  const raw = rawBodyBytes(payload.rawData)
  if (!raw) return undefined
  try {
    const id = (JSON.parse(utf8.decode(raw)) as { order_id?: unknown })?.order_id
    return typeof id === "string" && id ? id : undefined
  } catch {
    return undefined
  }
}
