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
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isOutcomeUnknown, type CancelListItem, type InvoiceStatusRecord } from "../../lib/monobank"
import { failedRequestsAwaitingRetry } from "../../utils/failed-refund-requests"
import { readRefundMark } from "../../utils/refund-mark"
import { readInvoice } from "./capture"
import { formatMinor, type ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { applyStatus, readMonobankData, type MonobankData, type RefundRecord } from "../../utils/acquiring/payment-data"
import {
  bankRefundKey,
  bookedKeys,
  isLostAnswerKey,
  type RefundBook,
  type RefundLedger,
  type RefundRow,
} from "../../utils/acquiring/refund-ledger"
import { isHoldRelease, refundableMinor } from "../../utils/acquiring/status"

/** Refunds on the invoice that moved or may still move money (not hold releases, not failed). */
function liveRefunds(record: InvoiceStatusRecord): CancelListItem[] {
  return (record.cancelList ?? []).filter((item) => !isHoldRelease(item) && item.status !== "failure")
}

function recordFromCancel(item: CancelListItem, amountMinor: number, refundId: string): RefundRecord {
  const ref = bankRefundKey(item)
  return {
    ref,
    amount: item.amount ?? amountMinor,
    status: item.status,
    source: ref === refundId ? "medusa" : "bank",
    ...(ref === refundId ? {} : { refundId }),
    createdDate: item.createdDate,
  }
}

export async function refundInvoice(
  deps: ProviderDeps,
  data: MonobankData,
  amountMinor: number,
  refundId: string,
  book: RefundBook
): Promise<MonobankData> {
  const refunds = data.refunds ?? []
  if (refunds.some((r) => (r.ref === refundId && !r.unansweredSince) || r.refundId === refundId)) return data

  const record = await readInvoice(deps, data.invoiceId)
  const sent = liveRefunds(record).find((item) => item.extRef === refundId)
  if (sent) return withRefund(applyStatus(data, record), recordFromCancel(sent, amountMinor, refundId))

  const ledger = await book.read()
  const booked = bookedKeys(ledger.others)
  const named = readRefundMark(ledger.current.metadata).books
  if (named) return bookNamed(deps, data, record, { named, amountMinor, refundId, booked })
  const retried = await retryOfFailedRequest(deps, data, record, { ledger, book, amountMinor, refundId })
  if (retried) return retried

  const unbooked = liveRefunds(record).filter((item) => !booked.has(bankRefundKey(item)))
  const same = unbooked.find((item) => item.amount === amountMinor)
  if (same) {
    await book.mark(ledger.current, { books: bankRefundKey(same) })
    deps.logger.info(
      `monobank: refund ${refundId} books the refund ${bankRefundKey(same)} of ${formatMinor(amountMinor, record.ccy)} monobank already made on invoice ${data.invoiceId}; nothing sent`
    )
    return withRefund(applyStatus(data, record), recordFromCancel(same, amountMinor, refundId))
  }
  assertRefundable(record, amountMinor)
  if (unbooked.length) throw unbookedRefundsError(data.invoiceId, record.ccy, unbooked)
  const waiting = unansweredRefund([...(data.refunds ?? []), ...(readMonobankData(ledger.storedData)?.refunds ?? [])], record)
  if (waiting) throw unansweredRefundError(data.invoiceId, record.ccy, waiting)
  await refuseLikelyRetry(book, ledger.others, record, amountMinor, data.invoiceId)

  let status: RefundRecord["status"]
  let createdDate: string | undefined
  try {
    const result = await deps.client.cancelInvoice({ invoiceId: data.invoiceId, amount: amountMinor, extRef: refundId })
    status = result.status
    createdDate = result.createdDate
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw toMedusaError(`refund ${formatMinor(amountMinor, record.ccy)}`, error)
    const after = await readInvoice(deps, data.invoiceId)
    const found = liveRefunds(after).find((item) => item.extRef === refundId)
    if (found) return withRefund(applyStatus(data, after), recordFromCancel(found, amountMinor, refundId))
    const unanswered: RefundRecord = { ref: refundId, amount: amountMinor, status: "processing", source: "medusa", unansweredSince: new Date().toISOString() }
    await rememberUnanswered(deps, book, ledger.paymentId, withRefund(data, unanswered))
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

/** The plugin books a bank refund it saw in a notification: exactly that one, never a bank call. */
function bookNamed(
  deps: ProviderDeps,
  data: MonobankData,
  record: InvoiceStatusRecord,
  args: { named: string; amountMinor: number; refundId: string; booked: Set<string> }
): MonobankData {
  const item = liveRefunds(record).find((candidate) => bankRefundKey(candidate) === args.named)
  if (!item) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank shows no refund ${args.named} on invoice ${data.invoiceId} to book`)
  }
  if (args.booked.has(args.named)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The monobank refund ${args.named} on invoice ${data.invoiceId} is already booked by another Medusa refund`)
  }
  if (item.amount !== args.amountMinor) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The monobank refund ${args.named} is ${formatMinor(item.amount ?? 0, record.ccy)}, not ${formatMinor(args.amountMinor, record.ccy)}`
    )
  }
  deps.logger.info(`monobank: refund ${args.refundId} books the monobank refund ${args.named} on invoice ${data.invoiceId}`)
  return withRefund(applyStatus(data, record), recordFromCancel(item, args.amountMinor, args.refundId))
}

/**
 * The admin's retry of a refund whose request Medusa answered with an error after the bank made
 * it: any such refund of the payment (other refunds may have come since) whose bank refund has
 * exactly this amount, the oldest when several have. This refund books that bank refund and the
 * failed request's refund is taken off the payment, so Medusa's workflow records the money on the
 * order once, under this refund. When the order already records the
 * failed one, nothing can take its place: the retry is refused once, saying the money went back.
 */
async function retryOfFailedRequest(
  deps: ProviderDeps,
  data: MonobankData,
  record: InvoiceStatusRecord,
  args: { ledger: RefundLedger; book: RefundBook; amountMinor: number; refundId: string }
): Promise<MonobankData | undefined> {
  const match = failedRequestsAwaitingRetry(args.ledger.others)
    .map((failed) => ({ failed, item: bankRefundOf(record, failed) }))
    .find(({ item }) => item?.amount === args.amountMinor)
  if (!match?.item) return undefined
  const { failed, item } = match
  const amount = formatMinor(args.amountMinor, record.ccy)
  if (await args.book.onOrder(failed)) {
    await args.book.mark(failed, { failed_request_retry_refused: true })
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank already refunded ${amount} on invoice ${data.invoiceId} for refund ${failed.id}, whose request Medusa answered with an error; it is recorded on this payment and order. Nothing was sent. If you mean to refund another ${amount}, ask again`
    )
  }
  const key = bankRefundKey(item)
  await args.book.mark(args.ledger.current, { books: key, replaces: failed.id })
  await args.book.retire(failed)
  deps.logger.info(
    `monobank: refund ${args.refundId} books the refund of ${amount} monobank made on invoice ${data.invoiceId} for refund ${failed.id}, whose request Medusa answered with an error, and replaces it; nothing sent`
  )
  return withRefund(applyStatus(data, record), {
    ref: key,
    amount: args.amountMinor,
    status: item.status,
    source: "medusa",
    refundId: args.refundId,
    createdDate: item.createdDate,
  })
}

