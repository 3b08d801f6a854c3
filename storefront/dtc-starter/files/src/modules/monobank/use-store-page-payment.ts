"use client"

import { completeMonobankCart, startMonobankStorePagePayment } from "@lib/monobank/actions"
import type { CardPaymentResult, SessionRef } from "@lib/monobank/card-payments"
import { HttpTypes } from "@medusajs/types"
import { useState } from "react"

/**
 * One payment on the checkout page (card form, Apple Pay, Google Pay): a payment session that
 * opens no bank page, then the store's answer followed: 3-D Secure, the order, or the reason.
 */
export function useStorePagePayment(cart: HttpTypes.StoreCart, providerId: string) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  /** A fresh session for this attempt: after a decline the shopper may try again. */
  const prepare = async (): Promise<SessionRef | null> => {
    setBusy(true)
    setError(null)
    const started = await startMonobankStorePagePayment(cart, providerId)
    if ("error" in started) {
      setBusy(false)
      setError(started.error)
      return null
    }
    return { cart_id: cart.id, payment_session_id: started.sessionId }
  }

  const settle = async (result: CardPaymentResult): Promise<void> => {
    if (result.status === "requires_more" && result.tds_url) {
      // The bank's 3-D Secure page sends the shopper on to the monobank return page, which completes the cart.
      window.location.assign(result.tds_url)
      return
    }
    if (result.status === "error") {
      setBusy(false)
      setError(result.message ?? "The bank did not accept the payment.")
      return
    }
    const outcome = await completeMonobankCart()
    if ("orderUrl" in outcome) return window.location.assign(outcome.orderUrl)
    if ("redirectUrl" in outcome) return window.location.assign(outcome.redirectUrl)
    setBusy(false)
    if ("declined" in outcome) setError(outcome.declined)
    else if ("error" in outcome) setError(outcome.error)
    else setError("monobank is still processing the payment; refresh this page in a moment.")
  }

  const fail = (message: string) => {
    setBusy(false)
    setError(message)
  }

  return { busy, error, prepare, settle, fail }
}
