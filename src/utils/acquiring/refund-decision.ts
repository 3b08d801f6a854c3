/**
 * What a Medusa refund of a card payment does, decided with no I/O from what Medusa has booked
 * (its refunds and their marks, the refunds in the payment's data) and what the bank shows (the
 * invoice's `cancelList`). The provider reads, asks `decideCardRefund`, and acts on the answer
 * (providers/monobank/refunds); installment returns are decided the same way (`decideRefund` in
 * utils/installments/return-ledger). The rules, in the order they apply:
 * - a refund Medusa already recorded or already sent (its id is an `extRef`) is not sent again;
 * - a refund whose mark names a bank refund (the plugin booking a notification) books exactly that one;
 * - the admin's retry of a refund Medusa answered with an error after the bank made it books that
 *   bank refund and takes its place; when the order records the failed one, it is refused once;
 * - a bank refund no Medusa refund books yet is booked by a refund of exactly its amount; while
 *   one is unbooked, other refunds are refused;
 * - while a refund sent without an answer is not shown by the bank, other refunds wait;
 * - an admin refund of the amount of a lost-answer refund the bank's notification booked is
 *   refused once as a likely retry.
 */
import type { CancelListItem, InvoiceStatusRecord } from "../../lib/monobank"
import { failedRequestsAwaitingRetry } from "../failed-refund-requests"
import { readRefundMark, type RefundMark } from "../refund-mark"
import type { RefundRecord } from "./payment-data"
import { bankRefundKey, bookedKeys, isLostAnswerKey, type RefundRow } from "./refund-ledger"
import { isHoldRelease, refundableMinor } from "./status"

/** How long after a refund went unanswered the bank might still make it: other refunds wait. */
export const UNANSWERED_WINDOW_MS = 10 * 60 * 1000

/** What Medusa has booked for the payment, as read under the invoice's refund lock. */
export type CardRefundLedger = {
  /** The Medusa refund being decided. */
  current: RefundRow
  /** The payment's other Medusa refunds. */
  others: RefundRow[]
  /** The refunds in the payment data Medusa handed the provider with this refund. */
  handed: RefundRecord[]
  /** The refunds in the payment data as stored now (the handed copy may predate the lock). */
  stored: RefundRecord[]
  /** Ids of the refunds awaiting a retry (see failed-refund-requests) that the order records. */
  onOrder: ReadonlySet<string>
}

export type CardRefundRequest = { refundId: string; amountMinor: number; now: number }

/** A mark to add to a Medusa refund before the decision is carried out. */
export type MarkWrite = { row: RefundRow; facts: RefundMark }

export type CardRefundRefusal =
  | { reason: "named_not_shown"; bankRefund: string }
  | { reason: "named_booked_elsewhere"; bankRefund: string }
  | { reason: "named_other_amount"; bankRefund: string; bankAmountMinor: number }
  | { reason: "failed_request_on_order"; failedRefund: string }
  | { reason: "only_held" }
  | { reason: "not_paid"; status: InvoiceStatusRecord["status"] }
  | { reason: "over_refundable"; leftMinor: number }
  | { reason: "unbooked_bank_refunds"; unbooked: CancelListItem[] }
  | { reason: "unanswered_refund"; waiting: RefundRecord; until: string }
  | { reason: "likely_retry"; bookedBy: string }

export type CardRefundDecision =
  /** Done before: nothing is sent or written; `record`, when set, is the bank's refund to show in the data. */
  | { kind: "nothing"; record?: RefundRecord }
  /** The bank already made this refund: book it (never a bank call); `replaces` is retired. */
  | {
      kind: "book"
      via: "named" | "unbooked" | "failed_request"
      bankRefund: CancelListItem
      record: RefundRecord
      mark?: MarkWrite
      replaces?: RefundRow
    }
  /** Refuse, sending nothing (after writing `mark`, when set). */
  | { kind: "refuse"; refusal: CardRefundRefusal; mark?: MarkWrite }
  /** Send the refund to the bank. */
  | { kind: "send" }

