/**
 * What a bank payment means to Medusa, whichever monobank API it went through. Each bank
 * vocabulary is read once into a `PaymentOutcome` (card invoices: ./acquiring/status, installment
 * orders: ./installments/states); this one table then says what an outcome is as a payment
 * session status and as the action Medusa's webhook handler gets, so the two payment types cannot
 * read the same outcome differently.
 */
import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"

/** Medusa's session statuses plus "refunded" (money returned in full after it was taken). */
export type PaymentOutcome = "pending" | "authorized" | "captured" | "refunded" | "error" | "canceled"

type InMedusa = { session: PaymentSessionStatus; action: PaymentActions }

export const OUTCOME_IN_MEDUSA = {
  pending: { session: PaymentSessionStatus.PENDING, action: PaymentActions.PENDING },
  authorized: { session: PaymentSessionStatus.AUTHORIZED, action: PaymentActions.AUTHORIZED },
  captured: { session: PaymentSessionStatus.CAPTURED, action: PaymentActions.SUCCESSFUL },
  // Returned in full: the session can no longer be authorized or captured (the refund itself is
  // recorded by `refundPayment`), and the core handler has nothing to do; the plugin books refunds.
  refunded: { session: PaymentSessionStatus.CANCELED, action: PaymentActions.NOT_SUPPORTED },
  error: { session: PaymentSessionStatus.ERROR, action: PaymentActions.FAILED },
  canceled: { session: PaymentSessionStatus.CANCELED, action: PaymentActions.CANCELED },
} as const satisfies Record<PaymentOutcome, InMedusa>

const PAYMENT_OUTCOMES = Object.keys(OUTCOME_IN_MEDUSA) as PaymentOutcome[]

/**
 * Outcomes read as one of Medusa's vocabularies: a bank vocabulary's table of outcomes
 * (`inMedusa("session", INVOICE_OUTCOME)`), or the outcomes themselves when the bank's states are
 * read straight into one (`inMedusa("action")`).
 */
export function inMedusa<C extends keyof InMedusa>(column: C): Record<PaymentOutcome, InMedusa[C]>
export function inMedusa<K extends string, C extends keyof InMedusa>(column: C, outcomes: Record<K, PaymentOutcome>): Record<K, InMedusa[C]>
export function inMedusa(column: keyof InMedusa, outcomes?: Record<string, PaymentOutcome>): Record<string, InMedusa[keyof InMedusa]> {
  const pairs: [string, PaymentOutcome][] = outcomes ? Object.entries(outcomes) : PAYMENT_OUTCOMES.map((outcome) => [outcome, outcome])
  return Object.fromEntries(pairs.map(([key, outcome]) => [key, OUTCOME_IN_MEDUSA[outcome][column]]))
}
