/**
 * What the provider would refuse about a request for a new installment session, decided before
 * Medusa acts on it. Medusa deletes a collection's other sessions in parallel with creating the new
 * one, whatever becomes of the new one (it then tries to recreate them), and deleting an
 * installment session withdraws its bank order: so a request the provider would refuse has to be
 * refused before Medusa starts. Same rules as `initiatePayment` (./order-request), plus one Medusa
 * does not apply: a paid cart gets no new session, which would delete the session of its payment.
 */
import type { BigNumberInput, PaymentCustomerDTO } from "@medusajs/framework/types"
import { kyivDate } from "./kyiv-date"
import { InstallmentInputError } from "./input-errors"
import type { ResolvedInstallmentsOptions } from "../../utils/installments/options"
import { planCreateOrder } from "./order-request"

export type SessionRequest = {
  /** The payment collection as Medusa will hand it to the provider. */
  amount: BigNumberInput
  currency_code: string
  cart_completed: boolean
  /** Payments of the collection that are not cancelled. */
  live_payments: number
  /** Session data after the store middleware added the cart's lines and billing phone. */
  data: Record<string, unknown>
  customer?: Pick<PaymentCustomerDTO, "phone" | "billing_address"> | null
}

/** Stands in for the session id Medusa has not made yet; only its presence is checked. */
const NOT_YET_CREATED = "payses_not_yet_created"

/** The refusal the shopper would get, or undefined when the provider would go on to the bank. */
export function refusalOf(request: SessionRequest, options: ResolvedInstallmentsOptions, now = new Date()): InstallmentInputError | undefined {
  if (request.cart_completed || request.live_payments > 0) return new InstallmentInputError({ code: "cart_already_paid" })
  try {
    planCreateOrder(
      {
        amount: request.amount,
        currency_code: request.currency_code,
        data: request.data,
        customer: request.customer,
        sessionId: NOT_YET_CREATED,
        date: kyivDate(now),
      },
      options
    )
  } catch (error) {
    if (error instanceof InstallmentInputError) return error
    throw error
  }
  return undefined
}
