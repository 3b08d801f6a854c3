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
 * A delivery that verified is remembered for a short while (a bounded set of hashes of X-Sign and
 * body, nothing secret): the several handlers of one webhook check it once, not once each.
 */
import { createHash, type KeyObject } from "node:crypto"
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
      const delivery = deliveryHash(rawBody, xSign)
      if (verified.has(delivery)) return true
      const valid = await check(rawBody, xSign, Math.min(callOptions.maxWaitMs ?? maxWaitMs, maxWaitMs))
      if (valid) verified.add(delivery)
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

function deliveryHash(rawBody: Buffer | string, xSign: string): string {
  return createHash("sha256").update(xSign).update("\n").update(rawBody).digest("base64")
}

/** A bounded, short-lived set: the oldest entry goes first when full (a Map keeps insertion order). */
function recentlyVerified(maxSize: number, ttlMs: number, now: () => number) {
  const seenAt = new Map<string, number>()
  return {
    has(hash: string): boolean {
      const at = seenAt.get(hash)
      if (at === undefined) return false
      if (now() - at <= ttlMs) return true
      seenAt.delete(hash)
      return false
    },
    add(hash: string): void {
      seenAt.delete(hash)
      seenAt.set(hash, now())
      while (seenAt.size > maxSize) seenAt.delete(seenAt.keys().next().value as string)
    },
  }
}
