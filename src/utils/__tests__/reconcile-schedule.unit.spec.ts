import { isDueForSync, MIN_RECHECK_MS, RECONCILE_WINDOW_MS, reconcileWindowStart } from "../reconcile-schedule"
import { emptySummary, isDueSession, reconcileEach, type SessionReconcileResult } from "../session-reconcile"

const now = new Date("2026-11-22T12:00:00Z")
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Reads a job running every 5 minutes makes of one never-settled thing over its whole window. */
function readsOverWindow(): number[] {
  const created = now.getTime() - RECONCILE_WINDOW_MS - DAY
  let lastChecked: number | null = null
  const reads: number[] = []
  for (let t = created; t <= now.getTime(); t += 5 * MINUTE) {
    if (isDueForSync({ created_at: new Date(created), last_checked_at: lastChecked === null ? null : new Date(lastChecked) }, new Date(t))) {
      reads.push(t - created)
      lastChecked = t
    }
  }
  return reads
}

describe("the reconcile schedule shared by mono checkout, card and installment sessions", () => {
  it("reads something never read, and never twice within four minutes", () => {
    expect(isDueForSync({ created_at: ago(MINUTE) }, now)).toBe(true)
    expect(isDueForSync({ created_at: ago(10 * MINUTE), last_checked_at: ago(MIN_RECHECK_MS - 1) }, now)).toBe(false)
    expect(isDueForSync({ created_at: ago(10 * MINUTE), last_checked_at: ago(MIN_RECHECK_MS) }, now)).toBe(true)
  })

  it("waits a tenth of the age between reads once that is longer: a 2-day-old session every 4.8 hours", () => {
    expect(isDueForSync({ created_at: ago(2 * DAY), last_checked_at: ago(4.7 * HOUR) }, now)).toBe(false)
    expect(isDueForSync({ created_at: ago(2 * DAY), last_checked_at: ago(4.8 * HOUR) }, now)).toBe(true)
  })

  it("never reads anything older than 11 days, whatever its last read", () => {
    expect(RECONCILE_WINDOW_MS).toBe(11 * DAY)
    expect(isDueForSync({ created_at: ago(RECONCILE_WINDOW_MS + 1), last_checked_at: null }, now)).toBe(false)
    expect(reconcileWindowStart(now).getTime()).toBe(now.getTime() - RECONCILE_WINDOW_MS)
  })

  it("does not let an unreadable read mark stop the reads", () => {
    expect(isDueForSync({ created_at: ago(HOUR), last_checked_at: "not a date" }, now)).toBe(true)
  })

  it("costs an abandoned payment a few dozen reads over its life, most of them in its first hours", () => {
    const reads = readsOverWindow()
    expect(reads.length).toBeGreaterThan(20)
    expect(reads.length).toBeLessThan(100)
    expect(reads.filter((age) => age <= HOUR).length).toBeGreaterThanOrEqual(10)
    expect(Math.max(...reads)).toBeLessThanOrEqual(RECONCILE_WINDOW_MS)
  })

  it("reads each session by the read time its provider keeps in the session data", () => {
    const lastCheckedOf = (data: Record<string, unknown> | null | undefined) => data?.checked_at as string | undefined
    expect(isDueSession({ created_at: ago(HOUR), data: { checked_at: ago(MINUTE).toISOString() } }, { lastCheckedOf }, now)).toBe(false)
    expect(isDueSession({ created_at: ago(HOUR), data: { checked_at: ago(6 * MINUTE).toISOString() } }, { lastCheckedOf }, now)).toBe(true)
    expect(isDueSession({ created_at: ago(HOUR), data: null }, { lastCheckedOf }, now)).toBe(true)
  })

  it("leaves a new session to its webhook for the first four minutes", () => {
    const lastCheckedOf = () => undefined
    expect(isDueSession({ created_at: ago(MIN_RECHECK_MS - 1000), data: {} }, { lastCheckedOf }, now)).toBe(false)
    expect(isDueSession({ created_at: ago(MIN_RECHECK_MS), data: {} }, { lastCheckedOf }, now)).toBe(true)
  })
})

describe("one reconcile run", () => {
  const sessions = ["payses_1", "payses_2", "payses_3"].map((id) => ({ id, provider_id: "pp_monobank_x", status: "pending", created_at: now, data: {} })) as any[]

  it("stops at the first session the bank does not answer for, and counts what it did", async () => {
    const results: Record<string, SessionReconcileResult> = {
      payses_1: { kind: "completed", medusa_order_id: "order_1" },
      payses_2: { kind: "bank_unavailable", message: "timeout" },
      payses_3: { kind: "waiting" },
    }
    const seen: string[] = []
    const summary = await reconcileEach(sessions, async (s) => {
      seen.push(s.id)
      return results[s.id]
    })
    expect(seen).toEqual(["payses_1", "payses_2"])
    expect(summary).toEqual({ ...emptySummary(), checked: 2, completed: 1, bank_unavailable: 1 })
  })

  it("does not count sessions another server is reading as checked", async () => {
    const summary = await reconcileEach(sessions, async () => ({ kind: "skipped" }))
    expect(summary).toEqual({ ...emptySummary(), skipped: 3 })
  })
})
