"use client"

import { startMonoCheckout } from "@lib/monobank/actions"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { useState } from "react"

/** "Buy with mono checkout" on the cart page: delivery and payment on monobank's checkout page. */
export default function MonoCheckoutButton() {
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const start = async () => {
    setSubmitting(true)
    setError(null)
    const outcome = await startMonoCheckout()
    if ("redirectUrl" in outcome) return window.location.assign(outcome.redirectUrl)
    setSubmitting(false)
    setError("error" in outcome ? outcome.error : "monobank did not open its checkout page.")
  }

  return (
    <>
      <Button variant="secondary" className="w-full h-10" isLoading={submitting} onClick={start} data-testid="mono-checkout-button">
        Buy with mono checkout
      </Button>
      <ErrorMessage error={error} data-testid="mono-checkout-error" />
    </>
  )
}
