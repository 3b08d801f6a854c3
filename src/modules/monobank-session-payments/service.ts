/**
 * The `monobank-session-payments` module: the plugin's own record of every payment it started at
 * the bank for a Medusa payment session (see ./models/session-payment). Writes that two servers
 * could race on are single conditional statements, so they hold without a shared lock too.
 */
import { generateEntityId, MedusaService } from "@medusajs/framework/utils"
import {
  MonobankSessionPayment,
  type ChargeState,
  type SessionPaymentKind,
  type Settlement,
} from "./models/session-payment"

type SqlManager = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }

/** One row as the plugin reads it. */
export type SessionPaymentRow = {
  id: string
  session_id: string
  provider_id: string
  kind: SessionPaymentKind
  bank_id: string | null
  amount_minor: number
  ccy: number
  charge_state: ChargeState
  wallet_id: string | null
  card_id: string | null
  bank_store_id: string | null
  recorded_as: string | null
  payment_method: string | null
  granted_at: Date | null
  session_ended_at: Date | null
  settlement: Settlement | null
  settled_at: Date | null
  next_check_at: Date | null
  attention: string | null
  attention_resolved_at: Date | null
  bank_record: Record<string, unknown> | null
  bank_record_at: Date | null
  created_at: Date
}

export type NewSessionPayment = {
  session_id: string
  provider_id: string
  kind: SessionPaymentKind
  bank_id?: string | null
  amount_minor: number
  ccy: number
  charge_state?: ChargeState
  wallet_id?: string | null
  card_id?: string | null
  bank_store_id?: string | null
  recorded_as?: string | null
  payment_method?: string | null
  next_check_at?: Date | null
}

const COLUMNS = [
  "id",
  "session_id",
  "provider_id",
  "kind",
  "bank_id",
  "amount_minor",
  "ccy",
  "charge_state",
  "wallet_id",
  "card_id",
  "bank_store_id",
  "recorded_as",
  "payment_method",
  "granted_at",
  "session_ended_at",
  "settlement",
  "settled_at",
  "next_check_at",
  "attention",
  "attention_resolved_at",
  "bank_record",
  "bank_record_at",
  "created_at",
] as const

const SELECT = COLUMNS.map((column) => `"${column}"`).join(", ")

/** Kinds whose bank ids name the same kind of bank payment (a card invoice, whichever way it was made). */
const CARD_KINDS: SessionPaymentKind[] = ["invoice", "saved_card", "store_page"]

export function sameBankPayments(kind: SessionPaymentKind): SessionPaymentKind[] {
  return CARD_KINDS.includes(kind) ? CARD_KINDS : [kind]
}

function toRow(raw: Record<string, unknown>): SessionPaymentRow {
  return { ...(raw as unknown as SessionPaymentRow), amount_minor: Number(raw.amount_minor), ccy: Number(raw.ccy) }
}

export class MonobankSessionPaymentsModuleService extends MedusaService({ MonobankSessionPayment }) {
  private readonly cradle_: Record<string, unknown>

  constructor(container: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = container
  }

  /** Records a payment; an invoice or order already recorded (a repeated answer) is returned as it is. */
  async recordSessionPayment(input: NewSessionPayment): Promise<SessionPaymentRow> {
    const [inserted] = await this.sql().execute(
      `INSERT INTO "monobank_session_payment"
         ("id", "session_id", "provider_id", "kind", "bank_id", "amount_minor", "ccy", "charge_state", "wallet_id", "card_id", "bank_store_id", "recorded_as", "payment_method", "next_check_at")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING
       RETURNING ${SELECT}`,
      [
        generateEntityId(undefined, "mbsp"),
        input.session_id,
        input.provider_id,
        input.kind,
        input.bank_id ?? null,
        input.amount_minor,
        input.ccy,
        input.charge_state ?? "sent",
        input.wallet_id ?? null,
        input.card_id ?? null,
        input.bank_store_id ?? null,
        input.recorded_as ?? null,
        input.payment_method ?? null,
        input.next_check_at ?? null,
      ]
    )
    if (inserted) return toRow(inserted)
    const existing = input.bank_id ? await this.sessionPaymentByBank(input.bank_id, sameBankPayments(input.kind)) : undefined
    if (!existing) throw new Error(`monobank: could not record the ${input.kind} of payment session ${input.session_id}`)
    return existing
  }

