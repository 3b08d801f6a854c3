/**
 * Saved cards: the customer's wallet at monobank, listed, used and emptied through the bank. The
 * bank keeps the card tokens; we hand out only hashed ids and masked numbers.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { WalletItem } from "../../lib/monobank"
import type { ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { paymentMethodIdFor } from "./wallet"

export type SavedCard = { id: string; data: { maskedPan: string; country?: string } }

/** A wallet nobody saved a card in yet is an empty wallet, not an error. */
async function walletCards(deps: ProviderDeps, walletId: string): Promise<WalletItem[]> {
  try {
    return await deps.client.listWalletCards(walletId)
  } catch (error) {
    if ((error as { status?: number }).status === 404) return []
    throw toMedusaError("read the customer's saved cards", error)
  }
}

export async function listSavedCards(deps: ProviderDeps, walletId: string): Promise<SavedCard[]> {
  const cards = await walletCards(deps, walletId)
  return cards.map((card) => ({
    id: paymentMethodIdFor(card.cardToken),
    data: card.country ? { maskedPan: card.maskedPan, country: card.country } : { maskedPan: card.maskedPan },
  }))
}

/** The bank's token of a saved card, looked up by our public id; only ever used server-side. */
export async function cardTokenOf(deps: ProviderDeps, walletId: string, paymentMethodId: string): Promise<string | undefined> {
  const cards = await walletCards(deps, walletId)
  return cards.find((card) => paymentMethodIdFor(card.cardToken) === paymentMethodId)?.cardToken
}

/** Deletes one saved card; deleting a card that is already gone is fine. */
export async function deleteSavedCard(deps: ProviderDeps, walletId: string, paymentMethodId: string): Promise<void> {
  const token = await cardTokenOf(deps, walletId, paymentMethodId)
  if (!token) return
  try {
    await deps.client.deleteWalletCard(token)
  } catch (error) {
    throw toMedusaError("delete the saved card", error)
  }
}

/** Deletes every card of a wallet (the customer's account holder is being removed). */
export async function emptyWallet(deps: ProviderDeps, walletId: string): Promise<void> {
  for (const card of await walletCards(deps, walletId)) {
    await deleteSavedCard(deps, walletId, paymentMethodIdFor(card.cardToken))
  }
}

export function requireWalletId(walletId: string | undefined, action: string): string {
  if (!walletId) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot ${action}: saved cards need a logged-in customer (no monobank wallet for this session)`
    )
  }
  return walletId
}
