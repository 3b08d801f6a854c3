/**
 * The payment module's own records of installment sessions, read from inside the provider (it
 * lives in the payment module's container, as ./payment-records does): which bank orders a new
 * session replaces. The storefront could not tell us: it writes session data, not these rows.
 * Whether a payment rests on a session is asked publicly (utils/medusa-payments).
 */
import { optionalFromCradle, type Cradle } from "../../utils/module-container"
import { readOrderId } from "./session-data"

type ListService = {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<any[]>
}

/** Statuses of a session whose order may be money Medusa holds, payment recorded or not yet. */
const HOLDS_MONEY: readonly string[] = ["authorized", "captured"]

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
