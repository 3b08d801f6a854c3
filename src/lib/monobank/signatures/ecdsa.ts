/**
 * Acquiring webhook signatures: `X-Sign` is base64 of a DER (ASN.1) ECDSA signature over the
 * SHA-256 of the exact raw body; the key from `/api/merchant/pubkey` is base64 of a PEM SPKI key.
 */
import { createPublicKey, verify, type KeyObject } from "node:crypto"

const PEM_HEADER = "-----BEGIN"

/** Parses the bank's key (base64 of PEM; a bare PEM is accepted too). Throws on garbage. */
export function parsePublicKey(publicKeyBase64: string): KeyObject {
  const text = publicKeyBase64.trim()
  const pem = text.startsWith(PEM_HEADER) ? text : Buffer.from(text, "base64").toString("utf8")
  if (!pem.includes(PEM_HEADER)) throw new TypeError("public key is not base64 of a PEM key")
  const key = createPublicKey({ key: pem, format: "pem" })
  if (key.asymmetricKeyType !== "ec") throw new TypeError("public key is not an ECDSA key")
  return key
}

/** True only for a valid signature; false (never throws) for anything malformed. */
export function verifyEcdsaSignature(
  rawBody: Buffer | string,
  xSignBase64: string | undefined | null,
  publicKey: string | KeyObject
): boolean {
  try {
    if (typeof xSignBase64 !== "string") return false
    const signature = Buffer.from(xSignBase64.trim(), "base64")
    if (signature.length === 0) return false
    const key = typeof publicKey === "string" ? parsePublicKey(publicKey) : publicKey
    const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody
    return verify("sha256", body, { key, dsaEncoding: "der" }, signature)
  } catch {
    return false
  }
}
