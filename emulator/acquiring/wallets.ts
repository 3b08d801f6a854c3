/** Tokenized cards by wallet. The same card saved twice in one wallet stays one card. */
import type { CardOutcome, PaymentSystem } from "../cards"
import { newCardToken } from "../ids"
import type { PresentedCard } from "./types"

export type StoredCard = {
  cardToken: string
  walletId: string
  maskedPan: string
  paymentSystem: PaymentSystem
  country: string
  fingerprint: string
  outcome: CardOutcome
}

export class Wallets {
  private readonly byToken = new Map<string, StoredCard>()

  save(walletId: string, card: PresentedCard): StoredCard {
    const existing = [...this.byToken.values()].find(
      (stored) => stored.walletId === walletId && stored.fingerprint === card.fingerprint
    )
    if (existing) return existing
    const stored: StoredCard = {
      cardToken: newCardToken(),
      walletId,
      maskedPan: card.maskedPan,
      paymentSystem: card.paymentSystem,
      country: "804",
      fingerprint: card.fingerprint,
      outcome: card.outcome,
    }
    this.byToken.set(stored.cardToken, stored)
    return stored
  }

  find(cardToken: string): StoredCard | undefined {
    return this.byToken.get(cardToken)
  }

  list(walletId: string): StoredCard[] {
    return [...this.byToken.values()].filter((stored) => stored.walletId === walletId)
  }

  remove(cardToken: string): boolean {
    return this.byToken.delete(cardToken)
  }

  reset(): void {
    this.byToken.clear()
  }
}
