/**
 * What Medusa's own tables say about a payment session: whether it still exists, its amount and
 * currency (the storefront cannot set them), which session a payment, capture or refund belongs
 * to, and whether a payment rests on it. Read through the payment module's public service.
 */
import type { BigNumberInput, IPaymentModuleService } from "@medusajs/framework/types"
import { isPaymentSessionId } from "../provider-ids"

export type SessionPaymentModule = Pick<IPaymentModuleService, "listPaymentSessions" | "listPayments" | "listCaptures" | "listRefunds">

export type MedusaSession = {
  id: string
  provider_id: string
  amount: BigNumberInput
  currency_code: string
  payment_collection_id: string
  data: Record<string, unknown>
}

/** The session as Medusa keeps it; undefined once Medusa deleted it. A failed read throws. */
export async function medusaSession(payments: SessionPaymentModule, sessionId: string): Promise<MedusaSession | undefined> {
  const [session] = await payments.listPaymentSessions(
    { id: sessionId },
    { select: ["id", "provider_id", "amount", "raw_amount", "currency_code", "payment_collection_id", "data"] }
  )
  if (!session) return undefined
  const raw = (session as { raw_amount?: BigNumberInput }).raw_amount
  return {
    id: session.id,
    provider_id: session.provider_id,
    amount: raw ?? session.amount,
    currency_code: session.currency_code,
    payment_collection_id: session.payment_collection_id,
    data: (session.data ?? {}) as Record<string, unknown>,
  }
}

/**
 * - "rests": a live (not canceled) Medusa payment rests on the session, and the session is live or
 *   an order holds the payment's collection;
 * - "orphaned": such a payment exists, but Medusa deleted its session and no order holds it (a
 *   webhook's authorize that wrote its payment while the storefront replaced the session): Medusa
 *   will never place an order on it;
 * - "unknown": Medusa could not be asked; the caller must then treat the money as taken.
 */
export type PaymentOnSession = "rests" | "orphaned" | "none" | "unknown"

/** Whether an order holds the payment collection; undefined when that cannot be read here. */
export type CollectionOrdered = (paymentCollectionId: string) => Promise<boolean | undefined>

/** What rests on the session (see PaymentOnSession). */
export async function paymentOnSession(
  payments: Pick<SessionPaymentModule, "listPayments">,
  sessionId: string,
  orphanCheck?: { sessionLive: boolean; collectionOrdered?: CollectionOrdered }
): Promise<PaymentOnSession> {
  try {
    const found = await payments.listPayments({ payment_session_id: sessionId }, { select: ["id", "canceled_at", "payment_collection_id"] })
    const live = found.find((payment) => !payment.canceled_at)
    if (!live) return "none"
    if (!orphanCheck || orphanCheck.sessionLive || !orphanCheck.collectionOrdered) return "rests"
    const ordered = await orphanCheck.collectionOrdered((live as { payment_collection_id: string }).payment_collection_id)
    if (ordered === undefined) return "rests"
    return ordered ? "rests" : "orphaned"
  } catch {
    return "unknown"
  }
}

/** The session a Medusa payment was made from; undefined when there is no such payment. */
export async function sessionOfPayment(payments: Pick<SessionPaymentModule, "listPayments">, paymentId: string): Promise<string | undefined> {
  const [payment] = await payments.listPayments({ id: paymentId }, { select: ["id", "payment_session_id"] })
  return (payment as { payment_session_id?: string } | undefined)?.payment_session_id ?? undefined
}

/** The session behind a Medusa capture (the provider is told only the capture's id). */
export async function sessionOfCapture(payments: Pick<SessionPaymentModule, "listCaptures" | "listPayments">, captureId: string) {
  const [capture] = await payments.listCaptures({ id: captureId }, { select: ["id", "payment_id"] })
  const paymentId = (capture as { payment_id?: string } | undefined)?.payment_id
  return paymentId ? sessionOfPayment(payments, paymentId) : undefined
}

/** The session behind a Medusa refund (the provider is told only the refund's id). */
export async function sessionOfRefund(payments: Pick<SessionPaymentModule, "listRefunds" | "listPayments">, refundId: string) {
  const [refund] = await payments.listRefunds({ id: refundId }, { select: ["id", "payment_id"] })
  const paymentId = (refund as { payment_id?: string } | undefined)?.payment_id
  return paymentId ? sessionOfPayment(payments, paymentId) : undefined
}

/**
 * The session Medusa is deleting, given only its `data` (Medusa's deleteSession passes nothing
 * else): among the ids the data names, the live session whose stored data is exactly this data.
 * A session planted with another session's ids does not match that session's own stored data.
 */
export async function sessionOwningData(
  payments: Pick<SessionPaymentModule, "listPaymentSessions">,
  data: Record<string, unknown> | undefined,
  claimedIds: unknown[]
): Promise<string | undefined> {
  const ids = [...new Set(claimedIds.filter(isPaymentSessionId))]
  if (!ids.length || !data) return undefined
  const sessions = await payments.listPaymentSessions({ id: ids }, { select: ["id", "data"] })
  const wanted = canonical(data)
  return sessions.find((session) => canonical(session.data ?? {}) === wanted)?.id
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}

/**
 * The session a provider call is about, as Medusa names it: the idempotency key of initiate and
 * authorize is the session id, and Medusa also puts it into initiate's `data.session_id` over
 * whatever the storefront sent (the storefront sets neither).
 */
export function sessionIdOf(context: { idempotency_key?: string } | undefined, action: string, data?: Record<string, unknown>): string {
  const id = context?.idempotency_key ?? data?.session_id
  if (!isPaymentSessionId(id)) {
    throw new Error(`monobank: Medusa did not say which payment session to ${action}`)
  }
  return id
}

/** The other sessions of a session's payment collection with the same provider: the ones it replaces. */
export async function siblingSessionIds(payments: Pick<SessionPaymentModule, "listPaymentSessions">, sessionId: string): Promise<string[]> {
  const [own] = await payments.listPaymentSessions({ id: sessionId }, { select: ["id", "provider_id", "payment_collection_id"] })
  if (!own) return []
  const sessions = await payments.listPaymentSessions(
    { payment_collection_id: own.payment_collection_id, provider_id: own.provider_id },
    { select: ["id"] }
  )
  return sessions.map((session) => session.id).filter((id) => id !== sessionId)
}
