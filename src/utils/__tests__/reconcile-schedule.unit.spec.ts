import {
  CARD_HOLD_LIFE_MS,
  invoiceValidUntil,
  isDueForSync,
  LONGEST_RECONCILE_WINDOW_MS,
  MIN_RECHECK_MS,
  nextReadAt,
  RECONCILE_READS_PER_RUN,
  RECONCILE_RUNS_PER_HOUR,
  reconcileWindowMs,
} from "../reconcile-schedule"
import {
  emptySummary,
  isDueSession,
  readMarkOf,
  reconcileDueSessions,
  sessionDueAt,
  type DueSession,
  type SessionReconcileResult,
  type SessionSchedule,
} from "../session-reconcile"

const now = new Date("2026-11-22T12:00:00Z")
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const DAY_SECONDS = DAY / 1000

/** Reads a job running every 5 minutes makes of one never-settled thing over `windowMs`. */
function readsOverWindow(windowMs: number): number[] {
  const created = now.getTime() - windowMs - DAY
  let lastChecked: number | null = null
  const reads: number[] = []
  for (let t = created; t <= now.getTime(); t += 5 * MINUTE) {
    const candidate = { created_at: new Date(created), last_checked_at: lastChecked === null ? null : new Date(lastChecked) }
    if (isDueForSync(candidate, new Date(t), windowMs)) {
      reads.push(t - created)
      lastChecked = t
    }
  }
  return reads
}

const CARD: SessionSchedule = { readMarkKey: "lastReconciledAt", bankRefKey: "invoiceId", validUntilKey: "validUntil" }
const INSTALLMENTS: SessionSchedule = { readMarkKey: "checked_at", bankRefKey: "order_id" }

describe("the reconcile schedule shared by mono checkout, card and installment sessions", () => {
  const window = LONGEST_RECONCILE_WINDOW_MS

  it("reads something never read, and never twice within four minutes", () => {
    expect(isDueForSync({ created_at: ago(MINUTE) }, now, window)).toBe(true)
    expect(isDueForSync({ created_at: ago(10 * MINUTE), last_checked_at: ago(MIN_RECHECK_MS - 1) }, now, window)).toBe(false)
    expect(isDueForSync({ created_at: ago(10 * MINUTE), last_checked_at: ago(MIN_RECHECK_MS) }, now, window)).toBe(true)
  })

  it("waits a tenth of the age between reads once that is longer: a 2-day-old session every 4.8 hours", () => {
    expect(isDueForSync({ created_at: ago(2 * DAY), last_checked_at: ago(4.7 * HOUR) }, now, window)).toBe(false)
    expect(isDueForSync({ created_at: ago(2 * DAY), last_checked_at: ago(4.8 * HOUR) }, now, window)).toBe(true)
  })

  it("falls due at one instant after each read, the instant the runs order by: the tenth-of-the-age rule solved for the time", () => {
    // Any last read and creation: due exactly when a tenth of the age (at least 4 minutes) has passed since the read.
    for (let i = 1; i < 500; i++) {
      const created = now.getTime() - ((i * 7919) % 997) * HOUR
      const lastRead = created + ((i * 104729) % 1009) * 7 * MINUTE
      const due = nextReadAt({ created_at: new Date(created), last_checked_at: new Date(lastRead) })
      expect(due - lastRead).toBeCloseTo(Math.max(MIN_RECHECK_MS, (due - created) / 10), 3)
      const candidate = { created_at: new Date(created), last_checked_at: new Date(lastRead) }
      expect(isDueForSync(candidate, new Date(due + 1), Infinity)).toBe(true)
      expect(isDueForSync(candidate, new Date(due - 1), Infinity)).toBe(false)
    }
  })

  it("reads only within the window it is given, whatever its last read", () => {
    expect(isDueForSync({ created_at: ago(11 * DAY - 1), last_checked_at: null }, now, 11 * DAY)).toBe(true)
    expect(isDueForSync({ created_at: ago(11 * DAY + 1), last_checked_at: null }, now, 11 * DAY)).toBe(false)
  })

  it("does not let an unreadable read mark stop the reads", () => {
    expect(isDueForSync({ created_at: ago(HOUR), last_checked_at: "not a date" }, now, window)).toBe(true)
  })

  it("costs an abandoned payment a few dozen reads over even the longest window, most of them in its first hours", () => {
    const reads = readsOverWindow(LONGEST_RECONCILE_WINDOW_MS)
    expect(reads.length).toBeGreaterThan(20)
    expect(reads.length).toBeLessThan(100)
    expect(reads.filter((age) => age <= HOUR).length).toBeGreaterThanOrEqual(10)
    expect(Math.max(...reads)).toBeLessThanOrEqual(LONGEST_RECONCILE_WINDOW_MS)
  })

  it("never waits longer between reads than a hold lives, so a hold paid at the last moment is seen before the bank releases it", () => {
    const reads = readsOverWindow(LONGEST_RECONCILE_WINDOW_MS)
    const gaps = reads.slice(1).map((age, i) => age - reads[i])
    expect(Math.max(...gaps)).toBeLessThan(CARD_HOLD_LIFE_MS / 2)
  })
})

