"use client"

import { followMonoCheckout } from "@lib/monobank/actions"
import { useRouter, useSearchParams } from "next/navigation"
import { useEffect, useState } from "react"

const TRIES = 30
const EVERY_MS = 2_000

/**
 * Where mono checkout sends the shopper back (the plugin's checkout `returnUrl`, with
 * `?cart={cart_id}`): waits until the bank's order is a Medusa order and shows its confirmation.
 */
export default function MonoCheckoutReturn() {
  const router = useRouter()
  const cartId = useSearchParams().get("cart")
  const [text, setText] = useState("Getting your order from mono checkout…")

  useEffect(() => {
    if (!cartId) return setText("This page needs the cart of a mono checkout order.")
    let stopped = false
    const attempt = async (left: number) => {
      const outcome = await followMonoCheckout(cartId)
      if (stopped) return
      if ("orderUrl" in outcome) return router.replace(outcome.orderUrl)
      if ("declined" in outcome) return setText(outcome.declined)
      if ("error" in outcome) return setText(outcome.error)
      if (left > 0) return setTimeout(() => attempt(left - 1), EVERY_MS)
      setText("monobank has not confirmed the order yet. We will email you when it does.")
    }
    attempt(TRIES)
    return () => {
      stopped = true
    }
  }, [cartId, router])

  return (
    <div className="content-container py-24 txt-medium" data-testid="mono-checkout-return">
      {text}
    </div>
  )
}
