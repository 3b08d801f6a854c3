/**
 * mono checkout callbacks carry `X-Sign`: base64 of a DER ECDSA (P-256, SHA-256) signature over the
 * exact raw body, with the key from `GET /personal/checkout/signature/public/key` (the same scheme
 * as acquiring webhooks, another key). The body stays a hint either way (the order is read back
 * from the bank before anything is decided); the signature only says whether the bank sent it.
 */
import {
  createWebhookVerifier,
  KeyRefreshNotYetAllowedError,
  type WebhookVerifier,
  type WebhookVerifierOptions,
} from "../signatures/webhook-verifier"

/**
 * "verified": signed by the bank; "unsigned": no `X-Sign`; "invalid": signed, but not by the bank's
 * key; "unverifiable": it fails with the cached key and the key may not be refetched yet (the bank
 * may have rotated it since, so it may be genuine: ask the bank to call again later).
 */
export type CheckoutCallbackSignature = "verified" | "unsigned" | "invalid" | "unverifiable"

export type CheckoutCallbackVerifier = {
  check(rawBody: Buffer | string, xSign: string | undefined | null): Promise<CheckoutCallbackSignature>
}

/**
 * Verifies with a cached key, fetched on first use and refetched (at most once a minute) when a
 * signature fails, e.g. `createCheckoutCallbackVerifier({ fetchPublicKey: async () => (await checkout.getPublicKey()).key })`.
 * `check` rejects only when the key cannot be fetched or parsed.
 */
export function createCheckoutCallbackVerifier(options: WebhookVerifierOptions): CheckoutCallbackVerifier {
  // An HTTP callback never waits for the next allowed refetch: it is answered at once.
  const verifier: WebhookVerifier = createWebhookVerifier({ maxWaitMs: 0, ...options })
  return {
    async check(rawBody, xSign) {
      if (typeof xSign !== "string" || xSign.trim() === "") return "unsigned"
      try {
        return (await verifier.verify(rawBody, xSign)) ? "verified" : "invalid"
      } catch (error) {
        if (error instanceof KeyRefreshNotYetAllowedError) return "unverifiable"
        throw error
      }
    },
  }
}
