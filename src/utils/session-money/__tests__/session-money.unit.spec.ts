/**
 * `SessionMoney.settleSession` / `endSession` over the in-memory ledger, Medusa's tables and a
 * bank side that records what it is asked: money an order rests on (or an authorize just granted)
 * is never released, money taken without an order goes back once and is shown to the store owner,
 * a live session waits, and a bank that cannot answer only moves the next check.
 */
import type { SessionPaymentRow } from "../ledger"
import type { BankSide } from "../session-money"
import { SESSION_ENDED_MESSAGE } from "../session-money"
import { AUTHORIZE_GRACE_MS, type BankStanding } from "../settlement"
import { memorySessionMoney, type FakeMedusa } from "./memory-ledger"

const SESSION = "payses_money_1"
const MINUTE = 60_000

/** A bank side that answers `standing` (or throws it) and records every release and give-back. */
function bankSide(standing: BankStanding | Error) {
  const asked = { standing: 0, released: [] as boolean[], givenBack: [] as number[] }
  const side: BankSide = {
    async standing() {
      asked.standing++
      if (standing instanceof Error) throw standing
      return standing
    },
    async release(_row, held) {
      asked.released.push(held)
    },
    async giveBack(_row, leftMinor) {
      asked.givenBack.push(leftMinor)
    },
  }
  return { side, asked, sides: { invoice: side } }
}

/** Medusa keeps the session; the clock starts at `t0` and moves with `advance`. */
function setup() {
  let now = new Date("2026-11-27T12:00:00Z")
  const medusa: FakeMedusa = {
    sessions: new Map([[SESSION, { id: SESSION, provider_id: "pp_monobank_monobank", amount: 500, currency_code: "uah", payment_collection_id: "pay_col_1", data: {} }]]),
    payments: [],
  }
  const { money, ledger } = memorySessionMoney(medusa, () => now)
  const record = (bank_id = "inv_1") =>
    money.record({ session_id: SESSION, provider_id: "pp_monobank_monobank", kind: "invoice", bank_id, amount_minor: 50_000, ccy: 980 })
  const stored = (row: SessionPaymentRow) => ledger.rows.find((candidate) => candidate.id === row.id)!
  return {
    money,
    ledger,
    medusa,
    record,
    stored,
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    now: () => now,
    /** Medusa created its payment from the session after the authorize. */
    paymentCreated: () => void medusa.payments.push({ id: "pay_1", payment_session_id: SESSION }),
  }
}

