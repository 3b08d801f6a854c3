/**
 * Verifies acquiring webhooks with a cached bank key. The key is fetched lazily on first use and
 * refetched when a signature fails (the bank may have rotated it), at most once per
 * `minRefreshIntervalMs` and shared by concurrent failures, so forged webhooks cannot make us
 * hammer `/api/merchant/pubkey`.
 *
 * A failure while the key is younger than that interval does not give up: it waits until a
 * refetch is allowed (a forged webhook that used up the allowance must not cost a genuine one
 * signed with a key rotated meanwhile), refetches once, and checks again only if the key changed.
 *
 * A delivery that verified is remembered for a short while (a bounded map of X-Sign to a copy of
 * the body bytes it signed; the bank's webhooks hold no card data or secrets): the several handlers
 * of one webhook check it once, not once each. Comparing the bytes costs less than hashing them.
 */
import type { KeyObject } from "node:crypto"
import { parsePublicKey, verifyEcdsaSignature } from "./ecdsa"

export type WebhookVerifierOptions = {
  /** The bank's key (base64 of PEM), e.g. `async () => (await acquiring.getPublicKey()).key`. */
  fetchPublicKey: () => Promise<string>
  minRefreshIntervalMs?: number
  /**
   * Longest a failed check waits for the next allowed refetch; beyond it `verify` rejects with
   * `KeyRefreshNotYetAllowedError` so the caller can retry later. Default 30 s.
   */
  maxWaitMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** How many verified deliveries are remembered (default 256; 0: none), and for how long (default 60 s). */
  memoSize?: number
  memoTtlMs?: number
}

export type WebhookVerifier = {
  /**
   * Resolves true/false; rejects when the key cannot be fetched or parsed, or when a refetch is
   * needed but not allowed within `maxWaitMs` (retry later: the webhook may be genuine). A caller
   * that must not wait (an HTTP request being answered) passes its own, shorter `maxWaitMs`.
   */
  verify(rawBody: Buffer | string, xSign: string | undefined | null, options?: { maxWaitMs?: number }): Promise<boolean>
}

export class KeyRefreshNotYetAllowedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the webhook signature does not verify with the cached key and the key may be refetched only in ${retryAfterMs} ms`)
    this.name = "KeyRefreshNotYetAllowedError"
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  const minRefreshIntervalMs = options.minRefreshIntervalMs ?? 60_000
  const maxWaitMs = options.maxWaitMs ?? 30_000
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  let current: KeyObject | undefined
  let currentText: string | undefined
  let inFlight: Promise<KeyObject> | undefined
  let lastFetchAt = Number.NEGATIVE_INFINITY
  const verified = recentlyVerified(options.memoSize ?? 256, options.memoTtlMs ?? 60_000, now)

  /** Fetches the key; `current` is replaced only when the bank serves a different key. */
  function refresh(): Promise<KeyObject> {
    if (!inFlight) {
      lastFetchAt = now()
      inFlight = options
        .fetchPublicKey()
        .then((text) => {
          if (!current || text !== currentText) {
            current = parsePublicKey(text)
            currentText = text
          }
          return current
        })
        .finally(() => {
          inFlight = undefined
        })
    }
    return inFlight
  }

  /** A key other than `used`, after at most one (rate-limited) refetch; undefined when the bank's key is `used`. */
  async function newerKey(used: KeyObject, maxWaitMs: number): Promise<KeyObject | undefined> {
    for (;;) {
      if (current && current !== used) return current
      if (inFlight) {
        const fetched = await inFlight
        return fetched === used ? undefined : fetched
      }
      const waitMs = lastFetchAt + minRefreshIntervalMs - now()
      if (waitMs <= 0) {
        const fetched = await refresh()
        return fetched === used ? undefined : fetched
      }
      if (waitMs > maxWaitMs) throw new KeyRefreshNotYetAllowedError(waitMs)
      await sleep(waitMs)
    }
  }

  return {
    async verify(rawBody, xSign, callOptions = {}) {
      if (typeof xSign !== "string" || xSign.trim() === "") return false
      if (verified.has(xSign, rawBody)) return true
      const valid = await check(rawBody, xSign, Math.min(callOptions.maxWaitMs ?? maxWaitMs, maxWaitMs))
      if (valid) verified.add(xSign, rawBody)
      return valid
    },
  }

  async function check(rawBody: Buffer | string, xSign: string, maxWaitMs: number): Promise<boolean> {
    const cached = current
    const key = cached ?? (await refresh())
    if (verifyEcdsaSignature(rawBody, xSign, key)) return true
    // Fetched for this very check: that is the bank's key now, so the signature is simply wrong.
    if (!cached) return false
    const next = await newerKey(key, maxWaitMs)
    return next !== undefined && verifyEcdsaSignature(rawBody, xSign, next)
  }
}

const bytesOf = (body: Buffer | string): Buffer => (typeof body === "string" ? Buffer.from(body, "utf8") : body)

/**
 * A bounded, short-lived map of signature to the bytes it verified: the oldest entry goes first
 * when full (a Map keeps insertion order). The bytes are copied, so a caller reusing its buffer
 * cannot make a different body pass as verified.
 */
function recentlyVerified(maxSize: number, ttlMs: number, now: () => number) {
  const seen = new Map<string, { body: Buffer; at: number }>()
  return {
    has(xSign: string, body: Buffer | string): boolean {
      const entry = seen.get(xSign)
      if (!entry) return false
      if (now() - entry.at > ttlMs) {
        seen.delete(xSign)
        return false
      }
      return entry.body.equals(bytesOf(body))
    },
    add(xSign: string, body: Buffer | string): void {
      if (maxSize <= 0) return
      seen.delete(xSign)
      seen.set(xSign, { body: Buffer.from(bytesOf(body)), at: now() })
      while (seen.size > maxSize) seen.delete(seen.keys().next().value as string)
    },
  }
}
