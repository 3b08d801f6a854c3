/**
 * Google Pay ECv2 signature check: the intermediate signing key is signed by one of Google's root
 * keys (from the options, never fetched), and the message by the intermediate key, for this
 * merchant as recipient. The decryption library does not check signatures, so this does; it only
 * verifies ECDSA signatures with node's crypto over the byte layout Google documents.
 */
import { createPublicKey, verify, type KeyObject } from "node:crypto"
import type { GooglePayOptions } from "../../../utils/acquiring/wallet-options"

const SENDER_ID = "Google"
export const GOOGLE_PROTOCOL_VERSION = "ECv2"

/** 4-byte little-endian length, then the UTF-8 bytes, for each part. */
export function lengthPrefixed(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, "utf8")
      const length = Buffer.alloc(4)
      length.writeUInt32LE(bytes.length)
      return [length, bytes]
    })
  )
}

export const intermediateKeySignedBytes = (signedKey: string) => lengthPrefixed(SENDER_ID, GOOGLE_PROTOCOL_VERSION, signedKey)

export const messageSignedBytes = (merchantId: string, signedMessage: string) =>
  lengthPrefixed(SENDER_ID, `merchant:${merchantId}`, GOOGLE_PROTOCOL_VERSION, signedMessage)

function spkiKey(base64: string): KeyObject | undefined {
  try {
    return createPublicKey({ key: Buffer.from(base64, "base64"), format: "der", type: "spki" })
  } catch {
    return undefined
  }
}

function verifies(key: KeyObject, data: Buffer, signatureBase64: string): boolean {
  try {
    return verify("sha256", data, { key, dsaEncoding: "der" }, Buffer.from(signatureBase64, "base64"))
  } catch {
    return false
  }
}

const notExpired = (expiration: string, now: number) => Number(expiration) > now

export type SignedGoogleToken = {
  signature: string
  intermediateSigningKey: { signedKey: string; signatures: string[] }
  signedMessage: string
}

export type SignatureProblem = "not-signed-by-google" | "signing-key-expired" | "not-for-this-merchant"

/** undefined when the token is Google's, for this merchant; else what is wrong. */
export function checkGoogleSignatures(token: SignedGoogleToken, options: GooglePayOptions, now = Date.now()): SignatureProblem | undefined {
  const roots = options.rootSigningKeys
    .filter((root) => root.protocolVersion === GOOGLE_PROTOCOL_VERSION && notExpired(root.keyExpiration, now))
    .map((root) => spkiKey(root.keyValue))
    .filter((key): key is KeyObject => key !== undefined)
  const { signedKey, signatures } = token.intermediateSigningKey
  const signedKeyBytes = intermediateKeySignedBytes(signedKey)
  const rootSigned = roots.some((root) => signatures.some((signature) => verifies(root, signedKeyBytes, signature)))
  if (!rootSigned) return "not-signed-by-google"

  let intermediate: { keyValue?: unknown; keyExpiration?: unknown }
  try {
    intermediate = JSON.parse(signedKey) as typeof intermediate
  } catch {
    return "not-signed-by-google"
  }
  const key = typeof intermediate.keyValue === "string" ? spkiKey(intermediate.keyValue) : undefined
  if (key === undefined || typeof intermediate.keyExpiration !== "string") return "not-signed-by-google"
  if (!notExpired(intermediate.keyExpiration, now)) return "signing-key-expired"
  if (!verifies(key, messageSignedBytes(options.merchantId, token.signedMessage), token.signature)) return "not-for-this-merchant"
  return undefined
}
