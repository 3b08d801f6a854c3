/**
 * How often a scheduled job may re-read from the bank something whose outcome the store may have
 * missed (every webhook or callback lost, and the shopper never came back): often while it is
 * young, rarely as it ages, and only while the bank can still be paid. Shared by the mono checkout
 * reconcile and the card / installment session reconcile.
 *
 * Why the runs keep up (the arithmetic behind `RECONCILE_READS_PER_RUN`): a job runs every 5
 * minutes, 12 runs an hour, so 300 reads a run are 3,600 reads an hour per kind of payment. A
 * session never paid costs about 40 reads over its life on the bank's default 24-hour invoice (the
 * read after it expires settles it) and about 72 on a 30-day invoice, 11 of them in its first hour.
 * 3,600 an hour therefore keep up with ~1,200 abandoned 30-day sessions a day (50 an hour × 72), or
 * ~2,000 a day on 24-hour invoices, and with the first hour of ~300 new sessions an hour. A run
 * reads the most overdue first, so a backlog (the bank was down) costs each session at most
 * ⌈backlog / 300⌉ runs of delay, and new sessions never starve old ones.
 */
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** Never read the same thing twice within this time. */
export const MIN_RECHECK_MS = 4 * MINUTE_MS
/** Re-read at most every tenth of its age: every few minutes at first, every few days near the end. */
const RECHECK_AGE_FRACTION = 10

/** The bank truncates an invoice's `validity` above 30 days. */
export const BANK_LONGEST_VALIDITY_SECONDS = 30 * 24 * 60 * 60
/** A card hold is released by the bank 9 days after the payment if not finalized. */
export const CARD_HOLD_LIFE_MS = 9 * DAY_MS
/** Room for a read that comes late (a run missed, the bank down for a while). */
export const RECONCILE_MARGIN_MS = DAY_MS

/** The scheduled reconcile jobs run every 5 minutes. */
export const RECONCILE_RUNS_PER_HOUR = 12
/** Bank reads per run and kind of payment; see the header for why it is enough. */
export const RECONCILE_READS_PER_RUN = 300

/**
 * How long after its creation a payment can still change at the bank: the invoice may be paid
 * while valid (the validity sent, at most the bank's 30 days; unknown counts as 30), a hold then
 * lives 9 days, and a day's margin.
 */
export function reconcileWindowMs(validitySeconds: unknown): number {
  const known = typeof validitySeconds === "number" && Number.isFinite(validitySeconds) && validitySeconds > 0
  const seconds = known ? Math.min(validitySeconds, BANK_LONGEST_VALIDITY_SECONDS) : BANK_LONGEST_VALIDITY_SECONDS
  return seconds * 1000 + CARD_HOLD_LIFE_MS + RECONCILE_MARGIN_MS
}

/** 40 days: for payments whose validity is unknown (installments, sessions from before it was noted). */
export const LONGEST_RECONCILE_WINDOW_MS = reconcileWindowMs(undefined)

/** No session is read longer after its creation: an invoice replaced (the amount changed) up to 30 days after it began. */
export const LATEST_WINDOW_END_MS = LONGEST_RECONCILE_WINDOW_MS + BANK_LONGEST_VALIDITY_SECONDS * 1000

/** Until when an invoice created at `createdAt` with `validitySeconds` can be paid (the bank cuts validity at 30 days). */
export function invoiceValidUntil(createdAt: Date, validitySeconds: number): string {
  return new Date(createdAt.getTime() + Math.min(validitySeconds, BANK_LONGEST_VALIDITY_SECONDS) * 1000).toISOString()
}

export type ReconcileCandidate = { created_at: Date | string; last_checked_at?: Date | string | null }

function instant(value: Date | string): number {
  return new Date(value).getTime()
}

/**
 * The instant it falls due again: a tenth of its age at that instant (at least 4 minutes) after
 * its last read, i.e. `last + max(4 min, (last - created) / 9)`. Never read, or an unreadable
 * mark: due at once. Runs read the smallest first.
 */
export function nextReadAt(candidate: ReconcileCandidate): number {
  const created = instant(candidate.created_at)
  if (!candidate.last_checked_at) return created
  const last = instant(candidate.last_checked_at)
  // An unreadable mark must not stop the reads for good.
  if (Number.isNaN(last)) return created
  return last + Math.max(MIN_RECHECK_MS, (last - created) / (RECHECK_AGE_FRACTION - 1))
}

/** Due now by the schedule, and still within `windowMs` of its creation. */
export function isDueForSync(candidate: ReconcileCandidate, now: Date, windowMs: number): boolean {
  if (now.getTime() - instant(candidate.created_at) > windowMs) return false
  return now.getTime() >= nextReadAt(candidate)
}
