/**
 * An in-memory stand-in for the `monobank-session-payments` module with the same conditional
 * writes (one row per bank payment, one open charge per session), for unit tests of the money
 * decisions. The module's own SQL is tested against PostgreSQL in integration-tests/modules.
 */
import type { ChargeState, NewSessionPayment, SessionPaymentKind, SessionPaymentRow, SessionPaymentsLedger, Settlement } from "../ledger"
import { SessionMoney } from "../session-money"
import type { SessionPaymentModule } from "../medusa-sessions"

const OPEN: ChargeState[] = ["sending", "unknown", "sent"]

export class MemoryLedger implements SessionPaymentsLedger {
  readonly rows: SessionPaymentRow[] = []
  private next = 1

  async recordSessionPayment(input: NewSessionPayment): Promise<SessionPaymentRow> {
    const existing = input.bank_id ? this.rows.find((row) => row.kind === input.kind && row.bank_id === input.bank_id) : undefined
    if (existing) return existing
    const charge = input.kind === "saved_card" || input.kind === "store_page"
    if (charge && OPEN.includes(input.charge_state ?? "sent") && this.rows.some((row) => row.session_id === input.session_id && (row.kind === "saved_card" || row.kind === "store_page") && OPEN.includes(row.charge_state))) {
      throw new Error("one open charge per session")
    }
    const row: SessionPaymentRow = {
      id: `mbsp_${this.next++}`,
      session_id: input.session_id,
      provider_id: input.provider_id,
      kind: input.kind,
      bank_id: input.bank_id ?? null,
      amount_minor: input.amount_minor,
      ccy: input.ccy,
      charge_state: input.charge_state ?? "sent",
      wallet_id: input.wallet_id ?? null,
      card_id: input.card_id ?? null,
      bank_store_id: input.bank_store_id ?? null,
      recorded_as: input.recorded_as ?? null,
      payment_method: input.payment_method ?? null,
      granted_at: null,
      session_ended_at: null,
      settlement: null,
      settled_at: null,
      next_check_at: input.next_check_at ?? null,
      attention: null,
      attention_resolved_at: null,
      created_at: new Date(),
    }
    this.rows.push(row)
    return { ...row }
  }
  async sessionPaymentsOf(sessionId: string) {
    return this.rows.filter((row) => row.session_id === sessionId).map((row) => ({ ...row }))
  }
  async sessionPaymentByBankId(kind: SessionPaymentKind, bankId: string) {
    return this.copy(this.rows.find((row) => row.kind === kind && row.bank_id === bankId))
  }
  async sessionPaymentByBank(bankId: string, kinds: SessionPaymentKind[]) {
    return this.copy(this.rows.find((row) => row.bank_id === bankId && kinds.includes(row.kind)))
  }
  async sessionPaymentById(id: string) {
    return this.copy(this.rows.find((row) => row.id === id))
  }
  async moveCharge(id: string, from: ChargeState[], to: ChargeState, bankId?: string) {
    const row = this.rows.find((candidate) => candidate.id === id)
    if (!row || !from.includes(row.charge_state)) return false
    row.charge_state = to
    if (bankId) row.bank_id = bankId
    return true
  }
  async adoptChargeInvoice(id: string, invoiceId: string) {
    const row = this.rows.find((candidate) => candidate.id === id)
    if (!row || row.charge_state !== "unknown" || row.bank_id || this.rows.some((other) => other.bank_id === invoiceId)) return false
    row.bank_id = invoiceId
    row.charge_state = "sent"
    return true
  }
  async markGranted(id: string, now = new Date()) {
    this.update(id, { granted_at: now })
  }
  async moveToSession(id: string, fromSessionId: string, toSessionId: string) {
    const row = this.rows.find((candidate) => candidate.id === id && candidate.session_id === fromSessionId)
    if (!row) return false
    Object.assign(row, { session_id: toSessionId, session_ended_at: null, granted_at: null, settlement: null, settled_at: null, next_check_at: null })
    return true
  }
  async recordCheckoutCaptured(id: string) {
    this.update(id, { recorded_as: "captured" })
  }
  async markSessionEnded(sessionId: string, now = new Date()) {
    for (const row of this.rows.filter((candidate) => candidate.session_id === sessionId)) row.session_ended_at ??= now
  }
  async settleSessionPayment(id: string, settlement: Settlement, attention?: string, now = new Date()) {
    const row = this.rows.find((candidate) => candidate.id === id)!
    Object.assign(row, { settlement, settled_at: now, next_check_at: null, attention: attention ?? row.attention })
  }
  async scheduleCheck(id: string, at: Date, attention?: string) {
    const row = this.rows.find((candidate) => candidate.id === id)!
    Object.assign(row, { next_check_at: at, attention: attention ?? row.attention })
  }
  async dueSessionPayments(now: Date, limit: number) {
    return this.rows.filter((row) => !row.settled_at && row.next_check_at && row.next_check_at <= now).slice(0, limit)
  }
  private update(id: string, values: Partial<SessionPaymentRow>) {
    Object.assign(this.rows.find((row) => row.id === id)!, values)
  }
  private copy(row: SessionPaymentRow | undefined) {
    return row ? { ...row } : undefined
  }
}

export type FakeMedusa = {
  sessions: Map<string, { id: string; provider_id: string; amount: number; currency_code: string; payment_collection_id: string; data: Record<string, unknown> }>
  payments: { id: string; payment_session_id: string; canceled_at?: Date | null }[]
}

/** Medusa's payment module as the decisions read it, over plain maps. */
export function fakePaymentModule(medusa: FakeMedusa): SessionPaymentModule {
  return {
    listPaymentSessions: async (filter: any) => {
      const ids: string[] = Array.isArray(filter.id) ? filter.id : [filter.id]
      return ids.map((id) => medusa.sessions.get(id)).filter(Boolean) as any
    },
    listPayments: async (filter: any) =>
      medusa.payments.filter((payment) => (filter.payment_session_id ? payment.payment_session_id === filter.payment_session_id : payment.id === filter.id)) as any,
    listCaptures: async () => [] as any,
    listRefunds: async () => [] as any,
  } as unknown as SessionPaymentModule
}

/** A SessionMoney over the in-memory ledger and fake Medusa, with a lock that serializes per key like Medusa's in-memory provider. */
export function memorySessionMoney(medusa: FakeMedusa = { sessions: new Map(), payments: [] }, now?: () => Date) {
  const ledger = new MemoryLedger()
  const queues = new Map<string, Promise<unknown>>()
  const locking = {
    execute: async <T>(key: string | string[], job: () => Promise<T>) => {
      const k = String(key)
      const before = queues.get(k) ?? Promise.resolve()
      const run = before.then(() => job(), () => job())
      queues.set(k, run.catch(() => undefined))
      return run
    },
  }
  const silent = { info() {}, warn() {}, error() {} }
  const money = new SessionMoney({ ledger, payments: fakePaymentModule(medusa), locking: locking as any, logger: silent, now })
  return { money, ledger, medusa }
}
