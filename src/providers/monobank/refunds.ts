/**
 * Refunds. Medusa refunds go to the bank as `cancel` with `extRef` = the Medusa refund id. Before
 * anything is sent, the invoice's `cancelList` is compared with the refunds Medusa has booked
 * (see utils/acquiring/refund-ledger), under a lock per invoice:
 * - a refund Medusa already sent (its id is an `extRef`) is not sent again;
 * - a bank refund no Medusa refund books yet (its answer was lost and Medusa deleted the refund,
 *   or it was made in the cabinet) is booked by a refund of exactly its amount, without a bank
 *   call; while one is unbooked, other refunds are refused;
 * - an admin refund of the amount of a lost-answer refund that the bank's notification already
 *   booked is refused once as a likely retry;
 * - the admin's retry of a refund Medusa answered with an error after the bank made it (see
 *   ../../utils/failed-refund-requests) books that bank refund and takes its place, without a
 *   bank call;
 * - while a refund sent without an answer is not shown by the bank, other refunds wait (it may
 *   still be made late).
 * The rules are decided with no I/O by `decideCardRefund` (utils/acquiring/refund-decision); this
 * file reads what it decides on, and carries the decision out.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isOutcomeUnknown, type InvoiceStatusRecord } from "../../lib/monobank"
import { failedRequestsAwaitingRetry } from "../../utils/failed-refund-requests"
import { fiscalItemsFor } from "../../utils/acquiring/fiscal-lines"
import { applyStatus, readMonobankData, type MonobankData, type RefundRecord } from "../../utils/acquiring/payment-data"
import {
  alreadyRecorded,
  decideCardRefund,
  sentRefund,
  type CardRefundDecision,
  type CardRefundLedger,
  type MarkWrite,
} from "../../utils/acquiring/refund-decision"
import type { RefundBook, RefundLedger } from "../../utils/acquiring/refund-ledger"
import { readInvoice } from "./capture"
import { formatMinor, type ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { refusalError } from "./refund-refusals"

/** One refund being carried out: what it was asked, and what was read for it. */
type RefundRun = {
  deps: ProviderDeps
  data: MonobankData
  amountMinor: number
  refundId: string
  book: RefundBook
  record: InvoiceStatusRecord
  stored: RefundLedger
}

export async function refundInvoice(
  deps: ProviderDeps,
  data: MonobankData,
  amountMinor: number,
  refundId: string,
  book: RefundBook
): Promise<MonobankData> {
  // Answered before: not even the bank is asked.
  if (alreadyRecorded(data.refunds ?? [], refundId)) return data
  const record = await readInvoice(deps, data.invoiceId)
  const stored = await book.read()
  const ledger = await cardRefundLedger(data, stored, book)
  const decision = decideCardRefund(ledger, record, { refundId, amountMinor, now: Date.now() })
  const run: RefundRun = { deps, data, amountMinor, refundId, book, record, stored }
  switch (decision.kind) {
    case "nothing":
      return decision.record ? withRefund(applyStatus(data, record), decision.record) : data
    case "book":
      return bookBankRefund(run, decision)
    case "refuse":
      await writeMark(book, decision.mark)
      throw refusalError(decision.refusal, { invoiceId: data.invoiceId, ccy: record.ccy, amountMinor })
    case "send":
      return sendRefund(run)
  }
}

/** What the decision reads, from Medusa's refunds of the payment and its data. */
async function cardRefundLedger(data: MonobankData, stored: RefundLedger, book: RefundBook): Promise<CardRefundLedger> {
  const onOrder = new Set<string>()
  for (const failed of failedRequestsAwaitingRetry(stored.others)) {
    if (await book.onOrder(failed)) onOrder.add(failed.id)
  }
  return {
    current: stored.current,
    others: stored.others,
    handed: data.refunds ?? [],
    stored: readMonobankData(stored.storedData)?.refunds ?? [],
    onOrder,
  }
}

const BOOKED_LOG = {
  named: (run, decision) => `monobank: refund ${run.refundId} books the monobank refund ${decision.record.ref} on invoice ${run.data.invoiceId}`,
  unbooked: (run, decision) =>
    `monobank: refund ${run.refundId} books the refund ${decision.record.ref} of ${formatMinor(run.amountMinor, run.record.ccy)} monobank already made on invoice ${run.data.invoiceId}; nothing sent`,
  failed_request: (run, decision) =>
    `monobank: refund ${run.refundId} books the refund of ${formatMinor(run.amountMinor, run.record.ccy)} monobank made on invoice ${run.data.invoiceId} for refund ${decision.replaces?.id}, whose request Medusa answered with an error, and replaces it; nothing sent`,
} satisfies Record<BookDecision["via"], (run: RefundRun, decision: BookDecision) => string>

type BookDecision = Extract<CardRefundDecision, { kind: "book" }>

/** Books a refund the bank already made: never a bank call. */
async function bookBankRefund(run: RefundRun, decision: BookDecision): Promise<MonobankData> {
  await writeMark(run.book, decision.mark)
  if (decision.replaces) await run.book.retire(decision.replaces)
  run.deps.logger.info(BOOKED_LOG[decision.via](run, decision))
  return withRefund(applyStatus(run.data, run.record), decision.record)
}

async function writeMark(book: RefundBook, mark: MarkWrite | undefined): Promise<void> {
  if (mark) await book.mark(mark.row, mark.facts)
}

/** Sends the refund; an answer that is lost is looked for on the invoice, then remembered as unanswered. */
async function sendRefund(run: RefundRun): Promise<MonobankData> {
  const { deps, data, amountMinor, refundId, record } = run
  let status: RefundRecord["status"]
  let createdDate: string | undefined
  try {
    const items = fiscalItemsFor(deps.options.fiscalBasket, data, amountMinor)
    const result = await deps.client.cancelInvoice({ invoiceId: data.invoiceId, amount: amountMinor, extRef: refundId, items })
    status = result.status
    createdDate = result.createdDate
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw toMedusaError(`refund ${formatMinor(amountMinor, record.ccy)}`, error)
    const after = await readInvoice(deps, data.invoiceId)
    const found = sentRefund(after, { refundId, amountMinor })
    if (found) return withRefund(applyStatus(data, after), found)
    const unanswered: RefundRecord = { ref: refundId, amount: amountMinor, status: "processing", source: "medusa", unansweredSince: new Date().toISOString() }
    await rememberUnanswered(run, withRefund(data, unanswered))
    throw toMedusaError(`refund ${formatMinor(amountMinor, record.ccy)}`, error)
  }
  if (status === "failure") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank declined the refund of ${formatMinor(amountMinor, record.ccy)} on invoice ${data.invoiceId}`
    )
  }
  deps.logger.info(`monobank: refund ${refundId} of ${formatMinor(amountMinor, record.ccy)} accepted (${status}) on invoice ${data.invoiceId}`)
  return withRefund(data, { ref: refundId, amount: amountMinor, status, source: "medusa", createdDate })
}

/** Medusa stores nothing when the provider throws: the unanswered refund is written here. */
async function rememberUnanswered(run: RefundRun, data: MonobankData): Promise<void> {
  try {
    await run.book.remember(run.stored.paymentId, data)
  } catch (error) {
    run.deps.logger.warn(`monobank: could not record the unanswered refund on invoice ${data.invoiceId}: ${(error as Error).message}`)
  }
}

function withRefund(data: MonobankData, refund: RefundRecord): MonobankData {
  return { ...data, refunds: [...(data.refunds ?? []).filter((r) => r.ref !== refund.ref), refund] }
}