describe("how long a session is read: while the bank can still be paid", () => {
  it("is the invoice's validity, at most the bank's 30 days, plus the 9 days a hold lives, plus a day", () => {
    expect(reconcileWindowMs(DAY_SECONDS)).toBe(11 * DAY)
    expect(reconcileWindowMs(30 * DAY_SECONDS)).toBe(40 * DAY)
    expect(reconcileWindowMs(90 * DAY_SECONDS)).toBe(40 * DAY)
    expect(LONGEST_RECONCILE_WINDOW_MS).toBe(40 * DAY)
  })

  it("takes the longest window when the validity sent is unknown", () => {
    for (const unknown of [undefined, null, "86400", -1, 0, Number.NaN, Infinity, { seconds: 60 }]) {
      expect(reconcileWindowMs(unknown)).toBe(LONGEST_RECONCILE_WINDOW_MS)
    }
  })

  it("notes until when an invoice can be paid: its creation plus the validity sent, at most the bank's 30 days", () => {
    expect(invoiceValidUntil(now, DAY_SECONDS)).toBe("2026-11-23T12:00:00.000Z")
    expect(invoiceValidUntil(now, 30 * DAY_SECONDS)).toBe("2026-12-22T12:00:00.000Z")
    expect(invoiceValidUntil(now, 90 * DAY_SECONDS)).toBe("2026-12-22T12:00:00.000Z")
  })

  it("reads a card session on a 30-day invoice on day 39, and one on a 1-day invoice not after day 11", () => {
    const session = (ageDays: number, validitySeconds?: number) => {
      const created = ago(ageDays * DAY)
      return { created_at: created, data: { invoiceId: "inv_1", ...(validitySeconds ? { validUntil: invoiceValidUntil(created, validitySeconds) } : {}) } }
    }
    expect(isDueSession(session(39, 30 * DAY_SECONDS), CARD, now)).toBe(true)
    expect(isDueSession(session(40 + 1 / 1440, 30 * DAY_SECONDS), CARD, now)).toBe(false)
    expect(isDueSession(session(11 - 1 / 1440, DAY_SECONDS), CARD, now)).toBe(true)
    expect(isDueSession(session(12, DAY_SECONDS), CARD, now)).toBe(false)
    // A session from before the plugin noted the validity: as long as the bank allows.
    expect(isDueSession(session(39), CARD, now)).toBe(true)
    expect(isDueSession(session(40 + 1 / 1440), CARD, now)).toBe(false)
  })

  it("reads a session whose invoice was replaced later (the amount changed) until that invoice can no longer be paid", () => {
    const created = ago(45 * DAY)
    const replacedOnDay20 = invoiceValidUntil(new Date(created.getTime() + 20 * DAY), 30 * DAY_SECONDS)
    expect(isDueSession({ created_at: created, data: { validUntil: replacedOnDay20 } }, CARD, now)).toBe(true)
  })

  it("reads an installment session as long as the longest window: the bank names no end to its wait for the store", () => {
    expect(isDueSession({ created_at: ago(39 * DAY), data: { order_id: "o1", validUntil: ago(38 * DAY).toISOString() } }, INSTALLMENTS, now)).toBe(true)
    expect(isDueSession({ created_at: ago(40 * DAY + MINUTE), data: { order_id: "o1" } }, INSTALLMENTS, now)).toBe(false)
  })
})

describe("which session is read first", () => {
  it("reads each session by the read time its provider keeps in the session data", () => {
    expect(isDueSession({ created_at: ago(HOUR), data: { checked_at: ago(MINUTE).toISOString() } }, INSTALLMENTS, now)).toBe(false)
    expect(isDueSession({ created_at: ago(HOUR), data: { checked_at: ago(6 * MINUTE).toISOString() } }, INSTALLMENTS, now)).toBe(true)
    expect(isDueSession({ created_at: ago(HOUR), data: null }, INSTALLMENTS, now)).toBe(true)
  })

  it("leaves a new session to its webhook for the first four minutes", () => {
    expect(isDueSession({ created_at: ago(MIN_RECHECK_MS - 1000), data: {} }, CARD, now)).toBe(false)
    expect(isDueSession({ created_at: ago(MIN_RECHECK_MS), data: {} }, CARD, now)).toBe(true)
  })

  it("orders the most overdue first: an old session due for an hour goes before a flood of new ones", () => {
    const flood = Array.from({ length: 1000 }, (_, i) => ({ id: `new_${i}`, created_at: ago(5 * MINUTE + i), data: {} }))
    const old = { id: "old", created_at: ago(20 * DAY), data: { lastReconciledAt: ago(2 * DAY + HOUR).toISOString() } }
    const dueSoon = { id: "later", created_at: ago(20 * DAY), data: { lastReconciledAt: ago(HOUR).toISOString() } }
    const sessions = [...flood, dueSoon, old].filter((s) => isDueSession(s, CARD, now))
    const order = sessions.sort((a, b) => sessionDueAt(a, CARD, now) - sessionDueAt(b, CARD, now)).map((s) => s.id)
    expect(order[0]).toBe("old")
    expect(order).not.toContain("later")
    expect(order).toHaveLength(1001)
  })

  it("trusts a read mark only as the plugin writes it (an ISO instant in UTC, not in the future), as the database query does", () => {
    expect(readMarkOf({ m: "2026-11-22T11:00:00.000Z" }, "m", now)?.toISOString()).toBe("2026-11-22T11:00:00.000Z")
    for (const odd of ["2026-02-31T11:00:00.000Z", "2026-11-22T11:00:00Z", "2026-11-22 11:00:00", "Nov 22 2026", "garbage", 5, null, "2026-11-22T12:00:00.001Z"]) {
      expect(readMarkOf({ m: odd }, "m", now)).toBeUndefined()
    }
    // An unreadable mark counts as no read at all: the session is due as if never read.
    expect(isDueSession({ created_at: ago(HOUR), data: { lastReconciledAt: "2099-01-01T00:00:00.000Z" } }, CARD, now)).toBe(true)
  })
})

