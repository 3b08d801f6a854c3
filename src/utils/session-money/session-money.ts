/**
 * THE place that decides money per payment session, for every provider of the plugin (card,
 * installments, on delivery, mono checkout payments). What may book, charge, release, refund or
 * return money is decided here or by a caller holding `decide(sessionId, ...)`:
 *
 * - every decision of one session runs under that session's lock (./session-lock);
 * - evidence is the plugin's own rows (./ledger: what it started at the bank for the session), a
 *   bank record proven to be the session's (reference, amount and currency) and Medusa's own
 *   tables (./medusa-sessions); session and payment `data` are a cache and never evidence;
 * - a session that ended (replaced or deleted) can no longer be authorized, and what it took is
 *   given back only once no Medusa payment can rest on it (./settlement).
 *
 * The bank side of each kind of payment (how to read, release and give back an invoice, a charge,
 * an installment order) is passed in as `BankSides`; the providers and the settlement job build them.
 */
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { NewSessionPayment, SessionPaymentKind, SessionPaymentRow, SessionPaymentsLedger } from "./ledger"
import { medusaSession, paymentOnSession, type CollectionOrdered, type MedusaSession, type SessionPaymentModule } from "./medusa-sessions"
import { AUTHORIZE_GRACE_MS, decideBeforeBank, decideFromBank, nextCheckAt, type BankStanding, type SettlementDecision } from "./settlement"
import { withSessionLock, type Locking } from "./session-lock"
import { sessionEndRefused } from "../installments/awaiting-approval-messages"

/** How one kind of bank payment is read, released and given back. */
export interface BankSide {
  /** Where the bank says the row's payment stands; a record that is not the row's session's reads as unknown. */
  standing(row: SessionPaymentRow): Promise<BankStanding>
  /** Withdraws what the shopper could still pay, or releases a hold / rejects an approved order. */
  release(row: SessionPaymentRow, held: boolean): Promise<void>
  /** Gives back `leftMinor` taken without an order, once (a lost answer is re-read, never re-sent). */
  giveBack(row: SessionPaymentRow, leftMinor: number): Promise<void>
}

export type BankSides = Partial<Record<SessionPaymentKind, BankSide>>

export type SessionMoneyDeps = {
  ledger: SessionPaymentsLedger
  payments: SessionPaymentModule
  locking: Locking
  logger: Pick<Logger, "info" | "warn" | "error">
  /** Whether an order holds a payment collection (Medusa's links); without it a payment always rests. */
  collectionOrdered?: CollectionOrdered
  /**
   * The order that rests on the session although it has no payment yet (placed before the
   * installment's approval, still waiting for the bank); undefined when none does.
   */
  orderRestingOn?: (sessionId: string) => Promise<string | undefined>
  /** Refunds or cancels the session's live Medusa payment through Medusa's payment module. */
  undoSessionPayment?: (sessionId: string, note: string) => Promise<"refunded" | "released">
  now?: () => Date
}

export type SettledRow = { row: SessionPaymentRow; decision: SettlementDecision | { kind: "failed"; why: string } }

/** Why an authorize of an ended session is refused, in words a shopper understands. */
export const SESSION_ENDED_MESSAGE =
  "This payment was replaced by a newer one (the cart or the way of paying changed); start the payment again"

export class SessionMoney {
  constructor(private readonly deps: SessionMoneyDeps) {}

  get ledger(): SessionPaymentsLedger {
    return this.deps.ledger
  }

  get payments(): SessionPaymentModule {
    return this.deps.payments
  }

  now(): Date {
    return this.deps.now?.() ?? new Date()
  }

