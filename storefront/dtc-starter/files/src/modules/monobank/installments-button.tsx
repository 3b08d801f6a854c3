"use client"

import { placeMonobankInstallmentOrder, startMonobankInstallments } from "@lib/monobank/actions"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { useState } from "react"
import { useInstallmentProgress } from "./use-installment-progress"

/** The installments provider's `allowedParts` (its default); keep in step with medusa-config.ts. */
const PARTS = [3, 4, 6]

/**
 * Installments: the shopper's phone and number of payments; the bank then asks the shopper in the
 * monobank app, and this waits (polling the plugin's route) until the cart is an order or the
 * bank says why not, in Ukrainian and English. A store that places the order before the approval
 * sends the shopper to the order's waiting page (checkout/monobank/installment) instead.
 */
export default function InstallmentsButton({ cart, notReady }: { cart: HttpTypes.StoreCart; notReady: boolean }) {
  const [phone, setPhone] = useState(cart.billing_address?.phone ?? "")
  const [parts, setParts] = useState(PARTS[0])
  const [sessionId, setSessionId] = useState<string | null>(null)
  const progress = useInstallmentProgress(sessionId, (orderUrl) => window.location.assign(orderUrl))
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const start = async () => {
    setSubmitting(true)
    setError(null)
    setSessionId(null)
    const started = await startMonobankInstallments(cart, phone, parts)
    if ("error" in started) {
      setSubmitting(false)
      return setError(started.error)
    }
    if (!started.placeOrderNow) {
      setSubmitting(false)
      return setSessionId(started.sessionId)
    }
    // The store places the order now; its page waits for the answer in the app.
    const placed = await placeMonobankInstallmentOrder(started.sessionId)
    setSubmitting(false)
    if ("error" in placed) setError(placed.error)
    else window.location.assign(placed.awaitingUrl)
  }

  if (sessionId && !progress?.final) {
    return (
      <div className="flex flex-col gap-y-2 txt-medium" data-testid="monobank-installments-waiting">
        <p className="txt-medium-plus">Waiting for your confirmation in the monobank app…</p>
        {progress?.message && (
          <>
            <p>{progress.message.en}</p>
            <p className="text-ui-fg-subtle">{progress.message.uk}</p>
          </>
        )}
      </div>
    )
  }

  const failure = progress?.final ? progress.message : null
  return (
    <div className="flex flex-col gap-y-3">
      <label className="flex flex-col txt-medium">
        Phone of your monobank account
        <input className="border rounded px-2 py-1" value={phone} onChange={(e) => setPhone(e.target.value)} data-testid="monobank-installments-phone" />
      </label>
      <label className="flex flex-col txt-medium">
        Number of payments
        <select className="border rounded px-2 py-1" value={parts} onChange={(e) => setParts(Number(e.target.value))} data-testid="monobank-installments-parts">
          {PARTS.map((n) => (
            <option key={n} value={n}>
              {n} payments of {(Number(cart.total ?? 0) / n).toFixed(2)} {cart.currency_code?.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      {failure && (
        <div className="text-rose-500 text-small-regular" data-testid="monobank-installments-failure">
          <p>{failure.en}</p>
          <p>{failure.uk}</p>
        </div>
      )}
      <Button disabled={notReady || !phone} isLoading={submitting} onClick={start} size="large" data-testid="monobank-pay-button">
        Pay in parts with monobank
      </Button>
      <ErrorMessage error={error} data-testid="monobank-payment-error" />
    </div>
  )
}
