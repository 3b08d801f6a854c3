/**
 * Retry policy as data. An endpoint is either
 * - `idempotent`: repeating it cannot change anything twice (reads; installments create is keyed by
 *   store_order_id), so network errors, timeouts, 5xx and 429 are retried with backoff; or
 * - `unsafe`: repeating it could create a second invoice, refund or charge, so it is repeated only
 *   when the failure proves the request never left this process (connection refused, DNS failure,
 *   connect timeout). Anything else is surfaced with `outcomeUnknown` for the caller to resolve.
 */
import { stripUndefined } from "./objects"

export type RetryClass = "idempotent" | "unsafe"

export const ENDPOINT_POLICIES = {
  // acquiring
  "POST /api/merchant/invoice/create": "unsafe",
  "GET /api/merchant/invoice/status": "idempotent",
  "GET /api/merchant/invoice/fiscal-checks": "idempotent",
  "GET /api/merchant/invoice/receipt": "idempotent",
  "POST /api/merchant/invoice/cancel": "unsafe",
  "POST /api/merchant/invoice/remove": "unsafe",
  "POST /api/merchant/invoice/finalize": "unsafe",
  "POST /api/merchant/invoice/payment-direct": "unsafe",
  "POST /api/merchant/invoice/sync-payment": "unsafe",
  "POST /api/merchant/wallet/payment": "unsafe",
  "GET /api/merchant/wallet": "idempotent",
  "DELETE /api/merchant/wallet/card": "unsafe",
  "GET /api/merchant/qr/details": "idempotent",
  "GET /api/merchant/qr/list": "idempotent",
  "POST /api/merchant/qr/reset-amount": "unsafe",
  "GET /api/merchant/details": "idempotent",
  "GET /api/merchant/submerchant/list": "idempotent",
  "GET /api/merchant/employee/list": "idempotent",
  "GET /api/merchant/pubkey": "idempotent",
  "GET /api/merchant/statement": "idempotent",
  // installments
  "POST /api/order/create": "idempotent",
  "POST /api/order/state": "idempotent",
  "POST /api/order/check/paid": "idempotent",
  "POST /api/order/data": "idempotent",
  "POST /api/order/confirm": "unsafe",
  "POST /api/order/reject": "unsafe",
  "POST /api/order/return": "unsafe",
  // checkout
  "POST /personal/checkout/order": "unsafe",
  "GET /personal/checkout/order/{order_id}": "idempotent",
  "GET /personal/checkout/signature/public/key": "idempotent",
} as const satisfies Record<string, RetryClass>

export type EndpointKey = keyof typeof ENDPOINT_POLICIES

export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>

export type RetryOptions = {
  /** Attempts in total, first one included. */
  maxAttempts: number
  baseDelayMs: number
  /** Cap of one backoff step before jitter. */
  maxDelayMs: number
  /** Give up instead of waiting when the waits so far plus the next one would exceed this. */
  maxTotalDelayMs: number
  sleep: SleepFn
  /** Returns [0, 1); injected in tests to make jitter deterministic. */
  random: () => number
}

export const defaultSleep: SleepFn = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort)
      resolve()
    }, ms)
    signal?.addEventListener("abort", onAbort, { once: true })
  })

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxTotalDelayMs: 15_000,
  sleep: defaultSleep,
  random: Math.random,
}

export function resolveRetryOptions(options?: Partial<RetryOptions>): RetryOptions {
  const resolved = { ...DEFAULT_RETRY_OPTIONS, ...stripUndefined(options ?? {}) }
  if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
    throw new TypeError("retry.maxAttempts must be an integer >= 1")
  }
  for (const key of ["baseDelayMs", "maxDelayMs", "maxTotalDelayMs"] as const) {
    if (!Number.isFinite(resolved[key]) || resolved[key] < 0) {
      throw new TypeError(`retry.${key} must be a non-negative number`)
    }
  }
  return resolved
}

export type AttemptFailure =
  | { type: "response"; status: number; retryAfterMs?: number }
  | { type: "network" | "timeout"; neverSent: boolean }

export function isRetryable(policy: RetryClass, failure: AttemptFailure): boolean {
  if (failure.type === "response") {
    return policy === "idempotent" && (failure.status >= 500 || failure.status === 429)
  }
  return policy === "idempotent" || failure.neverSent
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, base * 2^(n-1))]. */
export function backoffDelayMs(failedAttempts: number, options: RetryOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failedAttempts - 1))
  return Math.floor(options.random() * ceiling)
}

/** `Retry-After` as delta-seconds or HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfterMs(
  value: string | undefined | null,
  nowMs = Date.now()
): number | undefined {
  if (value === undefined || value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (!/[a-z]/i.test(text)) return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - nowMs)
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false }

/** What to do after attempt number `failedAttempts` failed, given the waits already spent. */
export function planRetry(input: {
  policy: RetryClass
  failure: AttemptFailure
  failedAttempts: number
  delaySpentMs: number
  options: RetryOptions
}): RetryDecision {
  const { policy, failure, failedAttempts, delaySpentMs, options } = input
  if (!isRetryable(policy, failure) || failedAttempts >= options.maxAttempts) return { retry: false }
  const retryAfterMs = failure.type === "response" ? failure.retryAfterMs : undefined
  const delayMs = retryAfterMs ?? backoffDelayMs(failedAttempts, options)
  if (delaySpentMs + delayMs > options.maxTotalDelayMs) return { retry: false }
  return { retry: true, delayMs }
}
