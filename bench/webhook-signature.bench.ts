/**
 * Webhook verification cost against the floor: Node's own `crypto.verify` with a pre-parsed key.
 * - cached verifier (what the provider uses per webhook) should stay close to 1.0x;
 * - verifyEcdsaSignature parses the PEM key on every call (the plain function), shown for contrast.
 */
import { createSign, generateKeyPairSync, verify } from "node:crypto"
import { createWebhookVerifier, parsePublicKey, verifyEcdsaSignature } from "../src/lib/monobank"
import { compare } from "./measure"

export async function run() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  const publicKeyBase64 = Buffer.from(publicKey.export({ type: "spki", format: "pem" }) as string).toString("base64")
  const body = Buffer.from(
    JSON.stringify({
      invoiceId: "p2_9ZgpZVsl3",
      status: "success",
      amount: 123456,
      ccy: 980,
      finalAmount: 123456,
      createdDate: "2026-11-22T08:00:00Z",
      modifiedDate: "2026-11-22T08:01:00Z",
      reference: "payses_01JZXYZ",
      paymentInfo: { maskedPan: "424242******4242", approvalCode: "662476", rrn: "060189181768", terminal: "MI001088", paymentSystem: "visa", paymentMethod: "pan" },
    })
  )
  const signer = createSign("sha256")
  signer.update(body)
  const xSign = signer.sign(privateKey).toString("base64")
  const signature = Buffer.from(xSign, "base64")
  const keyObject = parsePublicKey(publicKeyBase64)
  const verifier = createWebhookVerifier({ fetchPublicKey: async () => publicKeyBase64 })
  await verifier.verify(body, xSign)

  return compare(
    "Webhook signature verification (ECDSA P-256)",
    { name: "crypto.verify, pre-parsed key (baseline)", fn: () => verify("sha256", body, keyObject, signature) },
    [
      { name: "createWebhookVerifier().verify (cached key)", fn: () => verifier.verify(body, xSign) },
      { name: "verifyEcdsaSignature (parses key each call)", fn: () => verifyEcdsaSignature(body, xSign, publicKeyBase64) },
    ]
  )
}
