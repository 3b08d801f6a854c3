/**
 * The Medusa order a payment collection pays for, with its status: an installment order placed
 * before the shopper's approval (`placeOrderBeforeApproval`) exists while its payment is still
 * `pending_authorization`, and an approval must never authorize a payment on a cancelled one.
 * Read through Medusa's query (a workflow's container, or the payment module's cradle). Also the
 * order's installment sessions with no payment, for the order widget and the cancellation subscriber.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { optionalFromCradle, type ModuleScope } from "../module-container"
import { INSTALLMENTS_PROVIDER_PREFIX, PLUGIN_PROVIDER_PREFIX } from "../provider-ids"

export type CollectionOrder = { id: string; status: string; metadata: Record<string, unknown> | null; paid: boolean }

type Query = { graph(config: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: any[] }> }

/** Payments Medusa keeps on an order that still rest on money (not cancelled). */
const livePayment = (payment: { canceled_at?: unknown }) => !payment.canceled_at

async function orderIdOfCollection(scope: ModuleScope, paymentCollectionId: string): Promise<string | undefined> {
  const query = optionalFromCradle<Query>(scope, ContainerRegistrationKeys.QUERY)
  if (!query) return undefined
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  return links[0]?.order_id as string | undefined
}

export async function orderOfPaymentCollection(scope: ModuleScope, paymentCollectionId: string): Promise<CollectionOrder | undefined> {
  const query = optionalFromCradle<Query>(scope, ContainerRegistrationKeys.QUERY)
  const orderId = query && (await orderIdOfCollection(scope, paymentCollectionId))
  if (!query || !orderId) return undefined
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "status", "metadata", "payment_collections.payments.id", "payment_collections.payments.canceled_at"],
    filters: { id: orderId },
  })
  const order = orders[0]
  if (!order) return undefined
  const payments = (order.payment_collections ?? []).flatMap((collection: { payments?: Array<{ canceled_at?: unknown }> }) => collection?.payments ?? [])
  return { id: order.id, status: order.status, metadata: order.metadata ?? null, paid: payments.some(livePayment) }
}

export type UnpaidInstallmentSession = { id: string; provider_id: string; status: string; data: Record<string, unknown> | null }

type OrderSessionRow = UnpaidInstallmentSession & { payment?: { id: string; canceled_at?: unknown } | null }
type OrderSessions = { id: string; status: string; metadata: Record<string, unknown> | null; sessions: OrderSessionRow[] }

/** The order's status and metadata, and every payment session of its payment collections. */
async function orderSessions(scope: ModuleScope, orderId: string): Promise<OrderSessions | undefined> {
  const query = optionalFromCradle<Query>(scope, ContainerRegistrationKeys.QUERY)
  if (!query) return undefined
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status", "metadata", ...SESSION_FIELDS.map((field) => `payment_collections.payment_sessions.${field}`)],
    filters: { id: orderId },
  })
  const order = data[0] as { id: string; status: string; metadata?: Record<string, unknown> | null; payment_collections?: { payment_sessions?: OrderSessionRow[] }[] } | undefined
  if (!order) return undefined
  const sessions = (order.payment_collections ?? []).flatMap((collection) => collection?.payment_sessions ?? [])
  return { id: order.id, status: order.status, metadata: order.metadata ?? null, sessions }
}

const SESSION_FIELDS = ["id", "provider_id", "status", "data", "payment.id", "payment.canceled_at"]

const publicSession = ({ id, provider_id, status, data }: OrderSessionRow): UnpaidInstallmentSession => ({ id, provider_id, status, data: data ?? null })

/**
 * The order's installment sessions with no payment (an order placed before the approval waits for
 * it, or was cancelled for it), and the order's metadata (why the plugin cancelled it).
 */
export async function unpaidInstallmentSessions(
  scope: ModuleScope,
  orderId: string
): Promise<{ sessions: UnpaidInstallmentSession[]; metadata: Record<string, unknown> | null }> {
  const order = await orderSessions(scope, orderId)
  const sessions = (order?.sessions ?? []).filter((session) => session.provider_id.startsWith(INSTALLMENTS_PROVIDER_PREFIX) && !session.payment).map(publicSession)
  return { sessions, metadata: order?.metadata ?? null }
}

/**
 * The plugin's sessions of an order whose payment is still live although the order was cancelled:
 * an approval that Medusa recorded while the owner's cancellation ran (its cancel step had read the
 * order's payments before this one existed). Empty for an order that is not cancelled.
 */
export async function livePaymentsOfCanceledOrder(scope: ModuleScope, orderId: string): Promise<UnpaidInstallmentSession[]> {
  const order = await orderSessions(scope, orderId)
  if (order?.status !== "canceled") return []
  return order.sessions
    .filter((session) => session.provider_id.startsWith(PLUGIN_PROVIDER_PREFIX) && session.payment && !session.payment.canceled_at)
    .map(publicSession)
}

/**
 * An order placed before the shopper's approval (`placeOrderBeforeApproval`) whose installment still
 * waits for the bank: the order is not cancelled and one of its installment sessions is
 * `pending_authorization` with no payment. Until the bank answers, that session is what the order
 * rests on: it may not be replaced, deleted or shipped against.
 */
export type OrderAwaitingApproval = { orderId: string; sessionIds: string[] }

export async function orderAwaitingApproval(scope: ModuleScope, orderId: string): Promise<OrderAwaitingApproval | undefined> {
  const order = await orderSessions(scope, orderId)
  if (!order || order.status === "canceled") return undefined
  const sessionIds = order.sessions
    .filter((session) => session.provider_id.startsWith(INSTALLMENTS_PROVIDER_PREFIX) && session.status === AWAITING_STATUS && !session.payment)
    .map((session) => session.id)
  return sessionIds.length ? { orderId: order.id, sessionIds } : undefined
}

/** The same, for the order (if any) that holds a payment collection. */
export async function collectionAwaitingApproval(scope: ModuleScope, paymentCollectionId: string): Promise<OrderAwaitingApproval | undefined> {
  const orderId = await orderIdOfCollection(scope, paymentCollectionId)
  return orderId ? orderAwaitingApproval(scope, orderId) : undefined
}

const AWAITING_STATUS = "pending_authorization"