describe("how many reads a run may make", () => {
  /** Reads of one card session never paid, over its whole life (its invoice expires, then one read says so). */
  function readsOfAbandonedSession(validityDays: number): number {
    return readsOverWindow(validityDays * DAY).length + 1
  }

  it("keeps up with 1,000 abandoned checkouts a day on 30-day invoices: reads per run × runs per hour ≥ sessions due per hour", () => {
    const newSessionsPerHour = 1000 / 24
    const readsPerHour = RECONCILE_READS_PER_RUN * RECONCILE_RUNS_PER_HOUR
    expect(readsPerHour).toBeGreaterThanOrEqual(newSessionsPerHour * readsOfAbandonedSession(30))
    // ...and with 2,000 a day on the bank's default 24-hour invoices.
    expect(readsPerHour).toBeGreaterThanOrEqual((2000 / 24) * readsOfAbandonedSession(1))
  })

  it("keeps up with the first hour of 300 new checkouts an hour, when reads come every 5 minutes", () => {
    const readsInFirstHour = readsOverWindow(HOUR).filter((age) => age <= HOUR).length
    expect(RECONCILE_READS_PER_RUN * RECONCILE_RUNS_PER_HOUR).toBeGreaterThanOrEqual(300 * readsInFirstHour)
  })
})

describe("one run through the due sessions, page by page", () => {
  /** Due sessions as the database lists them: by due instant, then id, after a cursor. */
  function dueList(count: number) {
    const all: DueSession[] = Array.from({ length: count }, (_, i) => ({
      id: `payses_${String(i).padStart(3, "0")}`,
      provider_id: "pp_monobank_x",
      status: "pending",
      created_at: ago(DAY),
      data: {},
      due_at: now.getTime() - HOUR + i * MINUTE,
    })) as DueSession[]
    const pages: number[] = []
    const listPage = async (after: DueSession | undefined, limit: number) => {
      pages.push(limit)
      const rest = after ? all.filter((s) => s.due_at > after.due_at || (s.due_at === after.due_at && s.id > after.id)) : all
      return rest.slice(0, limit)
    }
    return { all, pages, listPage }
  }

  it("reads at most its budget of sessions, the most overdue first", async () => {
    const { listPage } = dueList(10)
    const seen: string[] = []
    const summary = await reconcileDueSessions(listPage, async (s) => (seen.push(s.id), { kind: "waiting" }), 4)
    expect(seen).toEqual(["payses_000", "payses_001", "payses_002", "payses_003"])
    expect(summary).toEqual({ ...emptySummary(), checked: 4, waiting: 4 })
  })

  it("does not let sessions it skips (another server reads them) use up the run: it goes on with the next due ones", async () => {
    const { listPage } = dueList(10)
    const seen: string[] = []
    const skip = new Set(["payses_000", "payses_001"])
    const summary = await reconcileDueSessions(listPage, async (s) => (seen.push(s.id), skip.has(s.id) ? { kind: "skipped" } : { kind: "waiting" }), 3)
    expect(seen).toEqual(["payses_000", "payses_001", "payses_002", "payses_003", "payses_004"])
    expect(summary).toEqual({ ...emptySummary(), checked: 3, waiting: 3, skipped: 2 })
  })

  it("looks at no more than twice its budget in one run, however many it skips", async () => {
    const { listPage, pages } = dueList(100)
    const seen: string[] = []
    await reconcileDueSessions(listPage, async (s) => (seen.push(s.id), { kind: "skipped" }), 5)
    expect(seen.length).toBeLessThanOrEqual(10)
    expect(pages.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10)
  })

  it("stops at the first read the bank does not answer", async () => {
    const { listPage } = dueList(10)
    const seen: string[] = []
    const summary = await reconcileDueSessions(
      listPage,
      async (s) => (seen.push(s.id), s.id === "payses_001" ? { kind: "bank_unavailable", message: "timeout" } : { kind: "waiting" }),
      5
    )
    expect(seen).toEqual(["payses_000", "payses_001"])
    expect(summary).toEqual({ ...emptySummary(), checked: 2, waiting: 1, bank_unavailable: 1 })
  })
})
