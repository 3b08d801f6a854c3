"use client"

import { buyNowWithMonoCheckout } from "@lib/monobank/actions"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { HttpTypes } from "@medusajs/types"
import { useState } from "react"

/**
 * "Buy with mono checkout" on the product page: the chosen variant goes straight to monobank's
 * checkout page in a cart of its own (delivery and payment there); the shopper's cart is untouched.
 */
export default function MonobankBuyNowButton({
  variant,
  region,
  disabled,
}: {
  variant?: HttpTypes.StoreProductVariant
  region?: HttpTypes.StoreRegion
  disabled?: boolean
}) {
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const buy = async () => {
    if (!variant || !region) return
    setSubmitting(true)
    setError(null)
    const outcome = await buyNowWithMonoCheckout(region.id, variant.id, 1)
    if ("redirectUrl" in outcome) return window.location.assign(outcome.redirectUrl)
    setSubmitting(false)
    setError("error" in outcome ? outcome.error : "monobank did not open its checkout page.")
  }

  return (
    <>
      <Button
        variant="secondary"
        className="w-full h-10"
        isLoading={submitting}
        disabled={disabled || !variant || !region || submitting}
        onClick={buy}
        data-testid="mono-checkout-buy-now"
      >
        Buy with mono checkout
      </Button>
      <ErrorMessage error={error} data-testid="mono-checkout-buy-now-error" />
    </>
  )
}
