/**
 * The store owner's words for each refusal `decideCardRefund` (utils/acquiring/refund-decision)
 * gives: a table, so a new reason without words is a compile error. Every refusal says that
 * nothing was sent, or why nothing could be.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { CardRefundRefusal } from "../../utils/acquiring/refund-decision"
import { formatMinor } from "./deps"

/** What the words name besides the refusal's own facts. */
export type RefusalContext = { invoiceId: string; ccy: number; amountMinor: number }

type Words<R extends CardRefundRefusal["reason"]> = (refusal: Extract<CardRefundRefusal, { reason: R }>, at: RefusalContext) => MedusaError

const REFUSAL_ERRORS: { [R in CardRefundRefusal["reason"]]: Words<R> } = {
  named_not_shown: ({ bankRefund }, { invoiceId }) =>
    new MedusaError(MedusaError.Types.NOT_FOUND, `monobank shows no refund ${bankRefund} on invoice ${invoiceId} to book`),
  named_booked_elsewhere: ({ bankRefund }, { invoiceId }) =>
    new MedusaError(MedusaError.Types.NOT_ALLOWED, `The monobank refund ${bankRefund} on invoice ${invoiceId} is already booked by another Medusa refund`),
  named_other_amount: ({ bankRefund, bankAmountMinor }, { ccy, amountMinor }) =>
    new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The monobank refund ${bankRefund} is ${formatMinor(bankAmountMinor, ccy)}, not ${formatMinor(amountMinor, ccy)}`
    ),
  failed_request_on_order: ({ failedRefund }, { invoiceId, ccy, amountMinor }) => {
    const amount = formatMinor(amountMinor, ccy)
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank already refunded ${amount} on invoice ${invoiceId} for refund ${failedRefund}, whose request Medusa answered with an error; it is recorded on this payment and order. Nothing was sent. If you mean to refund another ${amount}, ask again`
    )
  },
  only_held: () =>
    new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot refund: the payment is only held, not captured. Capture it first, or cancel the order to release the hold"
    ),
  not_paid: ({ status }) => new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cannot refund: the monobank invoice is ${status}, nothing was paid`),
  over_refundable: ({ leftMinor }, { ccy, amountMinor }) =>
    new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot refund ${formatMinor(amountMinor, ccy)}: only ${formatMinor(leftMinor, ccy)} is left to refund on this monobank payment`
    ),
  unbooked_bank_refunds: ({ unbooked }, { invoiceId, ccy }) => {
    const list = unbooked.map((item) => `${formatMinor(item.amount ?? 0, ccy)} (${item.status}${item.extRef ? `, ${item.extRef}` : ""})`).join(", ")
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank already made refund(s) on invoice ${invoiceId} that no Medusa refund records yet: ${list} (a refund whose answer was lost, or one made in the monobank cabinet). Nothing was sent. They are booked when monobank's notification arrives; to book one now, refund exactly its amount`
    )
  },
  unanswered_refund: ({ waiting, until }, { invoiceId, ccy }) =>
    new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank has not answered the refund of ${formatMinor(waiting.amount, ccy)} sent at ${waiting.unansweredSince} (refund ${waiting.ref}) on invoice ${invoiceId} and does not show it yet: it may still be made. Nothing was sent. Check the invoice in the monobank cabinet: a refund monobank makes is booked here when its notification arrives; if monobank never makes it, refund again after ${until}`
    ),
  likely_retry: ({ bookedBy }, { invoiceId, ccy, amountMinor }) =>
    new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank already refunded ${formatMinor(amountMinor, ccy)} on invoice ${invoiceId} for an earlier refund whose answer was lost; it is booked on this payment as refund ${bookedBy}. Nothing was sent. If you mean to refund another ${formatMinor(amountMinor, ccy)}, ask again`
    ),
}

export function refusalError(refusal: CardRefundRefusal, at: RefusalContext): MedusaError {
  const words = REFUSAL_ERRORS[refusal.reason] as (refusal: CardRefundRefusal, at: RefusalContext) => MedusaError
  return words(refusal, at)
}
