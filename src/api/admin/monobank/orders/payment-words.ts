/**
 * The words a store owner reads for a monobank payment: which provider and method, and what the
 * bank's status means. Tables, so a status without words is a compile error.
 */
import type { z } from "zod"
import type { invoiceStatusSchema } from "../../../../lib/monobank"
import type { ProviderKind } from "../../../../utils/provider-ids"

type InvoiceStatus = z.infer<typeof invoiceStatusSchema>

export const CARD_STATUS_MEANING = {
  created: "Invoice created; the shopper has not paid yet.",
  processing: "The shopper is paying right now.",
  hold: "The money is held on the card: capture it to charge, or cancel to release it.",
  success: "Paid: the money is charged.",
  failure: "The payment failed; nothing was charged.",
  expired: "The invoice expired unpaid.",
  reversed: "Refunded or released: the money went back to the shopper (fully or partly, see refunds).",
} as const satisfies Record<InvoiceStatus, string>

/**
 * What Medusa's "Capture payment" button does at the bank, said before the click: shown while a
 * payment waits for it (a card hold; an installment purchase the shopper confirmed).
 */
export const CAPTURE_MEANS = {
  card: "“Capture payment” charges the held money (all of it, or less); a hold nobody captures is released by monobank after 9 days.",
  installments:
    "“Capture payment” confirms to monobank that the customer has received the goods: the installment plan starts and monobank pays the store. Capture only after handing the goods over; “Cancel” withdraws the purchase instead.",
} as const

export const CHECKOUT_PAYMENT_WORDS: Record<string, string> = {
  card: "card",
  payment_on_delivery: "payment on delivery",
  part_purchase: "installments",
}

/** How many days a hold lasts at monobank before the bank releases it (docs/acquiring.md). */
export const HOLD_DAYS = 9
/** The widget warns when a hold has less than this left. */
export const HOLD_WARNING_MS = 2 * 24 * 60 * 60 * 1000

/** "Card, held" / "Card, charged at once" / "Installments, 4 parts" / "mono checkout, payment on delivery". */
export function methodInWords(kind: ProviderKind, data: Record<string, unknown>, checkoutMethod?: string | null): string {
  const viaCheckout = checkoutMethod ? "mono checkout, " : ""
  if (kind === "card") return `${viaCheckout ? "mono checkout, card" : "Card"}, ${data.paymentType === "hold" ? "held" : "charged at once"}`
  if (kind === "installments") {
    const parts = typeof data.parts_count === "number" ? `, ${data.parts_count} parts` : ""
    return `${viaCheckout ? "mono checkout, installments" : "Installments"}${parts}`
  }
  return "mono checkout, payment on delivery"
}
