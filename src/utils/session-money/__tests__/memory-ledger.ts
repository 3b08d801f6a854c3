/**
 * An in-memory stand-in for the `monobank-session-payments` module with the same conditional
 * writes (one row per bank payment, one open charge per session), for unit tests of the money
 * decisions. The module's own SQL is tested against PostgreSQL in integration-tests/modules.
 */
import type { ChargeState, NewSessionPayment, SessionPaymentKind, SessionPaymentRow, SessionPaymentsLedger, Settlement } from "../ledger"
import { SessionMoney } from "../session-money"
import { sameBankPayments } from "../../../modules/monobank-session-payments/service"
import type { SessionPaymentModule } from "../medusa-sessions"
import type { PaymentRecords } from "../../medusa-payments"

const OPEN: ChargeState[] = ["sending", "unknown", "sent"]

export class MemoryLedger implements SessionPaymentsLedger {
  readonly rows: SessionPaymentRow[] = []
  private next = 1

  /** `clock` stamps `created_at`, as the database's now() does. */
  constructor(private readonly clock: () => Date = () => new Date()) {}

  async recordSessionPayment(input: NewSessionPayment): Promise<SessionPaymentRow> {
    const family = sameBankPayments(input.kind)
    const existing = input.bank_id ? this.rows.find((row) => family.includes(row.kind) && row.bank_id === input.bank_id) : undefined
    if (existing) return { ...existing }
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
      bank_record: null,
      bank_record_at: null,
      created_at: this.clock(),
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
    // The module's unique index: one row per card invoice, whichever way it was made.
    if (!row || row.charge_state !== "unknown" || row.bank_id || this.rows.some((other) => sameBankPayments(row.kind).includes(other.kind) && other.bank_id === invoiceId)) return false
    row.bank_id = invoiceId
    row.charge_state = "sent"
    return true
  }
  private readonly recordModified = new Map<string, Date | undefined>()
  async rememberBankRecord(id: string, record: Record<string, unknown>, modifiedAt: Date | undefined, now = new Date()) {
    const row = this.rows.find((candidate) => candidate.id === id)
    if (!row) return false
    const kept = this.recordModified.get(id)
    // As the module's conditional update: a dated record replaces an undated or older one; an undated one only an undated one.
    const newer = modifiedAt ? kept === undefined || kept <= modifiedAt : kept === undefined
    if (!newer) return false
    this.recordModified.set(id, modifiedAt)
    Object.assign(row, { bank_record: record, bank_record_at: now })
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
    return this.rows
      .filter((row) => !row.settled_at && row.next_check_at && row.next_check_at <= now)
      .sort((a, b) => a.next_check_at!.getTime() - b.next_check_at!.getTime())
      .slice(0, limit)
      .map((row) => ({ ...row }))
  }
  private update(id: string, values: Partial<SessionPaymentRow>) {
    Object.assign(this.rows.find((row) => row.id === id)!, values)
  }
  private copy(row: SessionPaymentRow | undefined) {
    return row ? { ...row } : undefined
  }
}

type FakeSession = {
  id: string
  provider_id: string
  amount: number | string
  currency_code: string
  payment_collection_id: string
  data: Record<string, unknown>
  status?: string
}
type FakePayment = { id: string; payment_session_id: string; canceled_at?: Date | null; data?: Record<string, unknown> }
type FakeCapture = { id: string; payment_id: string; raw_amount?: unknown }
type FakeRefund = { id: string; payment_id: string; raw_amount?: unknown; created_at?: Date | null; metadata?: Record<string, unknown> | null }

/**
 * Medusa's payment tables as the provider reads them: sessions, the payments made from them, and
 * the captures and refunds Medusa recorded on those payments (the provider is told only their ids).
 */
export type FakeMedusa = {
  sessions: Map<string, FakeSession>
  payments: FakePayment[]
  captures?: FakeCapture[]
  refunds?: FakeRefund[]
}

/** Whether `row` matches a Medusa list filter: each key equal, or among the values of an array. */
function matches(row: object, filter: Record<string, unknown> = {}): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    const value = (row as Record<string, unknown>)[key]
    return Array.isArray(wanted) ? wanted.includes(value) : value === wanted
  })
}

/** Medusa's payment module as the decisions and the refund bookkeeping use it, over plain lists. */
export function fakePaymentModule(medusa: FakeMedusa): SessionPaymentModule & PaymentRecords {
  const refunds = () => (medusa.refunds ??= [])
  const module = {
    listPaymentSessions: async (filter: Record<string, unknown>, config?: { relations?: string[] }) =>
      [...medusa.sessions.values()]
        .filter((session) => matches(session, filter))
        .map((session) =>
          config?.relations?.includes("payment")
            ? { ...session, payment: medusa.payments.find((payment) => payment.payment_session_id === session.id) }
            : session
        ),
    listPayments: async (filter: Record<string, unknown>) => medusa.payments.filter((payment) => matches(payment, filter)),
    listCaptures: async (filter: Record<string, unknown>) => (medusa.captures ?? []).filter((capture) => matches(capture, filter)),
    listRefunds: async (filter: Record<string, unknown>) => refunds().filter((refund) => matches(refund, filter)),
    updateRefunds: async ({ id, ...changes }: { id: string }) => Object.assign(refunds().find((refund) => refund.id === id)!, changes),
    softDeleteRefunds: async (ids: string[]) => void (medusa.refunds = refunds().filter((refund) => !ids.includes(refund.id))),
    updatePayment: async ({ id, ...changes }: { id: string }) => Object.assign(medusa.payments.find((payment) => payment.id === id)!, changes),
  }
  return module as unknown as SessionPaymentModule & PaymentRecords
}

/** Medusa's locking module as one process has it: jobs of one key run one after another. */
export function memoryLocking() {
  const queues = new Map<string, Promise<unknown>>()
  return {
    execute: async <T>(key: string | string[], job: () => Promise<T>) => {
      const k = String(key)
      const before = queues.get(k) ?? Promise.resolve()
      const run = before.then(() => job(), () => job())
      queues.set(k, run.catch(() => undefined))
      return run
    },
  }
}

/** A SessionMoney over the in-memory ledger and fake Medusa, with a lock that serializes per key like Medusa's in-memory provider. */
export function memorySessionMoney(medusa: FakeMedusa = { sessions: new Map(), payments: [] }, now?: () => Date) {
  const ledger = new MemoryLedger(now)
  const payments = fakePaymentModule(medusa)
  const silent = { info() {}, warn() {}, error() {} }
  const money = new SessionMoney({ ledger, payments, locking: memoryLocking() as any, logger: silent, now })
  return { money, ledger, medusa, payments }
}
