/**
 * The `monobank-withdrawals` module: bank orders the store still has to take back (see
 * ./models/withdrawal). Remembering one is a single conditional insert, so two servers that both
 * fail to withdraw the same order keep one row.
 */
import { generateEntityId, MedusaService } from "@medusajs/framework/utils"
import { MonobankWithdrawal } from "./models/withdrawal"

type SqlManager = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }

export type WithdrawalToRemember = { order_id: string; store_order_id: string; store_id: string; reason: string }

export type OpenWithdrawal = WithdrawalToRemember & { id: string; attempts: number; created_at: Date }

export type WithdrawalOutcome = "failed_at_bank" | "returned" | "payment_rests_on_it" | "left_to_session" | "not_this_sessions"

export class MonobankWithdrawalsModuleService extends MedusaService({ MonobankWithdrawal }) {
  private readonly cradle_: Record<string, unknown>

  constructor(container: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = container
  }

  /** Keeps `withdrawal` open until it is settled; remembering a settled order again opens it again. */
  async rememberWithdrawal(withdrawal: WithdrawalToRemember): Promise<void> {
    await this.sql().execute(
      `INSERT INTO "monobank_withdrawal" ("id", "order_id", "store_order_id", "store_id", "reason")
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT ("order_id") WHERE "deleted_at" IS NULL DO UPDATE
       SET "reason" = EXCLUDED."reason", "settled_at" = NULL, "outcome" = NULL, "updated_at" = now()
       WHERE "monobank_withdrawal"."settled_at" IS NOT NULL`,
      [generateEntityId(undefined, "mbwdr"), withdrawal.order_id, withdrawal.store_order_id, withdrawal.store_id, withdrawal.reason]
    )
  }

  async listOpenWithdrawals(storeId: string, limit: number): Promise<OpenWithdrawal[]> {
    return (await this.listMonobankWithdrawals(
      { store_id: storeId, settled_at: null },
      { select: ["id", "order_id", "store_order_id", "store_id", "reason", "attempts", "created_at"], order: { created_at: "ASC" }, take: limit }
    )) as OpenWithdrawal[]
  }

  async settleWithdrawal(id: string, outcome: WithdrawalOutcome, now = new Date()): Promise<void> {
    await this.updateMonobankWithdrawals({ id, outcome, settled_at: now })
  }

  async noteFailedAttempt(id: string, attempts: number, error: string): Promise<void> {
    await this.updateMonobankWithdrawals({ id, attempts, last_error: error.slice(0, 1000) })
  }

  private sql(): SqlManager {
    return this.cradle_.manager as SqlManager
  }
}
