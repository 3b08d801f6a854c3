/**
 * Verifies acquiring webhooks with a cached bank key. The key is fetched lazily on first use and
 * refetched only when a signature fails (the bank may have rotated it). Refetches are shared by
 * concurrent failures and limited to one per `minRefreshIntervalMs`, so forged webhooks cannot
 * make us hammer `/api/merchant/pubkey`.
 */
import type { KeyObject } from "node:crypto"
import { parsePublicKey, verifyEcdsaSignature } from "./ecdsa"

export type WebhookVerifierOptions = {
  /** The bank's key (base64 of PEM), e.g. `async () => (await acquiring.getPublicKey()).key`. */
  fetchPublicKey: () => Promise<string>
  minRefreshIntervalMs?: number
  now?: () => number
}

export type WebhookVerifier = {
  /** Resolves true/false; rejects only when the key cannot be fetched or parsed. */
  verify(rawBody: Buffer | string, xSign: string | undefined | null): Promise<boolean>
}

export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  const minRefreshIntervalMs = options.minRefreshIntervalMs ?? 60_000
  const now = options.now ?? Date.now
  let current: KeyObject | undefined
  let inFlight: Promise<KeyObject> | undefined
  let lastFetchAt = Number.NEGATIVE_INFINITY

  function refresh(): Promise<KeyObject> {
    if (!inFlight) {
      lastFetchAt = now()
      inFlight = options
        .fetchPublicKey()
        .then((text) => (current = parsePublicKey(text)))
        .finally(() => {
          inFlight = undefined
        })
    }
    return inFlight
  }

  /** The key to try after `used` failed, or undefined when no other key may be had right now. */
  async function nextKey(used: KeyObject): Promise<KeyObject | undefined> {
    if (inFlight) return inFlight
    if (current && current !== used) return current
    if (now() - lastFetchAt >= minRefreshIntervalMs) return refresh()
    return undefined
  }

  return {
    async verify(rawBody, xSign) {
      if (typeof xSign !== "string" || xSign.trim() === "") return false
      const key = current ?? (await refresh())
      if (verifyEcdsaSignature(rawBody, xSign, key)) return true
      const next = await nextKey(key)
      return next !== undefined && next !== key && verifyEcdsaSignature(rawBody, xSign, next)
    },
  }
}
