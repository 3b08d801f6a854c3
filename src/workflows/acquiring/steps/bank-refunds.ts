/**
 * Bank refunds no Medusa refund books (made in monobank's cabinet, or sent by a Medusa refund whose
 * answer was lost and which Medusa then deleted) become Medusa refunds, each exactly once: written
 * into the payment's data as "made at the bank, not booked yet", then booked with Medusa's refund
 * workflow by a refund whose mark names the bank refund; the provider books exactly that one
 * under its refund lock and never calls the bank for it.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { capturePaymentWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { CancelListItem } from "../../../lib/monobank"
import { fromBankMinorUnits } from "../../../utils/medusa-money"
import type { MonobankData, RefundRecord } from "../../../utils/acquiring/payment-data"
import { bankRefundKey, bookedKeys, isLostAnswerKey } from "../../../utils/acquiring/refund-ledger"
import { withRefundMark } from "../../../utils/refund-mark"
import { isHoldRelease } from "../../../utils/acquiring/status"
import type { MonobankWebhookFacts } from "../../../utils/acquiring/webhook-facts"
import type { MonobankPaymentRecords } from "./load-records"
import { writePaymentData } from "./payment-data-writer"

export { bankRefundKey }

/** Cancel entries Medusa did not ask for and has not recorded yet. */
export function unseenBankRefunds(
  invoice: Pick<MonobankWebhookFacts, "cancelList">,
  known: { paymentId: string; medusaRefundIds: string[]; recorded: RefundRecord[]; bookedBankRefunds?: string[] }
): RefundRecord[] {
  const ours = new Set([
    known.paymentId,
    ...known.medusaRefundIds,
    ...(known.bookedBankRefunds ?? []),
    ...known.recorded.map((r) => r.ref),
  ])
  return invoice.cancelList
    .filter((item) => item.status === "success" && !isHoldRelease(item) && !ours.has(bankRefundKey(item)))
    .map((item) => ({
      ref: bankRefundKey(item),
      amount: item.amount ?? 0,
      status: item.status,
      source: "bank" as const,
      refundId: null,
      createdDate: item.createdDate,
    }))
    .filter((record) => record.amount > 0)
}

/** Refreshes the bank status of refunds Medusa asked for (a `processing` one may have settled). */
export function refreshMedusaRefunds(recorded: RefundRecord[], cancelList: CancelListItem[]): RefundRecord[] {
  return recorded.map((record) => {
    const item = cancelList.find((i) => i.extRef === record.ref)
    return item && record.source === "medusa" ? { ...record, status: item.status } : record
  })
}

export type BookBankRefundsInput = { records: MonobankPaymentRecords; invoice: MonobankWebhookFacts }

export const bookBankRefundsStep = createStep(
  "monobank-book-bank-refunds",
  async ({ records, invoice }: BookBankRefundsInput, { container }) => {
    const payment = records.payment
    if (!payment || payment.canceled_at || invoice.capturedAmount === 0) return new StepResponse({ booked: 0 })
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const data = (payment.data ?? {}) as MonobankData
    const recorded = refreshMedusaRefunds(data.refunds ?? [], invoice.cancelList)
    const alreadyBooked = bookedKeys(payment.refunds)
    const unseen = unseenBankRefunds(invoice, {
      paymentId: payment.id,
      medusaRefundIds: payment.refunds.map((r) => r.id),
      bookedBankRefunds: [...alreadyBooked],
      // A refund sent without an answer is the bank's to show; once it does, it is booked from here.
      recorded: recorded.filter((r) => !r.unansweredSince),
    })
    const unseenRefs = new Set(unseen.map((r) => r.ref))
    const refunds = [...recorded.filter((r) => !(r.unansweredSince && unseenRefs.has(r.ref))), ...unseen]
    if (unseen.length || JSON.stringify(refunds) !== JSON.stringify(data.refunds ?? [])) {
      await writePaymentData(paymentModule, payment.id, { ...data, refunds })
    }
    for (const failed of recorded.filter((r) => r.source === "medusa" && r.status === "failure")) {
      logger.error(`monobank: refund ${failed.ref} on invoice ${invoice.invoiceId} failed at the bank; the shopper did not get this money back`)
    }

    const toBook = refunds.filter((r) => r.source === "bank" && !r.refundId && !alreadyBooked.has(r.ref) && r.status === "success")
    if (!toBook.length) return new StepResponse({ booked: 0 })
    if (!payment.captured_at && payment.captures.length === 0) {
      // Captured in the cabinet too: Medusa must know about the capture before it can refund.
      await capturePaymentWorkflow(container).run({
        input: { payment_id: payment.id, amount: fromBankMinorUnits(invoice.capturedAmount, invoice.ccy) },
      })
    }
    let booked = 0
    for (const record of toBook) {
      const amount = fromBankMinorUnits(record.amount, invoice.ccy)
      const note = isLostAnswerKey(record.ref)
        ? `Refunded by monobank after its answer to refund ${record.ref} was lost (invoice ${invoice.invoiceId}, ${record.createdDate ?? "date unknown"})`
        : `Refunded in the monobank cabinet (invoice ${invoice.invoiceId}, ${record.createdDate ?? "date unknown"})`
      const metadata = withRefundMark(null, { books: record.ref, booked_by: "webhook" })
      try {
        await bookRefund(container, paymentModule, payment.id, { amount, note, metadata })
        booked += 1
      } catch (error) {
        logger.error(
          `monobank: could not book the cabinet refund ${record.ref} of ${record.amount} (minor units) on invoice ${invoice.invoiceId}: ${(error as Error).message}`
        )
      }
    }
    return new StepResponse({ booked })
  }
)

type RefundWorkflowInput = { payment_id: string; amount: number; note: string }

async function bookRefund(
  container: Parameters<typeof refundPaymentWorkflow>[0],
  paymentModule: IPaymentModuleService,
  paymentId: string,
  refund: { amount: number; note: string; metadata: Record<string, unknown> }
): Promise<void> {
  const query = (container as { resolve: (key: string) => any }).resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: paymentId },
  })
  if (links[0]?.payment_collection?.order?.id) {
    // The workflow hands its whole input to the payment module, which stores `metadata` on the refund.
    const input: RefundWorkflowInput = { payment_id: paymentId, ...refund }
    await refundPaymentWorkflow(container).run({ input })
  } else {
    await paymentModule.refundPayment({ payment_id: paymentId, ...refund })
  }
}
