"use client"

import { listMonobankSavedCards, payByMonobankCard, type MonobankOutcome } from "@lib/monobank/actions"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { useEffect, useState } from "react"
import StorePagePayments from "./store-page-payments"

const NEW_CARD = "new"

/** The bank's reason for the last declined attempt, kept by the provider in the session. */
function declineOf(cart: HttpTypes.StoreCart, providerId: string): string | null {
  const session = cart.payment_collection?.payment_sessions?.find((s) => s.provider_id === providerId)
  if (session?.status !== "error") return null
  return String(session.data?.failureReason ?? "The bank did not accept the payment.")
}

/**
 * Card payment: a logged-in customer may pick a saved card (charged without the payment page) or
 * a new card (optionally saved); the new card is paid on monobank's page. Above it, when the store
 * enables them: the card form on this page and Apple Pay / Google Pay (store-page-payments.tsx).
 */
export default function CardButton({ cart, providerId, notReady }: { cart: HttpTypes.StoreCart; providerId: string; notReady: boolean }) {
  const [savedCards, setSavedCards] = useState<{ id: string; masked_pan: string | null }[] | null>(null)
  const [choice, setChoice] = useState(NEW_CARD)
  const [saveCard, setSaveCard] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(declineOf(cart, providerId))

  useEffect(() => {
    listMonobankSavedCards(providerId).then((cards) => {
      setSavedCards(cards)
      if (cards?.length) setChoice(cards[0].id)
    })
  }, [providerId])

  const follow = (outcome: MonobankOutcome) => {
    if ("redirectUrl" in outcome) return window.location.assign(outcome.redirectUrl)
    if ("orderUrl" in outcome) return window.location.assign(outcome.orderUrl)
    setSubmitting(false)
    if ("declined" in outcome) setError(outcome.declined)
    else if ("error" in outcome) setError(outcome.error)
    else setError("monobank is still processing the payment; refresh this page in a moment.")
  }

  const pay = async () => {
    setSubmitting(true)
    setError(null)
    const paymentMethodId = choice === NEW_CARD ? undefined : choice
    follow(await payByMonobankCard(cart, providerId, { paymentMethodId, saveCard: !paymentMethodId && saveCard }))
  }

  return (
    <>
      <StorePagePayments cart={cart} providerId={providerId} notReady={notReady} />
      {savedCards && savedCards.length > 0 && (
        <fieldset className="mb-4 flex flex-col gap-y-2 txt-medium" data-testid="monobank-saved-cards">
          {savedCards.map((card) => (
            <label key={card.id} className="flex gap-x-2 items-center">
              <input type="radio" name="monobank-card" checked={choice === card.id} onChange={() => setChoice(card.id)} />
              Saved card {card.masked_pan}
            </label>
          ))}
          <label className="flex gap-x-2 items-center">
            <input type="radio" name="monobank-card" checked={choice === NEW_CARD} onChange={() => setChoice(NEW_CARD)} />
            A new card
          </label>
        </fieldset>
      )}
      {choice === NEW_CARD && savedCards !== null && (
        <label className="mb-4 flex gap-x-2 items-center txt-medium">
          <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} data-testid="monobank-save-card" />
          Save the card for next time
        </label>
      )}
      <Button disabled={notReady} isLoading={submitting} onClick={pay} size="large" data-testid="monobank-pay-button">
        {choice === NEW_CARD ? "Pay by card on monobank's page" : "Pay with the saved card"}
      </Button>
      <ErrorMessage error={error} data-testid="monobank-payment-error" />
    </>
  )
}
