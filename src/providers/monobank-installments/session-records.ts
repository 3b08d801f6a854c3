/**
 * Which bank orders a new installment session replaces, read from Medusa's sessions through the
 * payment module's public service (utils/medusa-payments). The storefront could not tell us: it
 * writes session data, not these rows.
 */
import { siblingSessions, type PaymentReads } from "../../utils/medusa-payments"
import { readOrderId } from "../../utils/installments/session-data"

/** Statuses of a session whose order may be money Medusa holds, payment recorded or not yet. */
const HOLDS_MONEY: readonly string[] = ["authorized", "captured"]

/**
 * Bank orders of the other sessions of this session's payment collection, with the same provider,
 * that no Medusa payment rests on: the orders the new session replaces. Outside an application
 * (no payment module) there are no collections, so nothing to replace.
 */
export async function replacedOrderIds(
  sessionId: string,
  paymentModule?: Pick<PaymentReads, "listPaymentSessions">
): Promise<{ orderId: string; storeOrderId: string }[]> {
  const orders: { orderId: string; storeOrderId: string }[] = []
  for (const session of await siblingSessions(sessionId, paymentModule)) {
    if (HOLDS_MONEY.includes(session.status)) continue
    if (session.payment && !session.payment.canceled_at) continue
    const orderId = readOrderId(session.data ?? undefined)
    if (orderId) orders.push({ orderId, storeOrderId: session.id })
  }
  return orders
}