describe("SessionMoney: settling a session's money", () => {
  it("never releases a row an authorize granted while a payment rests on the session, and does not even ask the bank", async () => {
    const { money, record, stored, advance, paymentCreated } = setup()
    const row = await record()
    await money.decide(SESSION, () => money.grant(row))
    paymentCreated()
    advance(30 * 24 * 60 * MINUTE)
    const bank = bankSide({ kind: "held", amountMinor: 50_000 })

    const [settled] = await money.endSession(SESSION, bank.sides)
    expect(settled.decision).toEqual({ kind: "rests_on_payment" })
    expect(bank.asked).toEqual({ standing: 0, released: [], givenBack: [] })
    expect(stored(row)).toMatchObject({ settlement: "rests_on_payment", attention: null })
  })

  it("never releases a granted row within the grace period, although the session ended before Medusa created its payment", async () => {
    const { money, record, stored, advance } = setup()
    const row = await record()
    await money.grant(row)
    advance(AUTHORIZE_GRACE_MS - MINUTE)
    const bank = bankSide({ kind: "held", amountMinor: 50_000 })

    const [settled] = await money.endSession(SESSION, bank.sides)
    expect(settled.decision).toMatchObject({ kind: "wait" })
    expect(bank.asked.released).toEqual([])
    expect(stored(row)).toMatchObject({ settlement: null, session_ended_at: expect.any(Date) })

    // No payment came of it: once the grace period is over the hold goes back.
    advance(2 * MINUTE)
    await money.settleSession(SESSION, bank.sides)
    expect(bank.asked.released).toEqual([true])
    expect(stored(row)).toMatchObject({ settlement: "released", attention: expect.stringMatching(/no order rests on it/) })
  })

  it("gives an ended session's paid row back once, in full, and marks it for the store owner", async () => {
    const { money, record, stored } = setup()
    const row = await record()
    const bank = bankSide({ kind: "taken", leftMinor: 50_000 })

    await money.endSession(SESSION, bank.sides)
    await money.endSession(SESSION, bank.sides)
    await money.settleSession(SESSION, bank.sides)
    expect(bank.asked.givenBack).toEqual([50_000])
    expect(bank.asked.standing).toBe(1)
    expect(stored(row)).toMatchObject({
      settlement: "refunded",
      settled_at: expect.any(Date),
      next_check_at: null,
      attention: expect.stringMatching(/gave the money back in full/),
    })
  })

  it("lets a live session's row wait for the session's own flow, and looks again later", async () => {
    const { money, record, stored, now } = setup()
    const row = await record()
    const bank = bankSide({ kind: "taken", leftMinor: 50_000 })

    const [settled] = await money.settleSession(SESSION, bank.sides)
    expect(settled.decision).toMatchObject({ kind: "wait" })
    expect(bank.asked).toEqual({ standing: 0, released: [], givenBack: [] })
    expect(stored(row).settled_at).toBeNull()
    expect(stored(row).next_check_at!.getTime()).toBeGreaterThan(now().getTime())
  })

  it("settles a session Medusa deleted without asking the provider (the sweep): an unpaid invoice is withdrawn, quietly", async () => {
    const { money, medusa, record, stored } = setup()
    const row = await record()
    medusa.sessions.delete(SESSION)
    const bank = bankSide({ kind: "payable" })

    await money.settleSession(SESSION, bank.sides)
    expect(bank.asked.released).toEqual([false])
    expect(stored(row)).toMatchObject({ settlement: "released", attention: null })
  })

  it("waits when Medusa cannot say whether a payment rests on the session", async () => {
    const { money, record, stored } = setup()
    const row = await record()
    Object.assign(money.payments, { listPayments: async () => Promise.reject(new Error("connection terminated")) })
    const bank = bankSide({ kind: "taken", leftMinor: 50_000 })

    const [settled] = await money.endSession(SESSION, bank.sides)
    expect(settled.decision).toMatchObject({ kind: "wait" })
    expect(bank.asked).toEqual({ standing: 0, released: [], givenBack: [] })
    expect(stored(row).settled_at).toBeNull()
  })

  it("when the bank side fails, settles nothing and leaves it due for the next run of the job, which settles it", async () => {
    const { money, record, stored, now, advance } = setup()
    const row = await record()
    const failing = bankSide(new Error("monobank did not answer in time"))

    const [settled] = await money.endSession(SESSION, failing.sides)
    expect(settled.decision).toEqual({ kind: "failed", why: "monobank did not answer in time" })
    expect(stored(row)).toMatchObject({ settlement: null, settled_at: null })
    const next = stored(row).next_check_at!
    expect(next.getTime()).toBeLessThanOrEqual(now().getTime())

    advance(5 * 60_000)
    const working = bankSide({ kind: "taken", leftMinor: 50_000 })
    await money.settleSession(SESSION, working.sides)
    expect(working.asked.givenBack).toEqual([50_000])
    expect(stored(row).settlement).toBe("refunded")
  })

  it("a release the bank refuses leaves the row unsettled for a later check", async () => {
    const { money, record, stored } = setup()
    const row = await record()
    const bank = bankSide({ kind: "held", amountMinor: 50_000 })
    bank.side.release = async () => {
      throw new Error("monobank refused: HOLD_INVOICE_NOT_FINALIZED")
    }
    const [settled] = await money.endSession(SESSION, bank.sides)
    expect(settled.decision).toMatchObject({ kind: "failed" })
    expect(stored(row)).toMatchObject({ settlement: null, next_check_at: expect.any(Date) })
  })

  it("an ended session is never authorized again", async () => {
    const { money, record } = setup()
    await record()
    const before = await money.paymentsOf(SESSION)
    expect(() => money.refuseIfEnded(before)).not.toThrow()
    await money.endSession(SESSION, bankSide({ kind: "payable" }).sides)
    const after = await money.paymentsOf(SESSION)
    expect(() => money.refuseIfEnded(after)).toThrow(SESSION_ENDED_MESSAGE)
  })

  it("a session ending while its authorize runs waits for it, then leaves the money that authorize granted", async () => {
    const { money, record, stored } = setup()
    const row = await record()
    const bank = bankSide({ kind: "held", amountMinor: 50_000 })
    let authorizeRunning!: () => void
    const running = new Promise<void>((resolve) => (authorizeRunning = resolve))
    let finishAuthorize!: () => void
    const authorize = money.decide(SESSION, async () => {
      authorizeRunning()
      await new Promise<void>((resolve) => (finishAuthorize = resolve))
      await money.grant(row)
    })
    await running
    const ending = money.endSession(SESSION, bank.sides)
    finishAuthorize()
    await authorize
    const [settled] = await ending
    expect(settled.decision).toMatchObject({ kind: "wait" })
    expect(bank.asked.released).toEqual([])
    expect(stored(row).granted_at).toBeInstanceOf(Date)
  })
})

