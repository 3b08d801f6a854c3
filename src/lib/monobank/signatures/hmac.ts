/**
 * Installments signatures: `signature` = Base64(HMAC-SHA256(raw body bytes, store secret)), on our
 * requests and on the bank's callbacks alike.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

function bytesOf(body: Buffer | string): Buffer {
  return typeof body === "string" ? Buffer.from(body, "utf8") : body
}

export function signInstallmentsBody(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(bytesOf(rawBody)).digest("base64")
}

/** Constant-time check of a callback's `signature` header; false (never throws) on garbage. */
export function verifyInstallmentsSignature(
  rawBody: Buffer | string,
  signature: string | undefined | null,
  secret: string
): boolean {
  try {
    if (typeof signature !== "string" || typeof secret !== "string" || secret === "") return false
    const expected = Buffer.from(signInstallmentsBody(rawBody, secret), "utf8")
    const given = Buffer.from(signature.trim(), "utf8")
    return given.length === expected.length && timingSafeEqual(given, expected)
  } catch {
    return false
  }
}
