/**
 * `decideCardRefund`, one case per rule of the card refund header (providers/monobank/refunds.ts)
 * and per decision installment returns share (`decideRefund`: booked, adopt, refuse unbooked,
 * refuse in doubt, send), with the guards on what may be refunded at all.
 */
import type { CancelListItem, InvoiceStatusRecord } from "../../../lib/monobank"
import type { RefundRecord } from "../payment-data"
import { decideCardRefund, UNANSWERED_WINDOW_MS, type CardRefundDecision, type CardRefundLedger } from "../refund-decision"
import type { RefundRow } from "../refund-ledger"

const NOW = Date.parse("2026-03-01T12:00:00.000Z")
/** When the bank made the refunds of these cases. */
const CREATED = "2026-03-01T10:00:00Z"
const REQUEST = { refundId: "ref_new", amountMinor: 10_000, now: NOW }
const CAPTURED = 100_000

const cancel = (amount: number, status: CancelListItem["status"], extRef?: string): CancelListItem => ({
  amount,
  status,
  extRef,
  createdDate: CREATED,
  ...(extRef ? {} : { rrn: "rrn1" }),
})

/** A captured invoice with these refunds on it. */
function invoice(cancels: CancelListItem[], patch: Partial<InvoiceStatusRecord> = {}): InvoiceStatusRecord {
  const refunded = cancels.filter((item) => item.status === "success").reduce((sum, item) => sum + (item.amount ?? 0), 0)
  return { invoiceId: "inv1", status: "success", amount: CAPTURED, finalAmount: CAPTURED - refunded, ccy: 980, cancelList: cancels, ...patch }
}

const row = (id: string, mark?: Record<string, unknown>, createdAt = "2026-03-01T09:00:00Z"): RefundRow => ({
  id,
  created_at: createdAt,
  metadata: mark ? { monobank_refund: mark } : null,
})
const CURRENT = row("ref_new")

function ledger(patch: Partial<CardRefundLedger> = {}): CardRefundLedger {
  return { current: CURRENT, others: [], handed: [], stored: [], onOrder: new Set(), ...patch }
}

const recorded = (ref: string, patch: Partial<RefundRecord> = {}): RefundRecord => ({ ref, amount: 10_000, status: "success", source: "medusa", ...patch })
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const CABINET_KEY = "bank:2026-03-01T10:00:00Z:10000:rrn1"
const FAILED = { request_failed: { at: "2026-03-01T09:00:01Z", status: 400 } }

/** Book the bank refund `item` (its key `ref`) no Medusa refund books yet: this refund's mark names it. */
const bookUnbooked = (item: CancelListItem, ref: string): CardRefundDecision => ({
  kind: "book",
  via: "unbooked",
  bankRefund: item,
  record: { ref, amount: 10_000, status: "success", source: "bank", refundId: "ref_new", createdDate: CREATED },
  mark: { row: CURRENT, facts: { books: ref } },
})

/** Book the bank refund ref_gone this refund's mark names: its mark is written already. */
const BOOK_NAMED: CardRefundDecision = {
  kind: "book",
  via: "named",
  bankRefund: cancel(10_000, "success", "ref_gone"),
  record: { ref: "ref_gone", amount: 10_000, status: "success", source: "bank", refundId: "ref_new", createdDate: CREATED },
}

/** Book the bank refund `item` (key `ref`) the failed request `failed` made, taking its place. */
const bookRetry = (item: CancelListItem, ref: string, failed: RefundRow): CardRefundDecision => ({
  kind: "book",
  via: "failed_request",
  bankRefund: item,
  record: { ref, amount: 10_000, status: "success", source: "medusa", refundId: "ref_new", createdDate: CREATED },
  mark: { row: CURRENT, facts: { books: ref, replaces: failed.id } },
  replaces: failed,
})

type Case = { name: string; ledger?: Partial<CardRefundLedger>; invoice: InvoiceStatusRecord; amountMinor?: number; expect: CardRefundDecision }

