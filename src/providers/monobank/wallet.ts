/**
 * Saved cards. A Medusa customer maps to one monobank `walletId`, derived from the customer id so
 * it is the same on every call without asking the bank (a wallet exists once a card is saved in
 * it). Card tokens never leave the server: payment methods are named by a hash of the token, and
 * the token is looked up in the wallet when it is needed.
 */
import { createHash } from "node:crypto"

const WALLET_PREFIX = "medusa-"
const PAYMENT_METHOD_PREFIX = "mbcard_"

function digest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64url")
}

/** Stable, opaque walletId for a customer: the customer id itself is not sent to the bank. */
export function walletIdFor(customerId: string): string {
  return `${WALLET_PREFIX}${digest(`customer:${customerId}`).slice(0, 32)}`
}

/** Public id of a saved card; reveals nothing of the token. */
export function paymentMethodIdFor(cardToken: string): string {
  return `${PAYMENT_METHOD_PREFIX}${digest(`card:${cardToken}`).slice(0, 24)}`
}

export function walletIdOf(accountHolderData: unknown): string | undefined {
  const walletId = (accountHolderData as { walletId?: unknown } | undefined)?.walletId
  return typeof walletId === "string" && walletId !== "" ? walletId : undefined
}
