/**
 * The `monobank-bank-reads` module: lets a reader that anybody can trigger (a storefront poll)
 * read the bank for one thing at most once per interval, whichever server it runs on. The claim is
 * one conditional statement in the database, so it holds with any locking provider and any number
 * of servers.
 */
import { generateEntityId, MedusaService } from "@medusajs/framework/utils"
import { MonobankBankRead } from "./models/bank-read"

type SqlManager = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }

export class MonobankBankReadsModuleService extends MedusaService({ MonobankBankRead }) {
  private readonly cradle_: Record<string, unknown>

  constructor(container: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = container
  }

  /**
   * Claims the one bank read of `key` allowed per `intervalMs`: true for a single caller,
   * whichever server it runs on, false for everybody else until the interval has passed.
   */
  async claimBankRead(key: string, intervalMs: number, now = new Date()): Promise<boolean> {
    const rows = await this.sql().execute(
      `INSERT INTO "monobank_bank_read" ("id", "key", "last_read_at") VALUES (?, ?, ?)
       ON CONFLICT ("key") WHERE "deleted_at" IS NULL
       DO UPDATE SET "last_read_at" = EXCLUDED."last_read_at", "updated_at" = now()
       WHERE "monobank_bank_read"."last_read_at" <= ?
       RETURNING "id"`,
      [generateEntityId(undefined, "mbread"), key, now, new Date(now.getTime() - intervalMs)]
    )
    return rows.length > 0
  }

  private sql(): SqlManager {
    return this.cradle_.manager as SqlManager
  }
}
