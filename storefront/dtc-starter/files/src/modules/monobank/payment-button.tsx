"use client"

import { isMonobankInstallments } from "@lib/monobank/payment-info"
import { HttpTypes } from "@medusajs/types"
import CardButton from "./card-button"
import InstallmentsButton from "./installments-button"

/** The checkout's "Place order" for monobank's providers (added to the starter's PaymentButton). */
export default function MonobankPaymentButton({ cart, notReady }: { cart: HttpTypes.StoreCart; notReady: boolean }) {
  const session = cart.payment_collection?.payment_sessions?.[0]
  if (!session) return null
  return isMonobankInstallments(session.provider_id) ? (
    <InstallmentsButton cart={cart} notReady={notReady} />
  ) : (
    <CardButton cart={cart} providerId={session.provider_id} notReady={notReady} />
  )
}

export { isMonobank } from "@lib/monobank/payment-info"