/** The bank refund a Medusa refund stands for: the one sent with its id as `extRef`, or the one it booked. */
function bankRefundOf(record: InvoiceStatusRecord, row: RefundRow): CancelListItem | undefined {
  const keys = [row.id, readRefundMark(row.metadata).books]
  return liveRefunds(record).find((candidate) => keys.includes(bankRefundKey(candidate)))
}

/** How long after a refund went unanswered the bank might still make it: other refunds wait. */
const UNANSWERED_WINDOW_MS = 10 * 60 * 1000

function unansweredRefund(refunds: RefundRecord[], record: InvoiceStatusRecord): RefundRecord | undefined {
  const shown = new Set(liveRefunds(record).map(bankRefundKey))
  return refunds.find((r) => {
    const since = r.unansweredSince ? Date.parse(r.unansweredSince) : Number.NaN
    return !Number.isNaN(since) && !shown.has(r.ref) && Date.now() - since < UNANSWERED_WINDOW_MS
  })
}

function unansweredRefundError(invoiceId: string, ccy: number, waiting: RefundRecord): MedusaError {
  const until = new Date(Date.parse(waiting.unansweredSince!) + UNANSWERED_WINDOW_MS).toISOString()
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `monobank has not answered the refund of ${formatMinor(waiting.amount, ccy)} sent at ${waiting.unansweredSince} (refund ${waiting.ref}) on invoice ${invoiceId} and does not show it yet: it may still be made. Nothing was sent. Check the invoice in the monobank cabinet: a refund monobank makes is booked here when its notification arrives; if monobank never makes it, refund again after ${until}`
  )
}

