import { CreditCard } from "@medusajs/icons"
import React from "react"

/**
 * monobank's payment providers as the Medusa store registers them (README: "Providers"). Change
 * the ids if your medusa-config.ts gives the providers other ids.
 */
export const MONOBANK_PROVIDERS = {
  /** Card on monobank's payment page, held and captured from the admin. */
  card: "pp_monobank_monobank",
  /** Card on monobank's payment page, charged at once. */
  cardCharged: "pp_monobank_monobank-debit",
  installments: "pp_monobank-installments_monobank-installments",
  /** Chosen on the mono checkout page only; it cannot pay the storefront's own checkout. */
  onDelivery: "pp_monobank-on-delivery_monobank-on-delivery",
}

/** Entries for the starter's `paymentInfoMap` (src/lib/constants.tsx). */
export const monobankPaymentInfo: Record<string, { title: string; icon: React.JSX.Element }> = {
  [MONOBANK_PROVIDERS.card]: { title: "Card (monobank)", icon: <CreditCard /> },
  [MONOBANK_PROVIDERS.cardCharged]: { title: "Card, charged at once (monobank)", icon: <CreditCard /> },
  [MONOBANK_PROVIDERS.installments]: { title: "Pay in parts (monobank)", icon: <CreditCard /> },
  [MONOBANK_PROVIDERS.onDelivery]: { title: "Payment on delivery (mono checkout only)", icon: <CreditCard /> },
}

export const isMonobankCard = (providerId?: string) => !!providerId?.startsWith("pp_monobank_")
export const isMonobankInstallments = (providerId?: string) => providerId === MONOBANK_PROVIDERS.installments
export const isMonobank = (providerId?: string) => isMonobankCard(providerId) || isMonobankInstallments(providerId)
