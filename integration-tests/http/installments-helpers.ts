/** Shopper and bank steps shared by the installments HTTP specs. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import { createReadyCart, type StoreFixtures } from "../helpers/store-fixtures"
import { MONOBANK_NOTIFICATION_EVENT } from "../../src/workflows/notifications/notification-event"

export const INSTALLMENTS_PROVIDER = "pp_monobank-installments_monobank-installments"
export const HOOK_PATH = "/hooks/payment/monobank-installments_monobank-installments"

/** The emulator scripts the outcome by the last digit (1 approve, 2 wait, 3 limit, 4 store confirm). */
export const phoneEndingIn = (digit: number) => `+38050123456${digit}`

type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
  delete: (url: string, config?: object) => Promise<{ data: any; status: number }>
}

/** Cart ready for payment, payment collection, and the session creation answer (not thrown). */
export async function chooseInstallments(
  api: Api,
  fx: StoreFixtures,
  data: Record<string, unknown>,
  cart?: { id: string }
) {
  const readyCart = cart ?? (await createReadyCart(api, fx))
  const { data: pc } = await api.post("/store/payment-collections", { cart_id: readyCart.id }, fx.store)
  const response = await api
    .post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      { provider_id: INSTALLMENTS_PROVIDER, data },
      fx.store
    )
    .catch((error: any) => error.response)
  const session = response.data?.payment_collection?.payment_sessions?.find(
    (s: { provider_id: string }) => s.provider_id === INSTALLMENTS_PROVIDER
  )
  return { cart: readyCart, collectionId: pc.payment_collection.id as string, response, session }
}

/** A shopper who confirmed in the app (ending 4): the order exists with an authorized payment. */
export async function confirmedInstallmentOrder(api: Api, fx: StoreFixtures, container: MedusaContainer) {
  const callback = webhooksHandled(container)
  const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
  await callback
  const order = await orderOfCart(container, cart.id)
  return { order, payment: order.payment_collections[0].payments[0], bankOrderId: session.data.order_id as string }
}

/** Resolves once `count` webhook events have been handled by every subscriber. */
export function webhooksHandled(container: MedusaContainer, count = 1) {
  const eventBus = container.resolve(Modules.EVENT_BUS)
  return TestEventUtils.waitSubscribersExecution(MONOBANK_NOTIFICATION_EVENT, eventBus as any, {
    triggerCount: count,
    timeout: 30_000,
  })
}

/** The payment session as the storefront reads it from the cart (no bank call). */
export async function sessionOfCart(api: Api, fx: StoreFixtures, cartId: string) {
  const { data } = await api.get(
    `/store/carts/${cartId}?fields=id,completed_at,*payment_collection,*payment_collection.payment_sessions`,
    fx.store
  )
  const sessions = data.cart.payment_collection?.payment_sessions ?? []
  return sessions.find((s: { provider_id: string }) => s.provider_id === INSTALLMENTS_PROVIDER)
}

export async function orderOfCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderId = links[0]?.order_id as string | undefined
  if (!orderId) return undefined
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "status", "payment_collections.payments.*", "payment_collections.payments.captures.*"],
    filters: { id: orderId },
  })
  return orders[0] as any
}

/** Bank calls of the installments API since the last reset, as "METHOD /path". */
export async function installmentCalls(control: { calls(): Promise<Array<{ method: string; path: string }>> }) {
  return (await control.calls()).filter((c) => c.path.startsWith("/api/order/")).map((c) => `${c.method} ${c.path}`)
}