describe("SessionMoney: releasing an approved payment whose cart cannot become an order", () => {
  const because = (row: SessionPaymentRow) => `cart could not become an order; ${row.bank_id} was rejected`

  it("releases money the bank holds and tells the store owner why", async () => {
    const { money, record, stored } = setup()
    const row = await record()
    const bank = bankSide({ kind: "held", amountMinor: 50_000 })

    const [settled] = await money.releaseUnorderable(SESSION, bank.sides, { ordered: async () => false, attention: because })
    expect(settled.decision).toEqual({ kind: "release", held: true })
    expect(bank.asked.released).toEqual([true])
    expect(stored(row)).toMatchObject({ settlement: "released", attention: "cart could not become an order; inv_1 was rejected" })
  })

  it("never touches the bank while an order holds the cart, a payment rests on the session, or Medusa cannot tell", async () => {
    for (const [ordered, paid] of [[true, false], [undefined, false], [false, true]] as const) {
      const { money, record, stored, paymentCreated } = setup()
      const row = await record()
      if (paid) paymentCreated()
      const bank = bankSide({ kind: "held", amountMinor: 50_000 })

      const [settled] = await money.releaseUnorderable(SESSION, bank.sides, { ordered: async () => ordered, attention: because })
      expect(settled.decision).toMatchObject({ kind: "wait" })
      expect(bank.asked).toEqual({ standing: 0, released: [], givenBack: [] })
      expect(stored(row)).toMatchObject({ settlement: null, attention: null })
    }
  })

  it("waits while an authorize just granted the row, and leaves money the bank no longer holds", async () => {
    const { money, record, stored } = setup()
    const row = await record()
    await money.grant(row)
    const held = bankSide({ kind: "held", amountMinor: 50_000 })
    expect((await money.releaseUnorderable(SESSION, held.sides, { ordered: async () => false, attention: because }))[0].decision).toMatchObject({ kind: "wait" })
    expect(held.asked.standing).toBe(0)

    const { money: other, record: recordOther, stored: storedOther } = setup()
    const taken = await recordOther()
    const bank = bankSide({ kind: "taken", leftMinor: 50_000 })
    expect((await other.releaseUnorderable(SESSION, bank.sides, { ordered: async () => false, attention: because }))[0].decision).toMatchObject({ kind: "wait" })
    expect(bank.asked).toMatchObject({ released: [], givenBack: [] })
    expect(storedOther(taken).settlement).toBeNull()
    expect(stored(row).settlement).toBeNull()
  })
})