const cases: Case[] = [
  // Installments: "booked". A refund Medusa already sent is not sent again.
  {
    name: "a refund the payment's data records as answered is not sent again, whatever the bank shows",
    ledger: { handed: [recorded("ref_new")] },
    invoice: invoice([]),
    expect: { kind: "nothing" },
  },
  {
    name: "a refund that took a failed request's place (the data says so) is not sent again",
    ledger: { handed: [recorded("ref_failed", { refundId: "ref_new" })] },
    invoice: invoice([cancel(10_000, "success", "ref_failed")]),
    expect: { kind: "nothing" },
  },
  {
    name: "a refund Medusa already sent (its id is an extRef) is not sent again: the bank's refund is recorded",
    invoice: invoice([cancel(10_000, "processing", "ref_new")]),
    expect: { kind: "nothing", record: { ref: "ref_new", amount: 10_000, status: "processing", source: "medusa", createdDate: CREATED } },
  },
  {
    name: "a refund sent without an answer that the bank shows now is recorded, not sent again",
    ledger: { handed: [recorded("ref_new", { status: "processing", unansweredSince: minutesAgo(1) })] },
    invoice: invoice([cancel(10_000, "success", "ref_new")]),
    expect: { kind: "nothing", record: { ref: "ref_new", amount: 10_000, status: "success", source: "medusa", createdDate: CREATED } },
  },
  // Installments: "adopt". A bank refund no Medusa refund books is booked by a refund of exactly its amount.
  {
    name: "a lost-answer bank refund no Medusa refund books is booked by a refund of exactly its amount, without a bank call",
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: bookUnbooked(cancel(10_000, "success", "ref_gone"), "ref_gone"),
  },
  {
    name: "a refund made in the monobank cabinet (no extRef) is booked the same way, under a key of ours",
    invoice: invoice([cancel(10_000, "success")]),
    expect: bookUnbooked(cancel(10_000, "success"), CABINET_KEY),
  },
  // Installments: "refuse unbooked".
  {
    name: "while a bank refund is unbooked, a refund of another amount is refused",
    invoice: invoice([cancel(5_000, "success", "ref_gone")]),
    expect: { kind: "refuse", refusal: { reason: "unbooked_bank_refunds", unbooked: [cancel(5_000, "success", "ref_gone")] } },
  },
  {
    name: "bank refunds other Medusa refunds book, by their id or by their mark, block nothing",
    ledger: { others: [row("ref_a"), row("ref_b", { books: CABINET_KEY })] },
    invoice: invoice([cancel(5_000, "success", "ref_a"), cancel(10_000, "success")]),
    expect: { kind: "send" },
  },
  {
    name: "a failed bank refund or a hold release is no refund to book",
    invoice: invoice([cancel(10_000, "failure", "ref_failed_at_bank"), cancel(10_000, "success", "hold-release:x")]),
    expect: { kind: "send" },
  },
  // The plugin books a bank refund it saw in a notification: exactly that one.
  {
    name: "a refund whose mark names a bank refund books exactly that one, writing nothing more",
    ledger: { current: row("ref_new", { books: "ref_gone", booked_by: "webhook" }) },
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: BOOK_NAMED,
  },
  {
    name: "a refund written with the older flat metadata keys books the bank refund they name",
    ledger: { current: { id: "ref_new", metadata: { monobank_bank_refund: "ref_gone", monobank_booked_by: "webhook" } } },
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: BOOK_NAMED,
  },
  {
    name: "a named bank refund the bank does not show is not booked",
    ledger: { current: row("ref_new", { books: "ref_gone", booked_by: "webhook" }) },
    invoice: invoice([]),
    expect: { kind: "refuse", refusal: { reason: "named_not_shown", bankRefund: "ref_gone" } },
  },
  {
    name: "a named bank refund another Medusa refund books already is not booked twice",
    ledger: { current: row("ref_new", { books: "ref_gone", booked_by: "webhook" }), others: [row("ref_retry", { books: "ref_gone" })] },
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: { kind: "refuse", refusal: { reason: "named_booked_elsewhere", bankRefund: "ref_gone" } },
  },
  {
    name: "a named bank refund of another amount is not booked",
    ledger: { current: row("ref_new", { books: "ref_gone", booked_by: "webhook" }) },
    invoice: invoice([cancel(7_000, "success", "ref_gone")]),
    expect: { kind: "refuse", refusal: { reason: "named_other_amount", bankRefund: "ref_gone", bankAmountMinor: 7_000 } },
  },
  // An admin refund of the amount of a lost-answer refund the notification booked is refused once.
  {
    name: "an admin refund of the amount of a lost-answer refund the bank's notification booked is refused once as a likely retry",
    ledger: { others: [row("ref_notified", { books: "ref_gone", booked_by: "webhook" })] },
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: {
      kind: "refuse",
      refusal: { reason: "likely_retry", bookedBy: "ref_notified" },
      mark: { row: row("ref_notified", { books: "ref_gone", booked_by: "webhook" }), facts: { retry_refused: true } },
    },
  },
  {
    name: "asked again after the likely-retry refusal, it is a new refund",
    ledger: { others: [row("ref_notified", { books: "ref_gone", booked_by: "webhook", retry_refused: true })] },
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: { kind: "send" },
  },
  {
    name: "asked again after a likely-retry refusal marked with the older flat keys, it is a new refund too",
    ledger: {
      others: [{ id: "ref_notified", metadata: { monobank_bank_refund: "ref_gone", monobank_booked_by: "webhook", monobank_retry_refused: true } }],
    },
    invoice: invoice([cancel(10_000, "success", "ref_gone")]),
    expect: { kind: "send" },
  },
  {
    name: "a cabinet refund the notification booked is no likely retry (nobody saw an error)",
    ledger: { others: [row("ref_notified", { books: CABINET_KEY, booked_by: "webhook" })] },
    invoice: invoice([cancel(10_000, "success")]),
    expect: { kind: "send" },
  },
  // The admin's retry of a refund Medusa answered with an error after the bank made it.
  {
    name: "the retry of a refund Medusa answered with an error books its bank refund and takes its place",
    ledger: { others: [row("ref_failed", FAILED)] },
    invoice: invoice([cancel(10_000, "success", "ref_failed")]),
    expect: bookRetry(cancel(10_000, "success", "ref_failed"), "ref_failed", row("ref_failed", FAILED)),
  },
  {
    name: "the retry also comes after other refunds, and finds the bank refund the failed one booked",
    ledger: { others: [row("ref_failed", { ...FAILED, books: "ref_gone" }), row("ref_later", undefined, "2026-03-01T11:00:00Z")] },
    invoice: invoice([cancel(10_000, "success", "ref_gone"), cancel(3_000, "success", "ref_later")]),
    expect: bookRetry(cancel(10_000, "success", "ref_gone"), "ref_gone", row("ref_failed", { ...FAILED, books: "ref_gone" })),
  },
  {
    name: "of two failed refunds of the amount, the retry takes the oldest's place",
    ledger: { others: [row("ref_failed_2", FAILED, "2026-03-01T09:30:00Z"), row("ref_failed_1", FAILED, "2026-03-01T09:10:00Z")] },
    invoice: invoice([cancel(10_000, "success", "ref_failed_1"), cancel(10_000, "success", "ref_failed_2")]),
    expect: bookRetry(cancel(10_000, "success", "ref_failed_1"), "ref_failed_1", row("ref_failed_1", FAILED, "2026-03-01T09:10:00Z")),
  },
  {
    name: "a failed refund whose bank refund is of another amount is not retried by this one",
    ledger: { others: [row("ref_failed", FAILED)] },
    invoice: invoice([cancel(5_000, "success", "ref_failed")]),
    expect: { kind: "send" },
  },
  {
    name: "a failed refund marked with the older flat key is retried the same way",
    ledger: { others: [{ id: "ref_failed", created_at: "2026-03-01T09:00:00Z", metadata: { monobank_request_failed: FAILED.request_failed } }] },
    invoice: invoice([cancel(10_000, "success", "ref_failed")]),
    expect: bookRetry(cancel(10_000, "success", "ref_failed"), "ref_failed", { id: "ref_failed", created_at: "2026-03-01T09:00:00Z", metadata: { monobank_request_failed: FAILED.request_failed } }),
  },
  {
    name: "when the order records the failed refund already, its retry is refused once, saying the money went back",
    ledger: { others: [row("ref_failed", FAILED)], onOrder: new Set(["ref_failed"]) },
    invoice: invoice([cancel(10_000, "success", "ref_failed")]),
    expect: {
      kind: "refuse",
      refusal: { reason: "failed_request_on_order", failedRefund: "ref_failed" },
      mark: { row: row("ref_failed", FAILED), facts: { failed_request_retry_refused: true } },
    },
  },
  {
    name: "asked again after the refusal of a failed refund's retry, it is a new refund",
    ledger: { others: [row("ref_failed", { ...FAILED, failed_request_retry_refused: true })], onOrder: new Set(["ref_failed"]) },
    invoice: invoice([cancel(10_000, "success", "ref_failed")]),
    expect: { kind: "send" },
  },
  // Installments: "refuse in doubt". While a refund sent without an answer is not shown by the bank, other refunds wait.
  {
    name: "while a refund sent without an answer is not shown by the bank, another refund waits",
    ledger: { handed: [recorded("ref_unanswered", { status: "processing", unansweredSince: minutesAgo(1) })] },
    invoice: invoice([]),
    amountMinor: 5_000,
    expect: {
      kind: "refuse",
      refusal: {
        reason: "unanswered_refund",
        waiting: recorded("ref_unanswered", { status: "processing", unansweredSince: minutesAgo(1) }),
        until: new Date(NOW - 60_000 + UNANSWERED_WINDOW_MS).toISOString(),
      },
    },
  },
  {
    name: "it waits also when only the stored data knows the unanswered refund (Medusa read its copy before)",
    ledger: { stored: [recorded("ref_unanswered", { status: "processing", unansweredSince: minutesAgo(9) })] },
    invoice: invoice([]),
    expect: {
      kind: "refuse",
      refusal: {
        reason: "unanswered_refund",
        waiting: recorded("ref_unanswered", { status: "processing", unansweredSince: minutesAgo(9) }),
        until: new Date(NOW - 9 * 60_000 + UNANSWERED_WINDOW_MS).toISOString(),
      },
    },
  },
  {
    name: "once the bank could no longer make the unanswered refund, refunds go on",
    ledger: { stored: [recorded("ref_unanswered", { status: "processing", unansweredSince: minutesAgo(11) })] },
    invoice: invoice([]),
    expect: { kind: "send" },
  },
  {
    name: "once the bank shows the unanswered refund, it is booked by a refund of its amount",
    ledger: { stored: [recorded("ref_unanswered", { status: "processing", unansweredSince: minutesAgo(1) })] },
    invoice: invoice([cancel(10_000, "success", "ref_unanswered")]),
    expect: bookUnbooked(cancel(10_000, "success", "ref_unanswered"), "ref_unanswered"),
  },
  // What may be refunded at all.
  {
    name: "a held payment is not refunded",
    invoice: invoice([], { status: "hold", finalAmount: undefined }),
    expect: { kind: "refuse", refusal: { reason: "only_held" } },
  },
  {
    name: "an invoice nobody paid is not refunded",
    invoice: invoice([], { status: "expired", finalAmount: undefined }),
    expect: { kind: "refuse", refusal: { reason: "not_paid", status: "expired" } },
  },
  {
    name: "never more than is left to refund, counting refunds still processing",
    invoice: invoice([cancel(85_000, "success", "ref_a"), cancel(6_000, "processing", "ref_b")]),
    ledger: { others: [row("ref_a"), row("ref_b")] },
    expect: { kind: "refuse", refusal: { reason: "over_refundable", leftMinor: 9_000 } },
  },
  {
    name: "what is over the refundable is said before an unbooked bank refund",
    invoice: invoice([cancel(95_000, "success", "ref_gone")]),
    expect: { kind: "refuse", refusal: { reason: "over_refundable", leftMinor: 5_000 } },
  },
  // Installments: "send".
  {
    name: "a refund of a captured payment with nothing unbooked or in doubt is sent",
    invoice: invoice([]),
    expect: { kind: "send" },
  },
  {
    name: "the whole remainder of a payment refunded in part is sent",
    ledger: { others: [row("ref_a")] },
    invoice: invoice([cancel(90_000, "success", "ref_a")], { status: "reversed" }),
    expect: { kind: "send" },
  },
]

describe("decideCardRefund", () => {
  it.each(cases)("$name", ({ ledger: patch, invoice: record, amountMinor, expect: decision }) => {
    expect(decideCardRefund(ledger(patch), record, { ...REQUEST, amountMinor: amountMinor ?? REQUEST.amountMinor })).toEqual(decision)
  })
})
