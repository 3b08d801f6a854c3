/**
 * A wallet token pays once. Apple Pay and Google Pay tokens are bearer objects for their whole
 * lifetime: a copied one (a log, a proxy, a second tab) would pay another cart with the shopper's
 * card. Each opened token is claimed in the plugin's `monobank-wallet-tokens` table (a hash of its
 * id, never the id) before anything reaches the bank; a token already claimed is refused, on
 * whichever server or session it comes back.
 */
import { createHash } from "node:crypto"
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { MONOBANK_WALLET_TOKENS_MODULE, type MonobankWalletTokensModuleService } from "../../../modules/monobank-wallet-tokens"
import { optionalFromCradle, type ModuleScope } from "../../../utils/module-container"
import type { WalletField, WalletTokenUse } from "./wallet-card"

export type WalletTokenClaims = Pick<MonobankWalletTokensModuleService, "claimWalletToken">

/** The module the container holds; undefined when the store has not registered it. */
export function walletTokenClaimsOf(cradle: ModuleScope): WalletTokenClaims | undefined {
  return optionalFromCradle<WalletTokenClaims>(cradle, MONOBANK_WALLET_TOKENS_MODULE)
}

const WALLET_NAME = { applePay: "Apple Pay", googlePay: "Google Pay" } as const satisfies Record<WalletField, string>

/** What is stored for a token: SHA-256 of its wallet and id. The ids are random, so it cannot be reversed. */
export function walletTokenHash(use: Pick<WalletTokenUse, "wallet" | "id">): string {
  return createHash("sha256").update(`${use.wallet}:${use.id}`).digest("hex")
}

/**
 * Claims the token's one use; throws a 409 naming the wallet field when it was used before, and
 * refuses the payment (never skips the check) when the module is not registered.
 */
export async function claimWalletTokenOnce(use: WalletTokenUse, logger: Pick<Logger, "error"> | undefined, claims: WalletTokenClaims | undefined): Promise<void> {
  const name = WALLET_NAME[use.wallet]
  if (!claims) {
    const reason = `the plugin's monobank-wallet-tokens module (which lets each ${name} token pay once) is not registered in this store; register it and run \`npx medusa db:migrate\``
    logger?.error(`monobank: ${name} payment refused: ${reason}`)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${use.wallet}: this store cannot take ${name} payments right now: ${reason}`)
  }
  const claimed = await claims.claimWalletToken({ wallet: use.wallet, token_hash: walletTokenHash(use), expires_at: use.expiresAt })
  if (!claimed) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `${use.wallet}: this ${name} token was already used for a payment and is not sent to the bank again; pay again in ${name}`
    )
  }
}
