"use client"

import { payWithGooglePay, type GooglePayOptions } from "@lib/monobank/card-payments"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { useEffect, useState } from "react"
import { useStorePagePayment } from "./use-store-page-payment"
import { loadGooglePay, type GooglePaymentsClient } from "./wallet-types"

const CARD = {
  type: "CARD",
  parameters: { allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"], allowedCardNetworks: ["VISA", "MASTERCARD"] },
}

/**
 * Google Pay, shown when the store enables it and Google says the shopper can pay. The token goes
 * from Google's sheet to the plugin's route, which decrypts it; the amount charged is the payment
 * session's, whatever the sheet shows.
 */
export default function GooglePayButton({
  cart,
  providerId,
  options,
  notReady,
}: {
  cart: HttpTypes.StoreCart
  providerId: string
  options: GooglePayOptions
  notReady: boolean
}) {
  const [client, setClient] = useState<GooglePaymentsClient | null>(null)
  const { busy, error, prepare, settle, fail } = useStorePagePayment(cart, providerId)

  useEffect(() => {
    let stopped = false
    loadGooglePay()
      .then(async (google) => {
        const candidate = new google.payments.api.PaymentsClient({ environment: options.environment })
        const { result } = await candidate.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [CARD] })
        if (result && !stopped) setClient(candidate)
      })
      .catch(() => undefined) // no Google Pay in this browser: the button stays hidden
    return () => {
      stopped = true
    }
  }, [options.environment])

  if (!client) return null

  const pay = async () => {
    let token: string
    try {
      const paymentData = await client.loadPaymentData({
        apiVersion: 2,
        apiVersionMinor: 0,
        merchantInfo: { merchantId: options.merchant_id, merchantName: options.merchant_name ?? "" },
        allowedPaymentMethods: [
          {
            ...CARD,
            // The store opens the token itself with its own key (Google's DIRECT tokenization).
            tokenizationSpecification: {
              type: "DIRECT",
              parameters: { protocolVersion: "ECv2", publicKey: options.public_key },
            },
          },
        ],
        transactionInfo: {
          totalPriceStatus: "FINAL",
          totalPrice: Number(cart.total ?? 0).toFixed(2),
          currencyCode: cart.currency_code.toUpperCase(),
          countryCode: "UA",
        },
      })
      token = paymentData.paymentMethodData.tokenizationData.token
    } catch {
      return fail("Google Pay was closed before paying.")
    }
    const session = await prepare()
    if (!session) return
    await settle(await payWithGooglePay(session, token))
  }

  return (
    <div className="mb-4">
      <Button onClick={pay} disabled={notReady} isLoading={busy} size="large" className="w-full" data-testid="monobank-google-pay">
        Pay with Google Pay
      </Button>
      <ErrorMessage error={error} data-testid="monobank-google-pay-error" />
    </div>
  )
}
