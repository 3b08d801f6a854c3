/**
 * How often a scheduled job may re-read from the bank something whose outcome the store may have
 * missed (every webhook or callback lost, and the shopper never came back): often while it is
 * young, rarely as it ages, never after the window. Shared by the mono checkout reconcile and the
 * card / installment session reconcile, so each costs an abandoned payment a few dozen reads.
 */
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** The longest a payment can still change at the bank (a hold lives 9-10 days), and a day's margin. */
export const RECONCILE_WINDOW_MS = 11 * DAY_MS
/** Never read the same thing twice within this time. */
export const MIN_RECHECK_MS = 4 * MINUTE_MS
/** Re-read at most every tenth of its age: every few minutes at first, daily near the end of the window. */
const RECHECK_AGE_FRACTION = 10

export type ReconcileCandidate = { created_at: Date | string; last_checked_at?: Date | string | null }

function instant(value: Date | string): number {
  return new Date(value).getTime()
}

export function isDueForSync(candidate: ReconcileCandidate, now: Date): boolean {
  const age = now.getTime() - instant(candidate.created_at)
  if (age > RECONCILE_WINDOW_MS) return false
  if (!candidate.last_checked_at) return true
  const lastChecked = instant(candidate.last_checked_at)
  // An unreadable mark must not stop the reads for good.
  if (Number.isNaN(lastChecked)) return true
  return now.getTime() - lastChecked >= Math.max(MIN_RECHECK_MS, age / RECHECK_AGE_FRACTION)
}

/** The start of the window, for the query that lists candidates. */
export function reconcileWindowStart(now: Date): Date {
  return new Date(now.getTime() - RECONCILE_WINDOW_MS)
}
