"use client"

import { appleMerchantSession, payWithApplePay, type ApplePayOptions } from "@lib/monobank/card-payments"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { useEffect, useState } from "react"
import { useStorePagePayment } from "./use-store-page-payment"
import { applePaySession } from "./wallet-types"

const APPLE_PAY_VERSION = 3

/**
 * Apple Pay, shown when the store enables it and the browser can pay with it (Safari with a card
 * in the Wallet). The store validates the merchant with Apple and decrypts the payment token; the
 * amount charged is the payment session's, whatever the sheet shows.
 */
export default function ApplePayButton({
  cart,
  providerId,
  options,
  notReady,
}: {
  cart: HttpTypes.StoreCart
  providerId: string
  options: ApplePayOptions
  notReady: boolean
}) {
  const [available, setAvailable] = useState(false)
  const { busy, error, prepare, settle, fail } = useStorePagePayment(cart, providerId)

  useEffect(() => {
    const Session = applePaySession()
    setAvailable(!!Session && Session.supportsVersion(APPLE_PAY_VERSION) && Session.canMakePayments())
  }, [])

  if (!available) return null

  // Apple wants the sheet opened in the click itself: the payment session is started meanwhile.
  const pay = () => {
    const Session = applePaySession()!
    const sheet = new Session(APPLE_PAY_VERSION, {
      countryCode: "UA",
      currencyCode: cart.currency_code.toUpperCase(),
      supportedNetworks: ["visa", "masterCard"],
      merchantCapabilities: ["supports3DS"],
      total: { label: options.display_name, amount: Number(cart.total ?? 0).toFixed(2) },
    })
    const session = prepare()
    sheet.onvalidatemerchant = (event) => {
      appleMerchantSession(providerId, event.validationURL)
        .then((merchantSession) => sheet.completeMerchantValidation(merchantSession))
        .catch((err: Error) => {
          sheet.abort()
          fail(err.message)
        })
    }
    sheet.onpaymentauthorized = async (event) => {
      const ref = await session
      if (!ref) return sheet.completePayment({ status: Session.STATUS_FAILURE })
      const result = await payWithApplePay(ref, event.payment.token.paymentData)
      sheet.completePayment({ status: result.status === "error" ? Session.STATUS_FAILURE : Session.STATUS_SUCCESS })
      await settle(result)
    }
    sheet.oncancel = () => fail("Apple Pay was closed before paying.")
    sheet.begin()
  }

  return (
    <div className="mb-4">
      <Button onClick={pay} disabled={notReady} isLoading={busy} size="large" className="w-full" data-testid="monobank-apple-pay">
        Pay with Apple Pay
      </Button>
      <ErrorMessage error={error} data-testid="monobank-apple-pay-error" />
    </div>
  )
}
