/**
 * When one pending payment session is due for a bank read, from what its data holds: the time of
 * its last read and until when its invoice can be paid. The database query that orders the
 * sessions (./due-sessions-query) computes exactly the same in SQL, and the reconcile checks again
 * here under its lock; the two agree because both trust an instant in the data only in the one
 * form the plugin writes (`Date#toISOString()`) and count anything else as unknown.
 */
import type { SessionPaymentKind } from "./session-money/ledger"
import { CARD_HOLD_LIFE_MS, LATEST_WINDOW_END_MS, LONGEST_RECONCILE_WINDOW_MS, nextReadAt, RECONCILE_MARGIN_MS } from "./reconcile-schedule"

/** Where a kind of session keeps what its schedule needs, in the session's `data`. */
export type SessionSchedule = {
  /** The time of the last bank read (card: the reconcile's `lastReconciledAt`; installments: the provider's `checked_at`). */
  readMarkKey: string
  /** The bank's id of what is read (`invoiceId`, `order_id`): without it there is nothing to read... */
  bankRefKey: string
  /**
   * ...unless the plugin's session ledger records a payment of one of these kinds for the session,
   * sent to the bank or whose answer was lost (the reconcile reads the ledger, not the data).
   */
  ledgerKinds?: readonly SessionPaymentKind[]
  /**
   * Until when the invoice can be paid (its creation plus the validity sent): the session is read
   * until then, plus the 9 days a hold lives, plus a day. None, or not noted: the longest window
   * from the session's creation.
   */
  validUntilKey?: string
}

export type ScheduledSession = { created_at: Date | string; data?: Record<string, unknown> | null }

/** `YYYY-MM-DDTHH:mm:ss.sssZ`, as `Date#toISOString()` writes years 0000-9999. */
export const ISO_INSTANT_PATTERN = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"
const ISO_INSTANT = new RegExp(ISO_INSTANT_PATTERN)

/** An instant under `key` exactly as `toISOString()` writes it, else undefined. */
export function instantOf(data: Record<string, unknown> | null | undefined, key: string): Date | undefined {
  const value = data?.[key]
  if (typeof value !== "string" || !ISO_INSTANT.test(value)) return undefined
  const at = new Date(value)
  // "2026-02-31..." parses as March 3rd: only a date that prints back the same is one.
  return Number.isNaN(at.getTime()) || at.toISOString() !== value ? undefined : at
}

/** The last read noted under `key`, or undefined when there is none the schedule can trust (a mark in the future is none). */
export function readMarkOf(data: Record<string, unknown> | null | undefined, key: string, now: Date): Date | undefined {
  const at = instantOf(data, key)
  return at && at.getTime() <= now.getTime() ? at : undefined
}

/**
 * The last instant the session is read at: while the bank can still be paid, and a hold then
 * lives. An invoice replaced later (the amount changed) moves it, by at most 30 days.
 */
export function sessionWindowEnd(session: ScheduledSession, schedule: SessionSchedule): number {
  const created = new Date(session.created_at).getTime()
  const validUntil = schedule.validUntilKey ? instantOf(session.data, schedule.validUntilKey) : undefined
  if (!validUntil) return created + LONGEST_RECONCILE_WINDOW_MS
  return Math.min(validUntil.getTime() + CARD_HOLD_LIFE_MS + RECONCILE_MARGIN_MS, created + LATEST_WINDOW_END_MS)
}

/**
 * The instant the session falls due, counting its creation as its first read: the webhook
 * normally arrives within seconds, and a shopper may still be on the bank's page for minutes.
 */
export function sessionDueAt(session: ScheduledSession, schedule: SessionSchedule, now: Date): number {
  const lastRead = readMarkOf(session.data, schedule.readMarkKey, now) ?? session.created_at
  return nextReadAt({ created_at: session.created_at, last_checked_at: lastRead })
}

/** Due now, and the bank can still be paid (within the session's window). */
export function isDueSession(session: ScheduledSession, schedule: SessionSchedule, now: Date): boolean {
  if (now.getTime() > sessionWindowEnd(session, schedule)) return false
  return now.getTime() >= sessionDueAt(session, schedule, now)
}
