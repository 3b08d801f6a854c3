import fc from "fast-check"
import {
  DEFAULT_RETRY_OPTIONS,
  ENDPOINT_POLICIES,
  backoffDelayMs,
  isRetryable,
  parseRetryAfterMs,
  planRetry,
  resolveRetryOptions,
  type RetryOptions,
} from "../retry"

const options = (overrides: Partial<RetryOptions> = {}) => resolveRetryOptions({ random: () => 0.5, ...overrides })

describe("retry policy table", () => {
  it("never retries money-moving calls, retries reads and the keyed installments create", () => {
    const unsafe = Object.entries(ENDPOINT_POLICIES)
      .filter(([, policy]) => policy === "unsafe")
      .map(([endpoint]) => endpoint)
      .sort()
    expect(unsafe).toEqual(
      [
        "POST /api/merchant/invoice/create",
        "POST /api/merchant/invoice/cancel",
        "POST /api/merchant/invoice/remove",
        "POST /api/merchant/invoice/finalize",
        "POST /api/merchant/invoice/payment-direct",
        "POST /api/merchant/invoice/sync-payment",
        "POST /api/merchant/wallet/payment",
        "POST /api/merchant/qr/reset-amount",
        "DELETE /api/merchant/wallet/card",
        "POST /api/order/confirm",
        "POST /api/order/reject",
        "POST /api/order/return",
        "POST /personal/checkout/order",
      ].sort()
    )
    for (const [endpoint, policy] of Object.entries(ENDPOINT_POLICIES)) {
      if (endpoint.startsWith("GET ")) expect(policy).toBe("idempotent")
    }
    expect(ENDPOINT_POLICIES["POST /api/order/create"]).toBe("idempotent")
  })
})

describe("isRetryable", () => {
  it.each([
    ["idempotent", { type: "response", status: 500 }, true],
    ["idempotent", { type: "response", status: 503 }, true],
    ["idempotent", { type: "response", status: 429 }, true],
    ["idempotent", { type: "response", status: 400 }, false],
    ["idempotent", { type: "response", status: 404 }, false],
    ["idempotent", { type: "network", neverSent: false }, true],
    ["idempotent", { type: "timeout", neverSent: false }, true],
    ["unsafe", { type: "response", status: 500 }, false],
    ["unsafe", { type: "response", status: 429 }, false],
    ["unsafe", { type: "network", neverSent: false }, false],
    ["unsafe", { type: "timeout", neverSent: false }, false],
    ["unsafe", { type: "network", neverSent: true }, true],
  ] as const)("%s after %p -> %p", (policy, failure, expected) => {
    expect(isRetryable(policy, failure)).toBe(expected)
  })
})

describe("backoff", () => {
  it("stays within [0, min(maxDelay, base * 2^(n-1))] (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
        const opts = options({ random: () => r })
        const delay = backoffDelayMs(n, opts)
        expect(delay).toBeGreaterThanOrEqual(0)
        expect(delay).toBeLessThanOrEqual(Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (n - 1)))
      })
    )
  })

  it("bounds attempts and the total delay", () => {
    const opts = options({ maxAttempts: 3, maxTotalDelayMs: 1000, random: () => 0.99 })
    const failure = { type: "response", status: 500 } as const
    expect(planRetry({ policy: "idempotent", failure, failedAttempts: 1, delaySpentMs: 0, options: opts })).toEqual({
      retry: true,
      delayMs: 247,
    })
    expect(planRetry({ policy: "idempotent", failure, failedAttempts: 3, delaySpentMs: 0, options: opts })).toEqual({
      retry: false,
    })
    expect(planRetry({ policy: "idempotent", failure, failedAttempts: 2, delaySpentMs: 900, options: opts })).toEqual({
      retry: false,
    })
  })

  it("waits exactly Retry-After when the bank sends it", () => {
    const failure = { type: "response", status: 429, retryAfterMs: 3000 } as const
    expect(planRetry({ policy: "idempotent", failure, failedAttempts: 1, delaySpentMs: 0, options: options() })).toEqual({
      retry: true,
      delayMs: 3000,
    })
  })

  it("rejects nonsensical options", () => {
    expect(() => resolveRetryOptions({ maxAttempts: 0 })).toThrow(/maxAttempts/)
    expect(() => resolveRetryOptions({ baseDelayMs: -1 })).toThrow(/baseDelayMs/)
    expect(resolveRetryOptions({ maxAttempts: undefined }).maxAttempts).toBe(DEFAULT_RETRY_OPTIONS.maxAttempts)
  })
})

describe("parseRetryAfterMs", () => {
  const now = Date.parse("2025-01-01T00:00:00Z")
  it.each([
    ["2", 2000],
    [" 0 ", 0],
    ["Wed, 01 Jan 2025 00:00:05 GMT", 5000],
    ["Tue, 31 Dec 2024 23:59:00 GMT", 0],
    ["soon", undefined],
    ["-1", undefined],
    ["1.5", undefined],
    [undefined, undefined],
  ])("%p -> %p", (header, expected) => {
    expect(parseRetryAfterMs(header, now)).toBe(expected)
  })
})
