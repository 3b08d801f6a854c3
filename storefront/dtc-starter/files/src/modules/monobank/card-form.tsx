"use client"

import { payWithCardDetails } from "@lib/monobank/card-payments"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { FormEvent, useState } from "react"
import { useStorePagePayment } from "./use-store-page-payment"

const digits = (text: string) => text.replace(/\D/g, "")

/** "12 / 30", "12/30" or "1230" as the bank wants it: MMYY. */
function mmyy(text: string): string {
  const d = digits(text)
  return d.length === 3 ? `0${d}` : d
}

const inputClass =
  "w-full px-4 py-2 border rounded-md bg-ui-bg-field border-ui-border-base hover:bg-ui-bg-field-hover txt-medium"

/**
 * The card form for merchants with a PCI DSS certificate (the store's `direct_card`). The fields
 * live in this component's state only, go to the plugin's route in one request from the browser,
 * and are cleared as soon as it is sent.
 */
export default function CardForm({ cart, providerId, notReady }: { cart: HttpTypes.StoreCart; providerId: string; notReady: boolean }) {
  const [pan, setPan] = useState("")
  const [exp, setExp] = useState("")
  const [cvv, setCvv] = useState("")
  const { busy, error, prepare, settle } = useStorePagePayment(cart, providerId)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const session = await prepare()
    if (!session) return
    const cardData = { pan: digits(pan), exp: mmyy(exp), cvv: digits(cvv) }
    setCvv("")
    const result = await payWithCardDetails(session, cardData)
    if (result.status !== "error") setPan("")
    await settle(result)
  }

  return (
    <form onSubmit={submit} className="mb-6 flex flex-col gap-y-3" data-testid="monobank-card-form" autoComplete="on">
      <label className="flex flex-col gap-y-1 txt-compact-medium">
        Card number
        <input
          className={inputClass}
          value={pan}
          onChange={(e) => setPan(e.target.value)}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          required
          data-testid="monobank-card-number"
        />
      </label>
      <div className="flex gap-x-3">
        <label className="flex flex-col gap-y-1 txt-compact-medium flex-1">
          Expiry (MM/YY)
          <input
            className={inputClass}
            value={exp}
            onChange={(e) => setExp(e.target.value)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            data-testid="monobank-card-expiry"
          />
        </label>
        <label className="flex flex-col gap-y-1 txt-compact-medium flex-1">
          CVV
          <input
            className={inputClass}
            value={cvv}
            onChange={(e) => setCvv(e.target.value)}
            inputMode="numeric"
            autoComplete="cc-csc"
            type="password"
            maxLength={4}
            required
            data-testid="monobank-card-cvv"
          />
        </label>
      </div>
      <Button type="submit" disabled={notReady} isLoading={busy} size="large" data-testid="monobank-card-form-pay">
        Pay by card
      </Button>
      <ErrorMessage error={error} data-testid="monobank-card-form-error" />
    </form>
  )
}