export function decideCardRefund(ledger: CardRefundLedger, record: InvoiceStatusRecord, request: CardRefundRequest): CardRefundDecision {
  if (alreadyRecorded(ledger.handed, request.refundId)) return { kind: "nothing" }
  const sent = sentRefund(record, request)
  if (sent) return { kind: "nothing", record: sent }
  const named = readRefundMark(ledger.current.metadata).books
  if (named) return bookNamed(ledger, record, named, request)
  return retryOfFailedRequest(ledger, record, request) ?? decideNewRefund(ledger, record, request)
}

/** The data already records this refund as answered, or as the one that took a failed request's place. */
export function alreadyRecorded(refunds: RefundRecord[], refundId: string): boolean {
  return refunds.some((r) => (r.ref === refundId && !r.unansweredSince) || r.refundId === refundId)
}

/** The bank's record of the refund sent with this refund's id as `extRef`, if the bank shows it. */
export function sentRefund(record: InvoiceStatusRecord, request: Omit<CardRefundRequest, "now">): RefundRecord | undefined {
  const item = liveRefunds(record).find((candidate) => candidate.extRef === request.refundId)
  return item && recordFromCancel(item, request)
}

/** Refunds on the invoice that moved or may still move money (not hold releases, not failed). */
function liveRefunds(record: InvoiceStatusRecord): CancelListItem[] {
  return (record.cancelList ?? []).filter((item) => !isHoldRelease(item) && item.status !== "failure")
}

function recordFromCancel(item: CancelListItem, request: Omit<CardRefundRequest, "now">): RefundRecord {
  const ref = bankRefundKey(item)
  const ours = ref === request.refundId
  return {
    ref,
    amount: item.amount ?? request.amountMinor,
    status: item.status,
    source: ours ? "medusa" : "bank",
    ...(ours ? {} : { refundId: request.refundId }),
    createdDate: item.createdDate,
  }
}

/** The plugin books a bank refund it saw in a notification: exactly that one. */
function bookNamed(ledger: CardRefundLedger, record: InvoiceStatusRecord, named: string, request: CardRefundRequest): CardRefundDecision {
  const item = liveRefunds(record).find((candidate) => bankRefundKey(candidate) === named)
  if (!item) return { kind: "refuse", refusal: { reason: "named_not_shown", bankRefund: named } }
  if (bookedKeys(ledger.others).has(named)) return { kind: "refuse", refusal: { reason: "named_booked_elsewhere", bankRefund: named } }
  if (item.amount !== request.amountMinor) {
    return { kind: "refuse", refusal: { reason: "named_other_amount", bankRefund: named, bankAmountMinor: item.amount ?? 0 } }
  }
  return { kind: "book", via: "named", bankRefund: item, record: recordFromCancel(item, request) }
}

/**
 * The admin's retry of a refund whose request Medusa answered with an error after the bank made
 * it: any such refund of the payment (other refunds may have come since) whose bank refund has
 * exactly this amount, the oldest when several have. This refund books that bank refund and the
 * failed request's refund is taken off the payment, so Medusa's workflow records the money on the
 * order once, under this refund. When the order already records the failed one, nothing can take
 * its place: the retry is refused once, saying the money went back.
 */
function retryOfFailedRequest(ledger: CardRefundLedger, record: InvoiceStatusRecord, request: CardRefundRequest): CardRefundDecision | undefined {
  const match = failedRequestsAwaitingRetry(ledger.others)
    .map((failed) => ({ failed, item: bankRefundOf(record, failed) }))
    .find(({ item }) => item?.amount === request.amountMinor)
  if (!match?.item) return undefined
  const { failed, item } = match
  if (ledger.onOrder.has(failed.id)) {
    return {
      kind: "refuse",
      refusal: { reason: "failed_request_on_order", failedRefund: failed.id },
      mark: { row: failed, facts: { failed_request_retry_refused: true } },
    }
  }
  const key = bankRefundKey(item)
  return {
    kind: "book",
    via: "failed_request",
    bankRefund: item,
    record: { ref: key, amount: request.amountMinor, status: item.status, source: "medusa", refundId: request.refundId, createdDate: item.createdDate },
    mark: { row: ledger.current, facts: { books: key, replaces: failed.id } },
    replaces: failed,
  }
}

