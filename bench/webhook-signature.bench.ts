/**
 * Case 1: webhook verification with the cached key (what the provider does per webhook) against
 * Node's own `crypto.verify` with a pre-parsed key. Each call is a new delivery: 2000 distinct
 * signed bodies in turn, more than the verifier remembers, so every call pays the check and the
 * memo's own work on a delivery it has not seen (the memo on, as in the store).
 */
import { createSign, generateKeyPairSync, verify, type KeyObject } from "node:crypto"
import { createWebhookVerifier, parsePublicKey } from "../src/lib/monobank"
import { median, pairedRounds, spread } from "./paired"
import type { ResultRow } from "./results"

const DISTINCT_DELIVERIES = 2_000

function signedDelivery(privateKey: KeyObject, n: number): { body: Buffer; xSign: string; signature: Buffer } {
  const body = Buffer.from(
    JSON.stringify({
      invoiceId: `p2_9ZgpZVsl${n}`,
      status: "success",
      amount: 123456,
      ccy: 980,
      finalAmount: 123456,
      createdDate: "2026-11-22T08:00:00Z",
      modifiedDate: "2026-11-22T08:01:00Z",
      reference: `payses_01JZXYZ${n}`,
      paymentInfo: { maskedPan: "424242******4242", approvalCode: "662476", rrn: "060189181768", terminal: "MI001088", paymentSystem: "visa", paymentMethod: "pan" },
    })
  )
  const signature = createSign("sha256").update(body).sign(privateKey)
  return { body, xSign: signature.toString("base64"), signature }
}

export async function run(): Promise<ResultRow[]> {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  const publicKeyBase64 = Buffer.from(publicKey.export({ type: "spki", format: "pem" }) as string).toString("base64")
  const deliveries = Array.from({ length: DISTINCT_DELIVERIES }, (_, n) => signedDelivery(privateKey, n))
  const keyObject = parsePublicKey(publicKeyBase64)
  const verifier = createWebhookVerifier({ fetchPublicKey: async () => publicKeyBase64 })
  await verifier.verify(deliveries[0].body, deliveries[0].xSign)
  let next = 0
  let nextBaseline = 0

  const r = await pairedRounds(
    () => {
      const { body, xSign } = deliveries[next++ % DISTINCT_DELIVERIES]
      return verifier.verify(body, xSign)
    },
    () => {
      const { body, signature } = deliveries[nextBaseline++ % DISTINCT_DELIVERIES]
      return verify("sha256", body, keyObject, signature)
    },
    { rounds: 10, perRound: 1_500, concurrency: 1, warmup: 1_000 }
  )
  return [
    {
      case: "1. webhook signature (cached key)",
      ours: `${median(r.ours).toFixed(0)} µs CPU/verify`,
      baseline: `${median(r.baseline).toFixed(0)} µs CPU/verify (crypto.verify, pre-parsed key)`,
      ratio: spread(r.ratios),
      n: `${r.operations} + ${r.operations} verifications of ${DISTINCT_DELIVERIES} distinct deliveries, 10 rounds`,
      note: "target ≤ 1.10",
    },
  ]
}