  async sessionPaymentsOf(sessionId: string): Promise<SessionPaymentRow[]> {
    const rows = await this.sql().execute(
      `SELECT ${SELECT} FROM "monobank_session_payment" WHERE "session_id" = ? AND "deleted_at" IS NULL ORDER BY "created_at" ASC, "id" ASC`,
      [sessionId]
    )
    return rows.map(toRow)
  }

  async sessionPaymentByBankId(kind: SessionPaymentKind, bankId: string): Promise<SessionPaymentRow | undefined> {
    const [row] = await this.sql().execute(
      `SELECT ${SELECT} FROM "monobank_session_payment" WHERE "kind" = ? AND "bank_id" = ? AND "deleted_at" IS NULL`,
      [kind, bankId]
    )
    return row ? toRow(row) : undefined
  }

  /** The row holding bank payment `bankId`, among rows of `kinds`. */
  async sessionPaymentByBank(bankId: string, kinds: SessionPaymentKind[]): Promise<SessionPaymentRow | undefined> {
    const [row] = await this.sql().execute(
      `SELECT ${SELECT} FROM "monobank_session_payment" WHERE "bank_id" = ? AND "kind" IN (?) AND "deleted_at" IS NULL ORDER BY "created_at" ASC LIMIT 1`,
      [bankId, kinds]
    )
    return row ? toRow(row) : undefined
  }

  async sessionPaymentById(id: string): Promise<SessionPaymentRow | undefined> {
    const [row] = await this.sql().execute(`SELECT ${SELECT} FROM "monobank_session_payment" WHERE "id" = ? AND "deleted_at" IS NULL`, [id])
    return row ? toRow(row) : undefined
  }

