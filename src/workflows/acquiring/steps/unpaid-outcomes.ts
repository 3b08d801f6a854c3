/**
 * Outcomes Medusa's core webhook handler drops: a declined or expired payment puts the session in
 * error / canceled (with the bank's reason, so the storefront can tell the shopper and start a new
 * session), and a hold that the bank released (9 days without capture) cancels the payment.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { stripUndefined } from "../../../lib/monobank"
import { toInstant } from "../../../utils/acquiring/payment-data"
import { SESSION_STATUS } from "../../../utils/acquiring/status"
import type { MonobankWebhookFacts } from "../../../utils/acquiring/webhook-facts"
import type { MonobankPaymentRecords } from "./load-records"
import { writePaymentData } from "./payment-data-writer"

type Input = { records: MonobankPaymentRecords; invoice: MonobankWebhookFacts }

const ENDED_UNPAID = new Set<MonobankWebhookFacts["status"]>(["failure", "expired", "reversed"])

function invoiceFacts(invoice: MonobankWebhookFacts) {
  return stripUndefined({
    status: invoice.status,
    modifiedDate: invoice.modifiedDate,
    failureReason: invoice.failureReason,
    errCode: invoice.errCode,
  })
}

function isNewer(invoice: MonobankWebhookFacts, data: Record<string, unknown> | null | undefined): boolean {
  const stored = toInstant(data?.modifiedDate as string | undefined)
  const incoming = toInstant(invoice.modifiedDate)
  return stored === undefined || incoming === undefined || incoming >= stored
}

export const markSessionUnpaidStep = createStep(
  "monobank-mark-session-unpaid",
  async ({ records, invoice }: Input, { container }) => {
    const session = records.session
    if (!session || records.payment || !ENDED_UNPAID.has(invoice.status) || invoice.capturedAmount > 0) {
      return new StepResponse({ updated: false })
    }
    const status = SESSION_STATUS[invoice.status]
    if (session.status === status && session.data?.status === invoice.status) return new StepResponse({ updated: false })
    if (!isNewer(invoice, session.data)) return new StepResponse({ updated: false })
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    await paymentModule.updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      data: { ...(session.data ?? {}), ...invoiceFacts(invoice) },
      status: status as PaymentSessionStatus,
    })
    if (invoice.status === "failure") {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(`monobank: payment for session ${session.id} declined (${invoice.errCode ?? "no code"}: ${invoice.failureReason ?? "no reason"})`)
    }
    return new StepResponse({ updated: true })
  }
)

export const cancelReleasedHoldStep = createStep(
  "monobank-cancel-released-hold",
  async ({ records, invoice }: Input, { container }) => {
    const payment = records.payment
    const uncaptured = payment && !payment.captured_at && payment.captures.length === 0 && !payment.canceled_at
    if (!payment || !uncaptured || invoice.status !== "reversed" || invoice.capturedAmount > 0) {
      return new StepResponse({ canceled: false })
    }
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    // Recorded first, so the provider sees the hold is gone and does not ask the bank to release it.
    await writePaymentData(paymentModule, payment.id, { ...(payment.data ?? {}), ...invoiceFacts(invoice) })
    await paymentModule.cancelPayment(payment.id)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`monobank: the hold on invoice ${invoice.invoiceId} was released by the bank before capture; payment ${payment.id} canceled`)
    return new StepResponse({ canceled: true })
  }
)
