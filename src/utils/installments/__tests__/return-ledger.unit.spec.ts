import { decideRefund, reconcileLedger, returnBookedBy, type LedgerEntry } from "../return-ledger"

const T0 = new Date("2026-01-01T10:00:00.000Z")
const later = (ms: number) => new Date(T0.getTime() + ms)

const made = (id: string, sum: number): LedgerEntry => ({ store_return_id: id, sum, status: "made", sent_at: T0.toISOString(), refund_id: id })
const sent = (id: string, sum: number): LedgerEntry => ({ store_return_id: id, sum, status: "sent", sent_at: T0.toISOString() })

describe("installment return ledger", () => {
  it("a return in doubt becomes made when the bank lists it after the returns already made, and a refund of its sum books it", () => {
    const ledger = reconcileLedger([made("ref_1", 100), sent("ref_2", 250.5)], [{ sum: 100 }, { sum: 250.5 }], later(5_000))
    expect(ledger[1]).toMatchObject({ store_return_id: "ref_2", status: "made" })
    expect(decideRefund(ledger, "ref_3", 250.5)).toMatchObject({ kind: "adopt", entry: { store_return_id: "ref_2" } })
    expect(decideRefund(ledger, "ref_3", 99)).toMatchObject({ kind: "refuse", reason: "unbooked" })
  })

  it("nothing is sent while a return is in doubt and the bank does not list it, however long ago it was sent", () => {
    const waiting = reconcileLedger([made("ref_1", 100), sent("ref_2", 100)], [{ sum: 100 }], later(60_000))
    expect(decideRefund(waiting, "ref_3", 100)).toMatchObject({ kind: "refuse", reason: "in_doubt" })
    const aDayLater = reconcileLedger(waiting, [{ sum: 100 }], later(24 * 60 * 60_000))
    expect(aDayLater[1].status).toBe("sent")
    expect(decideRefund(aDayLater, "ref_3", 100)).toMatchObject({ kind: "refuse", reason: "in_doubt" })
    const listed = reconcileLedger(aDayLater, [{ sum: 100 }, { sum: 100 }], later(24 * 60 * 60_000 + 1))
    expect(decideRefund(listed, "ref_3", 100)).toMatchObject({ kind: "adopt", entry: { store_return_id: "ref_2" } })
  })

  it("an abandoned return the bank lists after all is made again, never returned twice", () => {
    const abandoned: LedgerEntry = { ...sent("ref_2", 40), status: "abandoned" }
    const ledger = reconcileLedger([abandoned], [{ sum: 40 }], later(30 * 60_000))
    expect(ledger).toEqual([{ ...abandoned, status: "made" }])
    expect(decideRefund(ledger, "ref_9", 40)).toMatchObject({ kind: "adopt" })
  })

  it("a bank return the ledger does not explain must be booked before anything else is sent", () => {
    const ledger = reconcileLedger([made("ref_1", 100)], [{ sum: 100 }, { sum: 30, timestamp: "2026-01-01T11:00:00Z" }], later(0))
    expect(ledger).toHaveLength(2)
    expect(decideRefund(ledger, "ref_2", 50)).toMatchObject({ kind: "refuse", reason: "unbooked" })
    expect(decideRefund(ledger, "ref_2", 30)).toMatchObject({ kind: "adopt" })
  })

  it("a refund that already booked a return is recognised by its id", () => {
    expect(decideRefund([made("ref_1", 100)], "ref_1", 100)).toMatchObject({ kind: "booked" })
  })
})

describe("returnBookedBy", () => {
  it("finds the made return a refund books, only for its own sum", () => {
    const ledger = [made("ref_1", 100), sent("ref_2", 300), made("ref_3", 300)]
    expect(returnBookedBy(ledger, "ref_3", 300)).toBe(ledger[2])
    expect(returnBookedBy(ledger, "ref_3", 299.99)).toBeUndefined()
    expect(returnBookedBy(ledger, "ref_2", 300)).toBeUndefined()
  })
})
