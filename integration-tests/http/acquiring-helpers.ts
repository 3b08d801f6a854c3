/** Shopper, admin and bank steps shared by the card-payment (`monobank` provider) HTTP specs. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TEST_CARDS } from "../../emulator"
import { createReadyCart, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { MONOBANK_NOTIFICATION_EVENT } from "../../src/workflows/notifications/notification-event"

/** `monobank` registered twice in medusa-config.ts: hold + admin capture, and immediate debit. */
export const HOLD_PROVIDER = "pp_monobank_monobank"
export const DEBIT_PROVIDER = "pp_monobank_monobank-debit"
/** Where new invoices send their webhooks: the plugin's own route. */
export const HOOK_PATH = { [HOLD_PROVIDER]: "/hooks/monobank/payment/monobank_monobank", [DEBIT_PROVIDER]: "/hooks/monobank/payment/monobank_monobank-debit" }
/** Medusa's webhook route, which invoices made before the plugin had its own still name. */
export const MEDUSA_HOOK_PATH = { [HOLD_PROVIDER]: "/hooks/payment/monobank_monobank", [DEBIT_PROVIDER]: "/hooks/payment/monobank_monobank-debit" }
export { TEST_CARDS }

export type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
  delete: (url: string, config?: object) => Promise<{ data: any; status: number }>
}

const WEBHOOK_EVENT = MONOBANK_NOTIFICATION_EVENT

/**
 * Resolves once `events` webhook events have been handled by every subscriber (the plugin's one
 * handler of its notifications). Paying on the hosted page sends two: `processing`, then the outcome.
 * Call it before the action that sends the webhooks. (`TestEventUtils.waitSubscribersExecution`
 * counts runs across subscribers, so it cannot wait for two events of three subscribers.)
 */
export function webhooksHandled(
  container: MedusaContainer,
  events = 2,
  timeoutMs = 30_000
): Promise<void> & { cancel(): void } {
  const emitter = (container.resolve(Modules.EVENT_BUS) as any).eventEmitter_
  const originals: Array<(...args: unknown[]) => unknown> = emitter.listeners(WEBHOOK_EVENT)
  let cancel = () => {}
  const promise = new Promise<void>((resolve, reject) => {
    const runs = originals.map(() => 0)
    let timer: NodeJS.Timeout | undefined
    const restore = () => {
      clearTimeout(timer)
      emitter.removeAllListeners(WEBHOOK_EVENT)
      originals.forEach((listener) => emitter.on(WEBHOOK_EVENT, listener))
    }
    cancel = restore
    timer = setTimeout(() => {
      restore()
      reject(new Error(`${events} webhook event(s) not handled within ${timeoutMs} ms (runs: ${runs.join(",")})`))
    }, timeoutMs)
    emitter.removeAllListeners(WEBHOOK_EVENT)
    originals.forEach((listener, i) =>
      emitter.on(WEBHOOK_EVENT, async (...args: unknown[]) => {
        try {
          await listener(...args)
        } finally {
          runs[i] += 1
          if (runs.every((n) => n >= events)) {
            restore()
            resolve()
          }
        }
      })
    )
  })
  return Object.assign(promise, { cancel: () => cancel() })
}

/** A ready cart with a monobank payment session, as a storefront's checkout creates it. */
export async function checkoutWithMonobank(
  api: Api,
  fx: StoreFixtures,
  provider: string,
  options: { data?: Record<string, unknown>; headers?: Record<string, string>; quantity?: number } = {}
) {
  const store = { headers: { ...fx.store.headers, ...(options.headers ?? {}) } }
  const withHeaders = { ...fx, store }
  const cart = await createReadyCart(api, withHeaders, { quantity: options.quantity })
  const { collectionId, session } = await startPaymentSession(api, withHeaders, cart.id, provider, options.data)
  return { cart, collectionId, session, store }
}

/** POST /store/carts/:id/complete, answered (not thrown). */
export async function completeCart(api: Api, store: { headers: Record<string, string> }, cartId: string) {
  return api.post(`/store/carts/${cartId}/complete`, {}, store).catch((error: any) => error.response)
}

/** The cart's payment session as the storefront reads it. */
export async function sessionOfCart(api: Api, store: { headers: Record<string, string> }, cartId: string) {
  const { data } = await api.get(
    `/store/carts/${cartId}?fields=id,completed_at,*payment_collection,*payment_collection.payment_sessions`,
    store
  )
  return { cart: data.cart, session: data.cart.payment_collection?.payment_sessions?.[0] }
}

/** Every order of the (per-test) database, with payments, captures and refunds, as the admin lists them. */
export async function adminOrders(api: Api, admin: object) {
  const fields = [
    "id",
    "status",
    "total",
    "*payment_collections",
    "*payment_collections.payments",
    "*payment_collections.payments.captures",
    "*payment_collections.payments.refunds",
  ].join(",")
  const { data } = await api.get(`/admin/orders?fields=${fields}`, admin)
  return data.orders as any[]
}

export function onlyPayment(order: any) {
  const payments = order.payment_collections.flatMap((pc: any) => pc.payments ?? [])
  expect(payments).toHaveLength(1)
  return payments[0]
}

export async function adminPayment(api: Api, admin: object, paymentId: string) {
  const fields = "id,amount,currency_code,captured_at,canceled_at,data,*captures,*refunds"
  const { data } = await api.get(`/admin/payments/${paymentId}?fields=${fields}`, admin)
  return data.payment
}

/**
 * Bank calls of the acquiring API since the last reset, as "METHOD /path", but for reads of the
 * bank's public key: a webhook of an earlier test still in flight may fetch it at any moment.
 */
export async function acquiringCalls(control: { calls(): Promise<Array<{ method: string; path: string }>> }) {
  return (await control.calls())
    .filter((c) => c.path.startsWith("/api/merchant/") && c.path !== "/api/merchant/pubkey")
    .map((c) => `${c.method} ${c.path}`)
}

export function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

/** Waits (up to the time given) for the cart to have an order, as a webhook makes it; says whether it has one. */
export async function orderLinked(container: MedusaContainer, cartId: string, timeoutMs: number): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const until = Date.now() + timeoutMs
  for (;;) {
    const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
    if (data.length || Date.now() > until) return data.length > 0
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
