"use client"

import { fetchCardPaymentOptions, type CardPaymentOptions } from "@lib/monobank/card-payments"
import { HttpTypes } from "@medusajs/types"
import { useEffect, useState } from "react"
import ApplePayButton from "./apple-pay-button"
import CardForm from "./card-form"
import GooglePayButton from "./google-pay-button"

/**
 * Paying on the checkout page itself: the card form (PCI DSS merchants) and the Apple Pay / Google
 * Pay buttons, each only when the store enables it (`/store/monobank/card-payments/options`).
 * Nothing shows while the options load or when none is on; the bank's page stays available below.
 */
export default function StorePagePayments({ cart, providerId, notReady }: { cart: HttpTypes.StoreCart; providerId: string; notReady: boolean }) {
  const [options, setOptions] = useState<CardPaymentOptions | null>(null)

  useEffect(() => {
    let stopped = false
    fetchCardPaymentOptions(providerId)
      .then((loaded) => !stopped && setOptions(loaded))
      .catch(() => !stopped && setOptions(null)) // an older plugin without the route: the bank's page only
    return () => {
      stopped = true
    }
  }, [providerId])

  if (!options || (!options.direct_card && !options.apple_pay && !options.google_pay)) return null

  return (
    <div className="mb-6" data-testid="monobank-store-page-payments">
      {options.apple_pay && <ApplePayButton cart={cart} providerId={providerId} options={options.apple_pay} notReady={notReady} />}
      {options.google_pay && <GooglePayButton cart={cart} providerId={providerId} options={options.google_pay} notReady={notReady} />}
      {options.direct_card && <CardForm cart={cart} providerId={providerId} notReady={notReady} />}
      <p className="mb-4 txt-compact-small text-ui-fg-subtle">Or pay on monobank&apos;s page:</p>
    </div>
  )
}