  /** Runs one decision about `sessionId` under the session's lock. */
  decide<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    return withSessionLock(this.deps.locking, sessionId, work, (waitedMs) =>
      this.deps.logger.warn(`monobank: waited ${Math.round(waitedMs / 1000)} s for the money lock of payment session ${sessionId}`)
    )
  }

  /** Medusa's session; a session Medusa no longer keeps cannot be authorized. */
  async requireSession(sessionId: string): Promise<MedusaSession> {
    const session = await medusaSession(this.deps.payments, sessionId)
    if (!session) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, SESSION_ENDED_MESSAGE)
    return session
  }

  paymentsOf(sessionId: string): Promise<SessionPaymentRow[]> {
    return this.deps.ledger.sessionPaymentsOf(sessionId)
  }

  /** Records what was just started at the bank; the settlement sweep looks at it if the session is left. */
  record(payment: NewSessionPayment): Promise<SessionPaymentRow> {
    const now = this.now()
    return this.deps.ledger.recordSessionPayment({ next_check_at: nextCheckAt({ created_at: now }, now), ...payment })
  }

  /** Throws when the session ended: an authorize may not take its money any more. */
  refuseIfEnded(rows: SessionPaymentRow[]): void {
    if (rows.some((row) => row.session_ended_at)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, SESSION_ENDED_MESSAGE)
  }

  /** An authorize answered authorized/captured on `row`: its money is not released for a while, whatever happens. */
  async grant(row: SessionPaymentRow): Promise<void> {
    await this.deps.ledger.markGranted(row.id, this.now())
  }

  /**
   * The session ended (Medusa is deleting it: replaced by a new one, or the cart went another way):
   * no authorize may take its payments any more, and what it took is settled now where it can be.
   */
  async endSession(sessionId: string, sides: BankSides): Promise<SettledRow[]> {
    return this.decide(sessionId, async () => {
      // An order placed on the session waits for the bank: ending it would leave the order unpaid
      // with its stock reserved. Refused, so Medusa keeps the session (cancel the order instead).
      const orderId = await this.deps.orderRestingOn?.(sessionId)
      if (orderId) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, sessionEndRefused(orderId, sessionId))
      await this.deps.ledger.markSessionEnded(sessionId, this.now())
      return this.settleSession(sessionId, sides)
    })
  }

  /** Settles every unsettled payment of the session that can be settled now (see ./settlement). */
  async settleSession(sessionId: string, sides: BankSides): Promise<SettledRow[]> {
    return this.decide(sessionId, async () => {
      const rows = (await this.paymentsOf(sessionId)).filter((row) => !row.settled_at)
      if (!rows.length) return []
      const session = await medusaSession(this.deps.payments, sessionId)
      // A session being deleted (its row ended, Medusa's row not gone yet) holds no payment of its
      // own any more: only an order can.
      const ending = rows.some((row) => row.session_ended_at)
      const payment = await paymentOnSession(this.deps.payments, sessionId, {
        sessionLive: !!session && !ending,
        collectionOrdered: this.deps.collectionOrdered,
      })
      const settled: SettledRow[] = []
      for (const row of rows) settled.push(await this.settleRow(row, { sessionLive: !!session, payment }, sides))
      return settled
    })
  }

  /**
   * The session's bank payment was approved but its cart cannot become an order (sold out, cart
   * changed): the money held for it is released, with `attention` for the store owner. Never while
   * a Medusa payment or order rests on the session: `ordered` (Medusa's tables) is read here under
   * the session's lock, right before the bank is asked, and an authorize waits for this lock. Only
   * money the bank still holds is released; anything else is left to the session's settlement.
   */
  async releaseUnorderable(
    sessionId: string,
    sides: BankSides,
    { ordered, attention }: { ordered: () => Promise<boolean | undefined>; attention: (row: SessionPaymentRow) => string }
  ): Promise<SettledRow[]> {
    return this.decide(sessionId, async () => {
      const rows = (await this.paymentsOf(sessionId)).filter((row) => !row.settled_at && !row.session_ended_at && row.bank_id)
      if (!rows.length) return []
      const now = this.now()
      const payment = await paymentOnSession(this.deps.payments, sessionId)
      const rests = payment !== "none" || (await ordered()) !== false
      const settled: SettledRow[] = []
      for (const row of rows) {
        const side = sides[row.kind]
        const fresh = row.granted_at && now.getTime() - new Date(row.granted_at).getTime() < AUTHORIZE_GRACE_MS
        if (rests || fresh || !side) {
          settled.push({ row, decision: { kind: "wait", why: "an order or a payment rests, or may be about to rest, on the session" } })
          continue
        }
        const standing = await side.standing(row)
        if (standing.kind === "held") settled.push(await this.apply(row, { kind: "release", held: true }, side, attention(row)))
        else if (standing.kind === "over") settled.push(await this.apply(row, { kind: "nothing_taken" }, side))
        else settled.push({ row, decision: { kind: "wait", why: `the bank does not hold the money (${standing.kind})` } })
      }
      return settled
    })
  }

  private async settleRow(
    row: SessionPaymentRow,
    medusa: { sessionLive: boolean; payment: Awaited<ReturnType<typeof paymentOnSession>> },
    sides: BankSides
  ): Promise<SettledRow> {
    const now = this.now()
    const side = sides[row.kind]
    try {
      // Medusa's tables first: no bank read for money an order rests on, or for an open session.
      const first = decideBeforeBank({ row, ...medusa, now })
      if (first !== "ask_bank") return await this.apply(row, first, side)
      if (!side) return await this.apply(row, { kind: "wait", why: `no bank side for ${row.kind} payments here` }, side)
      return await this.apply(row, decideFromBank(await side.standing(row)), side)
    } catch (error) {
      const why = (error as Error).message
      this.deps.logger.warn(`monobank: payment ${row.bank_id ?? row.id} of session ${row.session_id} could not be settled yet: ${why}`)
      // Tried again by the next run of the settlement job.
      await this.deps.ledger.scheduleCheck(row.id, now)
      return { row, decision: { kind: "failed", why } }
    }
  }

  private async apply(row: SessionPaymentRow, decision: SettlementDecision, side: BankSide | undefined, why?: string): Promise<SettledRow> {
    const { ledger, logger } = this.deps
    const now = this.now()
    const what = `${row.kind.replace("_", " ")} ${row.bank_id ?? "(not named by the bank yet)"} of payment session ${row.session_id}`
    switch (decision.kind) {
      case "wait":
        await ledger.scheduleCheck(row.id, decision.until ?? nextCheckAt(row, now))
        break
      case "rests_on_payment":
      case "nothing_taken":
        await ledger.settleSessionPayment(row.id, decision.kind, undefined, now)
        break
      case "release": {
        await side!.release(row, decision.held)
        const attention =
          why ?? (decision.held ? `The shopper's money was reserved by ${what} but no order rests on it; the plugin released it.` : undefined)
        await ledger.settleSessionPayment(row.id, "released", attention, now)
        logger.info(`monobank: released ${what}: no Medusa order rests on it`)
        break
      }
      case "undo_orphaned_payment": {
        if (!this.deps.undoSessionPayment) throw new Error("Medusa's payment module cannot be reached to give the payment back")
        const settlement = await this.deps.undoSessionPayment(row.session_id, "monobank: a payment no order holds (its session was replaced)")
        const attention = `The shopper paid through ${what}, and Medusa recorded the payment while the session was being replaced, so no order holds it; the plugin gave the money back in full (${settlement}, in Medusa too).`
        await ledger.settleSessionPayment(row.id, settlement, attention, now)
        logger.warn(`monobank: ${attention}`)
        break
      }
      case "give_back": {
        await side!.giveBack(row, decision.leftMinor)
        const attention = `The shopper paid through ${what}, but no order rests on it (the session was replaced or deleted); the plugin gave the money back in full.`
        await ledger.settleSessionPayment(row.id, "refunded", attention, now)
        logger.warn(`monobank: ${attention}`)
        break
      }
    }
    return { row, decision }
  }
}
