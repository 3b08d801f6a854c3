/**
 * The returns of one installment order, by our `store_return_id`, and how they line up with the
 * bank's `reverse_list` (which gives only sum and time, in the order the bank made them).
 *
 * Returns of an order are sent one at a time (per-order lock) and never while an earlier one is in
 * doubt, so the bank's list is our made returns, in order, followed by those that completed after
 * we stopped waiting. A return is never sent twice: one whose answer was lost stays `sent` until
 * the bank lists it (then `made`, to be booked by a Medusa refund of the same sum), however long
 * that takes; only the bank's list settles it, never the time since it was sent (a held request
 * can still complete). Ledgers written before that rule may hold `abandoned` returns: one the bank
 * lists after all is `made`, so it is booked rather than returned again.
 */
import { toKopecks } from "./amounts"

/** The key of the ledger in the Medusa payment's `metadata`. */
export const LEDGER_KEY = "monobank_installment_returns"

export type ReturnStatus = "sent" | "made" | "abandoned"

export type LedgerEntry = {
  store_return_id: string
  /** Hryvnia, as sent to the bank. */
  sum: number
  status: ReturnStatus
  sent_at: string
  /** The Medusa refund that books this return; absent until booked. */
  refund_id?: string
  /** false when the money went back in cash (the bank paid nothing to the card); absent in older ledgers: the card. */
  to_card?: boolean
}

export type BankReturn = { sum: number; timestamp?: string }

export type RefundDecision =
  /** This refund already booked a return: nothing to do. */
  | { kind: "booked"; entry: LedgerEntry }
  /** The bank already made a return of this sum that no refund books yet: book it, send nothing. */
  | { kind: "adopt"; entry: LedgerEntry }
  /** Send a new return. */
  | { kind: "send" }
  /** Refuse, changing nothing at the bank. */
  | { kind: "refuse"; reason: "in_doubt" | "unbooked"; entries: LedgerEntry[] }

/** Reads a stored ledger tolerantly: anything malformed is dropped. */
export function readLedger(value: unknown): LedgerEntry[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (entry): entry is LedgerEntry =>
      !!entry &&
      typeof entry.store_return_id === "string" &&
      typeof entry.sum === "number" &&
      ["sent", "made", "abandoned"].includes(entry.status) &&
      typeof entry.sent_at === "string"
  )
}

/**
 * Matches in-doubt returns against the bank's list. Bank returns beyond what the ledger explains
 * (made outside this store, or an abandoned return that completed very late) become `made`
 * entries without a refund, so a refund of the same sum books them instead of returning again.
 */
export function reconcileLedger(ledger: LedgerEntry[], bank: BankReturn[], now: Date): LedgerEntry[] {
  const next = ledger.map((entry) => ({ ...entry }))
  let unexplained = bank.slice(next.filter((entry) => entry.status === "made").length)
  for (const entry of next) {
    if (entry.status !== "sent") continue
    if (unexplained.length > 0 && sameSum(unexplained[0].sum, entry.sum)) {
      entry.status = "made"
      unexplained = unexplained.slice(1)
    }
  }
  for (const [index, item] of unexplained.entries()) {
    const abandoned = next.find((entry) => entry.status === "abandoned" && sameSum(entry.sum, item.sum))
    if (abandoned) {
      abandoned.status = "made"
      continue
    }
    next.push({
      store_return_id: `bank:${item.timestamp ?? `${now.toISOString()}#${index}`}`,
      sum: item.sum,
      status: "made",
      sent_at: item.timestamp ?? now.toISOString(),
    })
  }
  return next
}

/** What a Medusa refund `refundId` of `sum` hryvnia does, given the reconciled ledger. */
export function decideRefund(ledger: LedgerEntry[], refundId: string, sum: number): RefundDecision {
  const booked = ledger.find((entry) => entry.refund_id === refundId)
  if (booked) return { kind: "booked", entry: booked }
  const unbooked = ledger.filter((entry) => entry.status === "made" && !entry.refund_id)
  const match = unbooked.find((entry) => sameSum(entry.sum, sum))
  if (match) return { kind: "adopt", entry: match }
  if (unbooked.length > 0) return { kind: "refuse", reason: "unbooked", entries: unbooked }
  const inDoubt = ledger.filter((entry) => entry.status === "sent")
  if (inDoubt.length > 0) return { kind: "refuse", reason: "in_doubt", entries: inDoubt }
  return { kind: "send" }
}

/** The made return the refund `refundId` books, when it is of `sum` hryvnia. */
export function returnBookedBy(ledger: LedgerEntry[], refundId: string, sum: number): LedgerEntry | undefined {
  return ledger.find((entry) => entry.status === "made" && entry.refund_id === refundId && sameSum(entry.sum, sum))
}

/** Returns a refund should be run for (made at the bank, not booked in Medusa, or still in doubt). */
export function entriesToBook(ledger: LedgerEntry[]): LedgerEntry[] {
  return ledger.filter((entry) => (entry.status === "made" && !entry.refund_id) || entry.status === "sent")
}

/** The booked returns, as shown in the payment's data. */
export function bookedReturns(ledger: LedgerEntry[]): Array<{ store_return_id: string; sum: number; refund_id: string }> {
  return ledger
    .filter((entry): entry is LedgerEntry & { refund_id: string } => entry.status === "made" && !!entry.refund_id)
    .map(({ store_return_id, sum, refund_id }) => ({ store_return_id, sum, refund_id }))
}

const LATE_RETURN_NOTE = /^monobank return (\S+), booked after the bank made it$/

/** The note of a refund that only books the late return `storeReturnId` (see the late-returns job). */
export function lateReturnNote(storeReturnId: string): string {
  return `monobank return ${storeReturnId}, booked after the bank made it`
}

/** The return a refund may only book, when its note says so; such a refund never sends one. */
export function readLateReturnNote(note: unknown): string | undefined {
  return typeof note === "string" ? LATE_RETURN_NOTE.exec(note)?.[1] : undefined
}

function sameSum(a: number, b: number): boolean {
  return toKopecks(a) === toKopecks(b)
}
