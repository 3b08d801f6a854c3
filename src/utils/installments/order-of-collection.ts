/**
 * The Medusa order a payment collection pays for, with its status: an installment order placed
 * before the shopper's approval (`placeOrderBeforeApproval`) exists while its payment is still
 * `pending_authorization`, and an approval must never authorize a payment on a cancelled one.
 * Read through Medusa's query (a workflow's container, or the payment module's cradle). Also the
 * order's installment sessions with no payment, for the order widget and the cancellation subscriber.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { optionalFromCradle, type ModuleScope } from "../module-container"
import { INSTALLMENTS_PROVIDER_PREFIX } from "../provider-ids"

export type CollectionOrder = { id: string; status: string; metadata: Record<string, unknown> | null; paid: boolean }

type Query = { graph(config: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: any[] }> }

/** Payments Medusa keeps on an order that still rest on money (not cancelled). */
const livePayment = (payment: { canceled_at?: unknown }) => !payment.canceled_at

export async function orderOfPaymentCollection(scope: ModuleScope, paymentCollectionId: string): Promise<CollectionOrder | undefined> {
  const query = optionalFromCradle<Query>(scope, ContainerRegistrationKeys.QUERY)
  if (!query) return undefined
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  const orderId = links[0]?.order_id as string | undefined
  if (!orderId) return undefined
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

/**
 * The order's installment sessions with no payment (an order placed before the approval waits for
 * it, or was cancelled for it), and the order's metadata (why the plugin cancelled it).
 */
export async function unpaidInstallmentSessions(
  scope: ModuleScope,
  orderId: string
): Promise<{ sessions: UnpaidInstallmentSession[]; metadata: Record<string, unknown> | null }> {
  const query = optionalFromCradle<Query>(scope, ContainerRegistrationKeys.QUERY)
  if (!query) return { sessions: [], metadata: null }
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "metadata", ...["id", "provider_id", "status", "data", "payment.id"].map((field) => `payment_collections.payment_sessions.${field}`)],
    filters: { id: orderId },
  })
  const order = data[0] as { metadata?: Record<string, unknown> | null; payment_collections?: { payment_sessions?: Array<UnpaidInstallmentSession & { payment?: unknown }> }[] } | undefined
  const sessions = (order?.payment_collections ?? [])
    .flatMap((collection) => collection?.payment_sessions ?? [])
    .filter((session) => session.provider_id.startsWith(INSTALLMENTS_PROVIDER_PREFIX) && !session.payment)
    .map(({ id, provider_id, status, data }) => ({ id, provider_id, status, data: data ?? null }))
  return { sessions, metadata: order?.metadata ?? null }
}
