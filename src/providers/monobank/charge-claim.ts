/**
 * The one charge of a session that pays without the hosted page (a saved card, or card details
 * taken on the store's own page). The session row is the idempotency anchor: a conditional update
 * claims it before the bank call, across processes (utils/medusa-internals), and the invoice id is
 * written to it as soon as the bank answers. When the answer is lost the claim stays, marked
 * unknown, and only the bank (its signed webhook, or its statement) can name the invoice: the
 * charge is never sent again.
 */
import { z } from "zod"
import { invoiceStatusSchema } from "../../lib/monobank"
import type { BOOKKEEPING_KEYS, MonobankData } from "../../utils/acquiring/payment-data"
import { mergeSessionData, removeSessionDataKey } from "../../utils/medusa-internals"
import type { Cradle } from "../../utils/module-container"

/** What the session data of a payment not charged yet holds whichever way it will be charged. */
export const unchargedPaymentShape = {
  reference: z.string(),
  amount: z.number().int(),
  ccy: z.number().int(),
  paymentType: z.enum(["debit", "hold"]),
  status: invoiceStatusSchema.optional(),
}

/** Session data of a payment not charged yet, or undefined once it has an invoice (or is not one). */
export function readUncharged<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> | undefined {
  if ((data as { invoiceId?: unknown } | undefined)?.invoiceId) return undefined
  const parsed = schema.safeParse(data ?? {})
  return parsed.success ? parsed.data : undefined
}

/**
 * Set in session data while the one charge of the session is being made (never removed after an
 * unknown outcome). Named after its first use; store-page payments share it.
 */
export const CHARGE_CLAIM_KEY = "savedCardCharge" satisfies (typeof BOOKKEEPING_KEYS)[number]
/** The claim's value once the bank's answer to the charge was lost. */
const OUTCOME_UNKNOWN = "unknown"

/** True while a charge of this session was claimed but its invoice is not recorded yet. */
export function isChargeInFlight(sessionData: Record<string, unknown> | undefined): boolean {
  return !!sessionData?.[CHARGE_CLAIM_KEY] && !sessionData?.invoiceId
}

/** True when the charge of this session was sent and the bank's answer lost (no invoice recorded). */
export function isChargeOutcomeUnknown(sessionData: Record<string, unknown> | undefined): boolean {
  return sessionData?.[CHARGE_CLAIM_KEY] === OUTCOME_UNKNOWN && !sessionData?.invoiceId
}

/** Claims the one charge of a live session; false when another call claimed it (or it was charged, or deleted). */
export function claimCharge(cradle: Cradle, sessionId: string): Promise<boolean> {
  return mergeSessionData(cradle, sessionId, { [CHARGE_CLAIM_KEY]: "started" }, { live: true, absent: [CHARGE_CLAIM_KEY, "invoiceId"] })
}

/** The bank refused before charging: the session may be charged again later. */
export function releaseClaim(cradle: Cradle, sessionId: string): Promise<void> {
  return removeSessionDataKey(cradle, sessionId, CHARGE_CLAIM_KEY)
}

export async function markOutcomeUnknown(cradle: Cradle, sessionId: string): Promise<void> {
  await mergeSessionData(cradle, sessionId, { [CHARGE_CLAIM_KEY]: OUTCOME_UNKNOWN }, { absent: ["invoiceId"] })
}

/**
 * Records the invoice of a charge whose answer was lost, as named by the bank (a session is
 * charged at most once, so the one invoice with its reference is that charge). False when the
 * session is no longer waiting for it (already recorded, or deleted).
 */
export function adoptLostCharge(cradle: Cradle, sessionId: string, data: MonobankData): Promise<boolean> {
  return mergeSessionData(cradle, sessionId, data, { live: true, equal: { [CHARGE_CLAIM_KEY]: OUTCOME_UNKNOWN }, absent: ["invoiceId"] })
}

/** Written the moment the bank answers, so a retry, a webhook or a cleanup finds the invoice. */
export async function recordCharge(cradle: Cradle, sessionId: string, data: Record<string, unknown>): Promise<void> {
  await mergeSessionData(cradle, sessionId, data)
}
