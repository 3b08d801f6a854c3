/**
 * The pure settlement decisions: money an order rests on (or may be about to) is never touched, an
 * open session decides for itself, and otherwise the bank's standing says what goes back.
 */
import type { SessionPaymentRow } from "../ledger"
import { paymentOnSession } from "../medusa-sessions"
import { AUTHORIZE_GRACE_MS, decideBeforeBank, decideFromBank, nextCheckAt, type MedusaFacts } from "../settlement"

const NOW = new Date("2026-11-27T12:00:00Z")
const MINUTE = 60_000
const ago = (ms: number) => new Date(NOW.getTime() - ms)

function row(extra: Partial<SessionPaymentRow> = {}): SessionPaymentRow {
  return {
    id: "mbsp_1",
    session_id: "payses_1",
    provider_id: "pp_monobank_monobank",
    kind: "invoice",
    bank_id: "inv_1",
    amount_minor: 50_000,
    ccy: 980,
    charge_state: "sent",
    wallet_id: null,
    card_id: null,
    bank_store_id: null,
    recorded_as: null,
    payment_method: null,
    granted_at: null,
    session_ended_at: null,
    settlement: null,
    settled_at: null,
    next_check_at: null,
    attention: null,
    attention_resolved_at: null,
    bank_record: null,
    bank_record_at: null,
    created_at: ago(60 * MINUTE),
    ...extra,
  }
}

const facts = (extra: Partial<MedusaFacts> = {}): MedusaFacts => ({ row: row(), sessionLive: true, payment: "none", now: NOW, ...extra })

describe("decideBeforeBank", () => {
  it("leaves the money an authorize granted to the order resting on it, however long ago and whatever became of the session", () => {
    for (const sessionLive of [true, false]) {
      const granted = row({ granted_at: ago(30 * 24 * 60 * MINUTE), session_ended_at: ago(MINUTE) })
      expect(decideBeforeBank(facts({ row: granted, sessionLive, payment: "rests" }))).toEqual({ kind: "rests_on_payment" })
    }
  })

  it("looks again after the grace at a payment an authorize made moments ago: the cart completion it belongs to may still roll back", () => {
    const justGranted = row({ granted_at: ago(AUTHORIZE_GRACE_MS - MINUTE), session_ended_at: ago(1) })
    expect(decideBeforeBank(facts({ row: justGranted, sessionLive: false, payment: "rests" }))).toEqual({
      kind: "wait",
      why: expect.stringMatching(/rolled back/),
      until: new Date(NOW.getTime() + MINUTE),
    })
  })

  it("waits while Medusa cannot say whether a payment rests on the session, even for an ended session", () => {
    for (const candidate of [row(), row({ session_ended_at: ago(MINUTE) }), row({ granted_at: ago(60 * MINUTE) })]) {
      expect(decideBeforeBank(facts({ row: candidate, sessionLive: false, payment: "unknown" }))).toMatchObject({ kind: "wait" })
    }
  })

  it("waits within the grace period after an authorize granted the row, although no payment exists yet and the session ended", () => {
    const justGranted = row({ granted_at: ago(AUTHORIZE_GRACE_MS - 1), session_ended_at: ago(1) })
    expect(decideBeforeBank(facts({ row: justGranted, sessionLive: false }))).toMatchObject({ kind: "wait", why: expect.stringMatching(/creating its payment/) })
    const graceOver = row({ granted_at: ago(AUTHORIZE_GRACE_MS + 1), session_ended_at: ago(1) })
    expect(decideBeforeBank(facts({ row: graceOver, sessionLive: false }))).toBe("ask_bank")
  })

  it("leaves a live session's row to the session's own flow", () => {
    expect(decideBeforeBank(facts())).toMatchObject({ kind: "wait", why: expect.stringMatching(/still open/) })
  })

  it("asks the bank once the session ended or Medusa deleted it with no payment on it", () => {
    expect(decideBeforeBank(facts({ row: row({ session_ended_at: ago(MINUTE) }) }))).toBe("ask_bank")
    expect(decideBeforeBank(facts({ sessionLive: false }))).toBe("ask_bank")
  })

  it("gives an orphaned payment (its session deleted, no order holds it) the grace period, then undoes it in Medusa; another row of the session asks the bank", () => {
    const justGranted = row({ granted_at: ago(AUTHORIZE_GRACE_MS - 1), session_ended_at: ago(1) })
    expect(decideBeforeBank(facts({ row: justGranted, sessionLive: false, payment: "orphaned" }))).toMatchObject({ kind: "wait" })
    const graceOver = row({ granted_at: ago(AUTHORIZE_GRACE_MS + 1), session_ended_at: ago(1) })
    expect(decideBeforeBank(facts({ row: graceOver, sessionLive: false, payment: "orphaned" }))).toEqual({ kind: "undo_orphaned_payment" })
    const otherRow = row({ bank_id: "inv_second", session_ended_at: ago(1) })
    expect(decideBeforeBank(facts({ row: otherRow, sessionLive: false, payment: "orphaned" }))).toBe("ask_bank")
  })

  it("asks the bank for a second payment of a session whose order rests on another (paid twice in two tabs)", () => {
    expect(decideBeforeBank(facts({ row: row({ bank_id: "inv_second" }), payment: "rests" }))).toBe("ask_bank")
  })
})

