/**
 * Case 1: webhook verification with the cached key (what the provider does per webhook) against
 * Node's own `crypto.verify` with a pre-parsed key. Each call is measured as a new delivery: the
 * verifier's memo of verified deliveries is off (`memoSize: 0`), so the check itself is timed.
 */
import { createSign, generateKeyPairSync, verify } from "node:crypto"
import { createWebhookVerifier, parsePublicKey } from "../src/lib/monobank"
import { median, pairedRounds, spread } from "./paired"
import type { ResultRow } from "./results"

export async function run(): Promise<ResultRow[]> {
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
  const verifier = createWebhookVerifier({ fetchPublicKey: async () => publicKeyBase64, memoSize: 0 })
  await verifier.verify(body, xSign)

  const r = await pairedRounds(
    () => verifier.verify(body, xSign),
    () => verify("sha256", body, keyObject, signature),
    { rounds: 10, perRound: 1_500, concurrency: 1, warmup: 1_000 }
  )
  return [
    {
      case: "1. webhook signature (cached key)",
      ours: `${median(r.ours).toFixed(0)} µs CPU/verify`,
      baseline: `${median(r.baseline).toFixed(0)} µs CPU/verify (crypto.verify, pre-parsed key)`,
      ratio: spread(r.ratios),
      n: `${r.operations} + ${r.operations} verifications, 10 rounds`,
      note: "target ≤ 1.10",
    },
  ]
}
