import { DEFAULT_RETRY_OPTIONS } from "../../../lib/monobank"
import { checkoutLockTtlSeconds, PLACEMENT_BUDGET_MS, worstBankCallMs } from "../lock-ttl"

describe("the mono checkout cart lock", () => {
  it.each([
    ["the default 30 s client timeout", undefined, 30_000],
    ["a store's 60 s client timeout", 60_000, 60_000],
    ["a 5 s client timeout", 5_000, 5_000],
  ])("outlives every attempt of the bank read timing out, every retry wait and placing the order, with %s", (_name, configured, timeoutMs) => {
    const worstMs = DEFAULT_RETRY_OPTIONS.maxAttempts * timeoutMs + DEFAULT_RETRY_OPTIONS.maxTotalDelayMs + PLACEMENT_BUDGET_MS
    expect(checkoutLockTtlSeconds(configured) * 1000).toBeGreaterThanOrEqual(worstMs)
  })

  it("is longer than the 120 s it used to be once the default read alone can take 105 s", () => {
    expect(worstBankCallMs()).toBe(105_000)
    expect(checkoutLockTtlSeconds()).toBeGreaterThan(120)
  })

  it("follows the retries it is given", () => {
    expect(worstBankCallMs(10_000, { maxAttempts: 1, maxTotalDelayMs: 0 })).toBe(10_000)
    expect(checkoutLockTtlSeconds(10_000, { maxAttempts: 1, maxTotalDelayMs: 0 })).toBe(70)
  })
})
