/**
 * The payment module's own records of installment sessions, read from inside the provider (it
 * lives in the payment module's container, as ./payment-records does): which bank orders a new
 * session replaces, and whether a Medusa payment rests on a session's order. Neither is something
 * the storefront could tell us: it writes session data, not these rows.
 */
import { optionalFromCradle, type Cradle } from "../../utils/module-container"
import { readOrderId } from "./session-data"

type ListService = {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<any[]>
}

/** Statuses of a session whose order may be money Medusa holds, payment recorded or not yet. */
const HOLDS_MONEY: readonly string[] = ["authorized", "captured"]

/**
 * A Medusa payment that is not cancelled was made from this session: its bank order is that
 * payment's money. Without the payment module's records (a provider built outside it) nobody can
 * say it is not, so the answer is yes.
 */
export async function paymentRestsOnSession(cradle: Cradle, sessionId: string): Promise<boolean> {
  const payments = optionalFromCradle<ListService>(cradle, "paymentService")
  if (!payments) return true
  const found = await payments.list({ payment_session_id: sessionId }, { select: ["id", "canceled_at"] })
  return found.some((payment) => !payment.canceled_at)
}

/**
 * Bank orders of the other sessions of this session's payment collection, with the same provider,
 * that no Medusa payment rests on: the orders the new session replaces.
 */
export async function replacedOrderIds(cradle: Cradle, sessionId: string): Promise<string[]> {
  // A provider built outside the payment module has no collections, so nothing to replace.
  const sessions = optionalFromCradle<ListService>(cradle, "paymentSessionService")
  if (!sessions) return []
  const [own] = await sessions.list({ id: sessionId }, { select: ["id", "provider_id", "payment_collection_id"] })
  if (!own) return []
  const siblings = await sessions.list(
    { payment_collection_id: own.payment_collection_id, provider_id: own.provider_id },
    { select: ["id", "status", "data"], relations: ["payment"] }
  )
  const orderIds: string[] = []
  for (const session of siblings) {
    if (session.id === sessionId || HOLDS_MONEY.includes(session.status)) continue
    if (session.payment && !session.payment.canceled_at) continue
    const orderId = readOrderId(session.data ?? undefined)
    if (orderId) orderIds.push(orderId)
  }
  return orderIds
}