describe("decideFromBank", () => {
  it.each([
    ["an unpaid invoice the shopper could still pay is withdrawn", { kind: "payable" }, { kind: "release", held: false }],
    ["a hold is released", { kind: "held", amountMinor: 50_000 }, { kind: "release", held: true }],
    ["money taken is given back, what is left of it", { kind: "taken", leftMinor: 30_000 }, { kind: "give_back", leftMinor: 30_000 }],
    ["money taken and all given back already leaves nothing to do", { kind: "taken", leftMinor: 0 }, { kind: "nothing_taken" }],
    ["nothing taken and nothing can be any more", { kind: "over" }, { kind: "nothing_taken" }],
    ["a standing the bank cannot tell now waits", { kind: "unknown", why: "status settlement_pending" }, { kind: "wait", why: "status settlement_pending" }],
  ] as const)("%s", (_case, standing, decision) => {
    expect(decideFromBank(standing)).toEqual(decision)
  })
})

describe("nextCheckAt", () => {
  const after = (ageMs: number) => nextCheckAt({ created_at: ago(ageMs) }, NOW).getTime() - NOW.getTime()

  it("looks again soon while a row is young, and more rarely as it ages, never later than a day", () => {
    expect(after(0)).toBe(5 * MINUTE)
    expect(after(100 * MINUTE)).toBe(10 * MINUTE)
    expect(after(30 * 24 * 60 * MINUTE)).toBe(24 * 60 * MINUTE)
    const gaps = [0, 10, 60, 600, 6000, 60_000].map((minutes) => after(minutes * MINUTE))
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b))
  })

  it("is always in the future", () => {
    for (const ageMs of [0, MINUTE, 365 * 24 * 60 * MINUTE]) expect(after(ageMs)).toBeGreaterThan(0)
  })
})

describe("paymentOnSession", () => {
  const payments = (list: Array<{ id: string; canceled_at: Date | null; payment_collection_id: string }>) => ({
    listPayments: async () => list as never,
  })
  const captured = [{ id: "pay_1", canceled_at: null, payment_collection_id: "pay_col_1" }]

  it("says a payment rests on a live session without asking about orders", async () => {
    const asked: string[] = []
    const collectionOrdered = async (id: string) => (asked.push(id), false)
    await expect(paymentOnSession(payments(captured), "payses_1", { sessionLive: true, collectionOrdered })).resolves.toBe("rests")
    expect(asked).toEqual([])
  })

  it("calls a payment of a deleted session orphaned only when no order holds its collection", async () => {
    await expect(paymentOnSession(payments(captured), "payses_1", { sessionLive: false, collectionOrdered: async () => false })).resolves.toBe("orphaned")
    await expect(paymentOnSession(payments(captured), "payses_1", { sessionLive: false, collectionOrdered: async () => true })).resolves.toBe("rests")
    await expect(paymentOnSession(payments(captured), "payses_1", { sessionLive: false, collectionOrdered: async () => undefined })).resolves.toBe("rests")
  })

  it("treats a canceled payment as none, and a failed read as unknown", async () => {
    await expect(paymentOnSession(payments([{ ...captured[0], canceled_at: new Date() }]), "payses_1")).resolves.toBe("none")
    const failing = { listPayments: async () => Promise.reject(new Error("connection terminated")) }
    await expect(paymentOnSession(failing, "payses_1", { sessionLive: false, collectionOrdered: async () => false })).resolves.toBe("unknown")
  })
})
