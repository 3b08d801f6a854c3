/** Installments signature: base64(HMAC-SHA256(raw body bytes, store secret as UTF-8)). */
import { createHmac, timingSafeEqual } from "node:crypto"

export function signBody(body: Buffer | string, secret: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(body).digest("base64")
}

export function signatureMatches(body: Buffer, secret: string, signature: string): boolean {
  const expected = Buffer.from(signBody(body, secret), "utf8")
  const given = Buffer.from(signature, "utf8")
  return expected.length === given.length && timingSafeEqual(expected, given)
}
