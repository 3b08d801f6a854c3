/**
 * The Medusa order a checkout record is linked to, and whether that order still exists. A link
 * can outlive its order: Medusa undoes a cart completion by deleting the orders it created
 * (`deleteOrders`, a hard delete) and does not know about our link. Such an order is "gone". A
 * canceled order, or one soft-deleted (it can be restored), still exists: it is never replaced.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { MONOBANK_CHECKOUT_MODULE } from "../../../modules/monobank-checkout"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

type Container = Pick<MedusaContainer, "resolve">

/**
 * How `query.graph` names the link of ../../links/monobank-checkout-order (Medusa joins the two
 * aliases). Not imported from there: a link definition needs a running Medusa to be loaded.
 */
export const CHECKOUT_ORDER_LINK_ENTITY = "monobank_checkout_order_order"

export type LinkedOrder = { medusa_order_id: string; exists: boolean }

/** Which of these orders still have a row, canceled and soft-deleted ones included. */
export async function existingOrderIds(container: Container, orderIds: string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set()
  const orders = await container.resolve(Modules.ORDER).listOrders({ id: orderIds }, { select: ["id"], withDeleted: true })
  return new Set(orders.map((order: { id: string }) => order.id))
}

/** The linked order of each checkout record that has a link. */
export async function linkedOrdersOf(container: Container, checkoutIds: string[]): Promise<Map<string, LinkedOrder>> {
  const linked = new Map<string, LinkedOrder>()
  if (!checkoutIds.length) return linked
  const { data: links } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: CHECKOUT_ORDER_LINK_ENTITY,
    fields: ["monobank_checkout_order_id", "order_id"],
    filters: { monobank_checkout_order_id: checkoutIds },
  })
  const rows = links as { monobank_checkout_order_id: string; order_id: string }[]
  const existing = await existingOrderIds(container, rows.map((row) => row.order_id))
  for (const row of rows) {
    linked.set(row.monobank_checkout_order_id, { medusa_order_id: row.order_id, exists: existing.has(row.order_id) })
  }
  return linked
}

export async function linkedOrderOf(container: Container, checkoutId: string): Promise<LinkedOrder | undefined> {
  return (await linkedOrdersOf(container, [checkoutId])).get(checkoutId)
}

/** A link as Medusa's Link module takes it (its own `order_id` key: the Medusa order). */
export function checkoutOrderLinkOf(checkoutId: string, medusaOrderId: string) {
  return { [MONOBANK_CHECKOUT_MODULE]: { monobank_checkout_order_id: checkoutId }, [Modules.ORDER]: { order_id: medusaOrderId } }
}

/**
 * When the record is linked to an order that is gone, removes that link and reopens the record
 * (`needs_attention`, never `completed` without an order), so the next sync places the order
 * again. Returns the gone order's id, or undefined when the record's link (if any) is sound.
 */
export async function dropDeadOrderLink(container: Container, checkoutId: string, reason: string): Promise<string | undefined> {
  const linked = await linkedOrderOf(container, checkoutId)
  if (!linked || linked.exists) return undefined
  await container.resolve(ContainerRegistrationKeys.LINK).dismiss(checkoutOrderLinkOf(checkoutId, linked.medusa_order_id))
  const message = `order ${linked.medusa_order_id} made from this checkout order no longer exists (${reason}): the link to it was removed and the order is placed again`
  await checkoutModule(container).reopenCheckoutOrder(checkoutId, message)
  container.resolve(ContainerRegistrationKeys.LOGGER).warn(`monobank checkout: checkout record ${checkoutId}: ${message}`)
  return linked.medusa_order_id
}