/** The bank refund a Medusa refund stands for: the one sent with its id as `extRef`, or the one it booked. */
function bankRefundOf(record: InvoiceStatusRecord, row: RefundRow): CancelListItem | undefined {
  const keys = [row.id, readRefundMark(row.metadata).books]
  return liveRefunds(record).find((candidate) => keys.includes(bankRefundKey(candidate)))
}

/** A refund that is none of the above: books an unbooked bank refund of its amount, waits, or is sent. */
function decideNewRefund(ledger: CardRefundLedger, record: InvoiceStatusRecord, request: CardRefundRequest): CardRefundDecision {
  const booked = bookedKeys(ledger.others)
  const unbooked = liveRefunds(record).filter((item) => !booked.has(bankRefundKey(item)))
  const same = unbooked.find((item) => item.amount === request.amountMinor)
  if (same) {
    const mark = { row: ledger.current, facts: { books: bankRefundKey(same) } }
    return { kind: "book", via: "unbooked", bankRefund: same, record: recordFromCancel(same, request), mark }
  }
  const refusal =
    notRefundable(record, request.amountMinor) ??
    (unbooked.length ? { reason: "unbooked_bank_refunds" as const, unbooked } : undefined) ??
    unansweredRefund([...ledger.handed, ...ledger.stored], record, request.now)
  if (refusal) return { kind: "refuse", refusal }
  return likelyRetry(ledger.others, record, request.amountMinor) ?? { kind: "send" }
}

function notRefundable(record: InvoiceStatusRecord, amountMinor: number): CardRefundRefusal | undefined {
  if (record.status === "hold") return { reason: "only_held" }
  if (record.status !== "success" && record.status !== "reversed") return { reason: "not_paid", status: record.status }
  const left = refundableMinor(record)
  return amountMinor > left ? { reason: "over_refundable", leftMinor: left } : undefined
}

function unansweredRefund(refunds: RefundRecord[], record: InvoiceStatusRecord, now: number): CardRefundRefusal | undefined {
  const shown = new Set(liveRefunds(record).map(bankRefundKey))
  const waiting = refunds.find((r) => {
    const since = r.unansweredSince ? Date.parse(r.unansweredSince) : Number.NaN
    return !Number.isNaN(since) && !shown.has(r.ref) && now - since < UNANSWERED_WINDOW_MS
  })
  if (!waiting) return undefined
  const until = new Date(Date.parse(waiting.unansweredSince!) + UNANSWERED_WINDOW_MS).toISOString()
  return { reason: "unanswered_refund", waiting, until }
}

/**
 * A refund whose answer was lost and that the bank's notification booked: the admin saw an error
 * and may ask again for the same amount. That request is refused once, saying why; asked again
 * after that, it is a new refund.
 */
function likelyRetry(others: RefundRow[], record: InvoiceStatusRecord, amountMinor: number): CardRefundDecision | undefined {
  const amountOf = (key: string) => liveRefunds(record).find((item) => bankRefundKey(item) === key)?.amount
  const retried = others.find((row) => {
    const mark = readRefundMark(row.metadata)
    return !!mark.books && isLostAnswerKey(mark.books) && mark.booked_by === "webhook" && !mark.retry_refused && amountOf(mark.books) === amountMinor
  })
  if (!retried) return undefined
  return {
    kind: "refuse",
    refusal: { reason: "likely_retry", bookedBy: retried.id },
    mark: { row: retried, facts: { retry_refused: true } },
  }
}