/** Medusa stores nothing when the provider throws: the unanswered refund is written here. */
async function rememberUnanswered(deps: ProviderDeps, book: RefundBook, paymentId: string, data: MonobankData): Promise<void> {
  try {
    await book.remember(paymentId, data)
  } catch (error) {
    deps.logger.warn(`monobank: could not record the unanswered refund on invoice ${data.invoiceId}: ${(error as Error).message}`)
  }
}

function unbookedRefundsError(invoiceId: string, ccy: number, unbooked: CancelListItem[]): MedusaError {
  const list = unbooked.map((item) => `${formatMinor(item.amount ?? 0, ccy)} (${item.status}${item.extRef ? `, ${item.extRef}` : ""})`).join(", ")
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `monobank already made refund(s) on invoice ${invoiceId} that no Medusa refund records yet: ${list} (a refund whose answer was lost, or one made in the monobank cabinet). Nothing was sent. They are booked when monobank's notification arrives; to book one now, refund exactly its amount`
  )
}

/**
 * A refund whose answer was lost and that the bank's notification booked: the admin saw an error
 * and may ask again for the same amount. That request is refused once, saying why; asked again
 * after that, it is a new refund.
 */
async function refuseLikelyRetry(
  book: RefundBook,
  others: RefundRow[],
  record: InvoiceStatusRecord,
  amountMinor: number,
  invoiceId: string
): Promise<void> {
  const bankItem = (key: string) => liveRefunds(record).find((item) => bankRefundKey(item) === key)
  const retried = others.find((row) => {
    const mark = readRefundMark(row.metadata)
    const key = mark.books
    return !!key && isLostAnswerKey(key) && mark.booked_by === "webhook" && !mark.retry_refused && bankItem(key)?.amount === amountMinor
  })
  if (!retried) return
  await book.mark(retried, { retry_refused: true })
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `monobank already refunded ${formatMinor(amountMinor, record.ccy)} on invoice ${invoiceId} for an earlier refund whose answer was lost; it is booked on this payment as refund ${retried.id}. Nothing was sent. If you mean to refund another ${formatMinor(amountMinor, record.ccy)}, ask again`
  )
}

function assertRefundable(record: InvoiceStatusRecord, amountMinor: number): void {
  if (record.status === "hold") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot refund: the payment is only held, not captured. Capture it first, or cancel the order to release the hold"
    )
  }
  if (record.status !== "success" && record.status !== "reversed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cannot refund: the monobank invoice is ${record.status}, nothing was paid`)
  }
  const left = refundableMinor(record)
  if (amountMinor > left) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot refund ${formatMinor(amountMinor, record.ccy)}: only ${formatMinor(left, record.ccy)} is left to refund on this monobank payment`
    )
  }
}

function withRefund(data: MonobankData, refund: RefundRecord): MonobankData {
  return { ...data, refunds: [...(data.refunds ?? []).filter((r) => r.ref !== refund.ref), refund] }
}
