import { isDueForSync, MIN_RECHECK_MS, RECONCILE_WINDOW_MS } from "../reconcile"

const now = new Date("2026-11-22T12:00:00Z")
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe("which mono checkout orders the scheduled sync re-reads from the bank", () => {
  it("reads an order never read since it was created", () => {
    expect(isDueForSync({ created_at: ago(MINUTE), last_checked_at: null }, now)).toBe(true)
  })

  it("waits at least four minutes between reads of a fresh order", () => {
    expect(isDueForSync({ created_at: ago(10 * MINUTE), last_checked_at: ago(MIN_RECHECK_MS - 1000) }, now)).toBe(false)
    expect(isDueForSync({ created_at: ago(10 * MINUTE), last_checked_at: ago(MIN_RECHECK_MS) }, now)).toBe(true)
  })

  it("reads older orders less often: a 5-day-old order at most every 12 hours", () => {
    expect(isDueForSync({ created_at: ago(5 * DAY), last_checked_at: ago(11 * 60 * MINUTE) }, now)).toBe(false)
    expect(isDueForSync({ created_at: ago(5 * DAY), last_checked_at: ago(12 * 60 * MINUTE) }, now)).toBe(true)
  })

  it("stops once a checkout hold could no longer be open (10 days and a day's margin)", () => {
    expect(isDueForSync({ created_at: ago(RECONCILE_WINDOW_MS - MINUTE), last_checked_at: null }, now)).toBe(true)
    expect(isDueForSync({ created_at: ago(RECONCILE_WINDOW_MS + MINUTE), last_checked_at: null }, now)).toBe(false)
  })

  it("costs an abandoned checkout a bounded number of reads over its whole window", () => {
    const created = now.getTime() - RECONCILE_WINDOW_MS
    let lastChecked: number | null = null
    let reads = 0
    for (let t = created; t <= now.getTime(); t += 5 * MINUTE) {
      if (isDueForSync({ created_at: new Date(created), last_checked_at: lastChecked === null ? null : new Date(lastChecked) }, new Date(t))) {
        reads += 1
        lastChecked = t
      }
    }
    expect(reads).toBeGreaterThan(10)
    expect(reads).toBeLessThan(100)
  })
})
