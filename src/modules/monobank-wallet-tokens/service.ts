/**
 * The `monobank-wallet-tokens` module: each wallet token pays once, whichever server and payment
 * session it reaches (see ./models/wallet-token). The claim is one conditional insert on a unique
 * key, so two requests with one token at once let exactly one through, with any number of servers.
 */
import { generateEntityId, MedusaService } from "@medusajs/framework/utils"
import { MonobankWalletToken } from "./models/wallet-token"

type SqlManager = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }

export type WalletTokenClaim = { wallet: string; token_hash: string; expires_at: Date }

/**
 * Rows are kept this long past their token's expiry before they may go: servers' clocks differ a
 * little, and a row must outlive every server's idea of when its token stops opening.
 */
export const EXPIRED_TOKEN_KEPT_MS = 60 * 60 * 1000
/** At most this many expired rows are deleted per claim, so a claim's work stays small. */
const PURGE_BATCH = 100

export class MonobankWalletTokensModuleService extends MedusaService({ MonobankWalletToken }) {
  private readonly cradle_: Record<string, unknown>

  constructor(container: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = container
  }

  /** True for the first claim of `token_hash` ever (while its row is kept), false for every later one. */
  async claimWalletToken(claim: WalletTokenClaim, now = new Date()): Promise<boolean> {
    await this.purgeExpired(now)
    const rows = await this.sql().execute(
      `INSERT INTO "monobank_wallet_token" ("id", "token_hash", "wallet", "expires_at") VALUES (?, ?, ?, ?)
       ON CONFLICT ("token_hash") WHERE "deleted_at" IS NULL DO NOTHING
       RETURNING "id"`,
      [generateEntityId(undefined, "mbwtok"), claim.token_hash, claim.wallet, claim.expires_at]
    )
    return rows.length > 0
  }

  /** Deletes a batch of rows whose tokens expired more than {@link EXPIRED_TOKEN_KEPT_MS} ago. */
  private async purgeExpired(now: Date): Promise<void> {
    await this.sql().execute(
      `DELETE FROM "monobank_wallet_token" WHERE "id" IN (
         SELECT "id" FROM "monobank_wallet_token" WHERE "expires_at" < ? AND "deleted_at" IS NULL LIMIT ${PURGE_BATCH}
       )`,
      [new Date(now.getTime() - EXPIRED_TOKEN_KEPT_MS)]
    )
  }

  private sql(): SqlManager {
    return this.cradle_.manager as SqlManager
  }
}
