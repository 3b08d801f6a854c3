/**
 * Webhook signing key: ECDSA P-256. `/api/merchant/pubkey` serves base64 of the PEM SPKI public
 * key; `X-Sign` is base64 of the DER signature over SHA-256 of the exact body bytes.
 */
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto"

export class WebhookKeys {
  private privateKey!: KeyObject
  private publicKeyBase64!: string

  constructor() {
    this.rotate()
  }

  rotate(): string {
    const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
    this.privateKey = pair.privateKey
    const pem = pair.publicKey.export({ type: "spki", format: "pem" }).toString()
    this.publicKeyBase64 = Buffer.from(pem, "utf8").toString("base64")
    return this.publicKeyBase64
  }

  publicKey(): string {
    return this.publicKeyBase64
  }

  sign(body: string): string {
    return sign("sha256", Buffer.from(body, "utf8"), { key: this.privateKey, dsaEncoding: "der" }).toString("base64")
  }
}
