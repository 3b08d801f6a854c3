"use client"

import { completeMonobankCart } from "@lib/monobank/actions"
import { useParams, useRouter } from "next/navigation"
import { useEffect, useState } from "react"

const TRIES = 20
const EVERY_MS = 2_000

/**
 * Where monobank's payment page sends the shopper back (the card provider's `redirectUrl`):
 * completes the cart (the bank's webhook may have done it already) and goes to the order's
 * confirmation; a declined card goes back to the checkout, which shows the bank's reason.
 */
export default function MonobankReturn() {
  const router = useRouter()
  const { countryCode } = useParams<{ countryCode: string }>()
  const [text, setText] = useState("Confirming your payment with monobank…")

  useEffect(() => {
    let stopped = false
    const attempt = async (left: number) => {
      const outcome = await completeMonobankCart()
      if (stopped) return
      if ("orderUrl" in outcome) return router.replace(outcome.orderUrl)
      if ("redirectUrl" in outcome) return window.location.assign(outcome.redirectUrl)
      if ("declined" in outcome) return router.replace(`/${countryCode}/checkout?step=review`)
      if ("error" in outcome) return setText(outcome.error)
      if (left > 0) return setTimeout(() => attempt(left - 1), EVERY_MS)
      setText("monobank is still processing your payment. We will email you when it is done.")
    }
    attempt(TRIES)
    return () => {
      stopped = true
    }
  }, [countryCode, router])

  return (
    <div className="content-container py-24 txt-medium" data-testid="monobank-return">
      {text}
    </div>
  )
}
