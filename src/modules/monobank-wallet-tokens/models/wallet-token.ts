import { model } from "@medusajs/framework/utils"

/**
 * An Apple Pay or Google Pay token this store has taken, so that it never pays twice: a wallet
 * token is a bearer object for its whole lifetime, and whoever copies one could pay another cart
 * with it. Only a hash of the token's own id (Apple's `transactionId`, Google's `messageId`) is
 * kept, until the token could no longer be opened anyway.
 */
export const MonobankWalletToken = model.define("monobank_wallet_token", {
  id: model.id({ prefix: "mbwtok" }).primaryKey(),
  /** SHA-256 (hex) of the wallet and the token's id: never the id itself. */
  token_hash: model.text().unique(),
  /** `applePay` or `googlePay`. */
  wallet: model.text(),
  /** When the token stops opening (Google's `messageExpiration`, Apple's signing time plus `maxTokenAgeSeconds`). */
  expires_at: model.dateTime().index(),
})
