/**
 * `monobank-wallet-tokens` module: the Apple Pay and Google Pay tokens this store has taken, so a
 * token pays once (see ./service). Plugin modules are registered automatically; the card provider
 * refuses wallet payments when this one is missing.
 */
import { Module } from "@medusajs/framework/utils"
import { MonobankWalletTokensModuleService } from "./service"

export const MONOBANK_WALLET_TOKENS_MODULE = "monobankWalletTokens"

export { EXPIRED_TOKEN_KEPT_MS, MonobankWalletTokensModuleService } from "./service"
export type { WalletTokenClaim } from "./service"

export default Module(MONOBANK_WALLET_TOKENS_MODULE, {
  service: MonobankWalletTokensModuleService,
})
