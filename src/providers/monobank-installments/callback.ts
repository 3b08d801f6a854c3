/**
 * Checks a bank callback before anything else reads it: the raw body must be UTF-8 and its
 * `signature` header the Base64 HMAC-SHA256 of exactly those bytes with the store secret
 * (constant-time comparison). Only then is the JSON parsed.
 */
import { createHash } from "node:crypto"
import { orderStateInfoSchema, verifyInstallmentsSignature, type OrderStateInfo } from "../../lib/monobank"

export type CallbackRejection = "no_body" | "no_signature" | "not_utf8" | "bad_signature" | "malformed"

export type CallbackCheck = { ok: true; body: OrderStateInfo } | { ok: false; reason: CallbackRejection }

export type CallbackPayload = {
  rawData?: unknown
  headers?: Record<string, unknown>
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

export function checkCallback(payload: CallbackPayload, secret: string): CallbackCheck {
  const raw = rawBytes(payload.rawData)
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

/** Identifies one delivery's content (body and signature), for de-duplication. */
export function callbackKey(payload: CallbackPayload): string {
  const hash = createHash("sha256")
  hash.update(rawBytes(payload.rawData) ?? Buffer.alloc(0))
  hash.update("\n")
  hash.update(headerValue(payload.headers, "signature") ?? "")
  return hash.digest("base64")
}

/** Buffer, string, or a Buffer that went through JSON (`{ type: "Buffer", data: [...] }`). */
function rawBytes(value: unknown): Buffer | undefined {
  if (Buffer.isBuffer(value)) return value
  if (value instanceof Uint8Array) return Buffer.from(value)
  if (typeof value === "string") return Buffer.from(value, "utf8")
  if (value && typeof value === "object") {
    const record = value as { type?: unknown; data?: unknown }
    if (record.type === "Buffer" && Array.isArray(record.data)) return Buffer.from(record.data as number[])
  }
  return undefined
}

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  if (!headers) return undefined
  const value = headers[name] ?? headers[Object.keys(headers).find((key) => key.toLowerCase() === name) ?? ""]
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === "string" && first.trim() !== "" ? first : undefined
}