  /**
   * Moves a charge from `from` to `to` (setting `bank_id` when given), only if it is still in
   * `from`: the claim that lets a charge be sent once, on every server. False when it was not.
   */
  async moveCharge(id: string, from: ChargeState[], to: ChargeState, bankId?: string): Promise<boolean> {
    const rows = await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "charge_state" = ?, "bank_id" = COALESCE(?, "bank_id"), "updated_at" = now()
       WHERE "id" = ? AND "charge_state" IN (?) AND "deleted_at" IS NULL RETURNING "id"`,
      [to, bankId ?? null, id, from]
    )
    return rows.length > 0
  }

  /**
   * Names the invoice of a charge whose answer was lost, as the bank named it: only while the
   * charge is still unknown and no other row holds that invoice. False when it was not taken.
   */
  async adoptChargeInvoice(id: string, invoiceId: string): Promise<boolean> {
    try {
      const rows = await this.sql().execute(
        `UPDATE "monobank_session_payment" SET "bank_id" = ?, "charge_state" = 'sent', "updated_at" = now()
         WHERE "id" = ? AND "charge_state" = 'unknown' AND "bank_id" IS NULL AND "deleted_at" IS NULL RETURNING "id"`,
        [invoiceId, id]
      )
      return rows.length > 0
    } catch {
      // The unique index: another row holds this invoice already.
      return false
    }
  }

  /**
   * Hands a row over from a session that ended without a payment to the session that now records
   * the same bank payment (a mono checkout order placed again after a rolled-back placement).
   * Conditional on the row still being the old session's. False when it was not moved.
   */
  async moveToSession(id: string, fromSessionId: string, toSessionId: string): Promise<boolean> {
    const rows = await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "session_id" = ?, "session_ended_at" = NULL, "granted_at" = NULL, "settlement" = NULL,
         "settled_at" = NULL, "next_check_at" = NULL, "updated_at" = now()
       WHERE "id" = ? AND "session_id" = ? AND "deleted_at" IS NULL RETURNING "id"`,
      [toSessionId, id, fromSessionId]
    )
    return rows.length > 0
  }

  /** A checkout payment Medusa now holds as captured (collected on delivery, or a hold finalized). */
  async recordCheckoutCaptured(id: string): Promise<void> {
    await this.sql().execute(`UPDATE "monobank_session_payment" SET "recorded_as" = 'captured', "updated_at" = now() WHERE "id" = ?`, [id])
  }

  /**
   * Keeps a verified bank record of the row's payment, unless the row already holds a newer one
   * (`modifiedAt`: the record's modifiedDate; a record without one never replaces a dated one).
   * One conditional statement: webhooks handled at once on two servers keep the newest.
   */
  async rememberBankRecord(id: string, record: Record<string, unknown>, modifiedAt: Date | undefined, now = new Date()): Promise<boolean> {
    const notNewer = modifiedAt ? `("bank_record_modified" IS NULL OR "bank_record_modified" <= ?)` : `"bank_record_modified" IS NULL`
    const rows = await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "bank_record" = ?::jsonb, "bank_record_modified" = ?, "bank_record_at" = ?, "updated_at" = now()
       WHERE "id" = ? AND "deleted_at" IS NULL AND ${notNewer} RETURNING "id"`,
      [JSON.stringify(record), modifiedAt ?? null, now, id, ...(modifiedAt ? [modifiedAt] : [])]
    )
    return rows.length > 0
  }

  async markGranted(id: string, now = new Date()): Promise<void> {
    await this.sql().execute(`UPDATE "monobank_session_payment" SET "granted_at" = ?, "updated_at" = now() WHERE "id" = ?`, [now, id])
  }

  /** The session ended (replaced or deleted): no authorize may take its payments any more. */
  async markSessionEnded(sessionId: string, now = new Date()): Promise<void> {
    await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "session_ended_at" = COALESCE("session_ended_at", ?), "next_check_at" = LEAST(COALESCE("next_check_at", ?), ?), "updated_at" = now()
       WHERE "session_id" = ? AND "deleted_at" IS NULL`,
      [now, now, now, sessionId]
    )
  }

  async settleSessionPayment(id: string, settlement: Settlement, attention?: string, now = new Date()): Promise<void> {
    await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "settlement" = ?, "settled_at" = ?, "next_check_at" = NULL,
         "attention" = COALESCE(?, "attention"), "updated_at" = now() WHERE "id" = ? AND "deleted_at" IS NULL`,
      [settlement, now, attention ?? null, id]
    )
  }

  async scheduleCheck(id: string, at: Date, attention?: string): Promise<void> {
    await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "next_check_at" = ?, "attention" = COALESCE(?, "attention"), "updated_at" = now() WHERE "id" = ?`,
      [at, attention ?? null, id]
    )
  }

  /** Unsettled rows whose check is due, most overdue first. */
  async dueSessionPayments(now: Date, limit: number): Promise<SessionPaymentRow[]> {
    const rows = await this.sql().execute(
      `SELECT ${SELECT} FROM "monobank_session_payment"
       WHERE "deleted_at" IS NULL AND "settled_at" IS NULL AND "next_check_at" IS NOT NULL AND "next_check_at" <= ?
       ORDER BY "next_check_at" ASC, "id" ASC LIMIT ?`,
      [now, limit]
    )
    return rows.map(toRow)
  }

  /** Rows the store owner must look at. */
  async sessionPaymentsNeedingAttention(limit: number): Promise<SessionPaymentRow[]> {
    const rows = await this.sql().execute(
      `SELECT ${SELECT} FROM "monobank_session_payment" WHERE "deleted_at" IS NULL AND "attention" IS NOT NULL AND "attention_resolved_at" IS NULL
       ORDER BY "updated_at" DESC LIMIT ?`,
      [limit]
    )
    return rows.map(toRow)
  }

  /**
   * Installment orders made under one of `storeIds` whose money is not settled yet or rests on a
   * Medusa payment (which may still be confirmed, cancelled or returned).
   */
  async installmentOrdersUnder(storeIds: string[]): Promise<SessionPaymentRow[]> {
    if (!storeIds.length) return []
    const rows = await this.sql().execute(
      `SELECT ${SELECT} FROM "monobank_session_payment"
       WHERE "deleted_at" IS NULL AND "kind" = 'installment_order' AND "bank_id" IS NOT NULL
         AND "bank_store_id" IN (${storeIds.map(() => "?").join(", ")})
         AND ("settlement" IS NULL OR "settlement" = 'rests_on_payment')
       ORDER BY "created_at" ASC`,
      storeIds
    )
    return rows.map(toRow)
  }

  async resolveAttention(id: string, now = new Date()): Promise<boolean> {
    const rows = await this.sql().execute(
      `UPDATE "monobank_session_payment" SET "attention_resolved_at" = ?, "updated_at" = now() WHERE "id" = ? AND "attention" IS NOT NULL RETURNING "id"`,
      [now, id]
    )
    return rows.length > 0
  }

  private sql(): SqlManager {
    return this.cradle_.manager as SqlManager
  }
}
