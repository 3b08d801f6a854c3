/**
 * The real side of the money model: one Medusa app (the dev store, providers inside Medusa's real
 * payment module), the bank emulator, and what shoppers and the store owner do to them through
 * Medusa's store and admin HTTP API. Built once per spec file; every sequence uses new carts.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId, createCartWorkflow, createPaymentCollectionForCartWorkflow } from "@medusajs/medusa/core-flows"
import type { EmulatorControl } from "../../emulator"
import { createAdminHeaders } from "../helpers/admin"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { DEBIT_PROVIDER, HOLD_PROVIDER, type Api } from "../http/acquiring-helpers"
import { HOOK_PATH as INSTALLMENTS_HOOK_PATH, INSTALLMENTS_PROVIDER } from "../http/installments-helpers"
import { addMonoCheckout, type CheckoutWorld } from "./checkout-world"
import { SessionLog } from "./session-log"
import { WebhookTracker } from "./webhook-tracker"

export { DEBIT_PROVIDER, HOLD_PROVIDER, INSTALLMENTS_HOOK_PATH, INSTALLMENTS_PROVIDER }
/** Medusa's own provider (no bank): what a shopper may try to swap a waiting installment for. */
export const SYSTEM_PROVIDER = "pp_system_default"

export type Answer = { status: number; data: any }

/** Wall time spent per kind of store call, for MODEL_VERBOSE. */
export class Timings {
  private readonly totals = new Map<string, { count: number; ms: number }>()
  async time<T>(name: string, act: () => Promise<T>): Promise<T> {
    const started = Date.now()
    try {
      return await act()
    } finally {
      const total = this.totals.get(name) ?? { count: 0, ms: 0 }
      this.totals.set(name, { count: total.count + 1, ms: total.ms + Date.now() - started })
    }
  }
  summary(): string {
    return [...this.totals].sort((a, b) => b[1].ms - a[1].ms).map(([name, t]) => `${name}: ${t.count} x ${Math.round(t.ms / t.count)} ms`).join(", ")
  }
}

export type World = {
  timings: Timings
  api: Api
  container: () => MedusaContainer
  control: EmulatorControl
  /** Store headers carry the logged-in shopper, who has one saved card. */
  fx: StoreFixtures
  /** A product without a shipping profile: its carts need no address nor shipping method (cheaper to make). */
  ticketVariantId: string
  /** The same ticket with stock Medusa manages: its orders reserve a unit until they are fulfilled or cancelled. */
  stockedTicketVariantId: string
  customerId: string
  customerEmail: string
  savedCardId: string
  /** The installments store's secret (the store keeps it; a forged callback is signed with it). */
  installmentsSecret: string
  sessions: SessionLog
  webhooks: WebhookTracker
  /** mono checkout's part of the store (./checkout-world). */
  checkout: CheckoutWorld
}

/** An answer whatever its status (a refusal is an answer, not a throw). */
export const answered = (promise: Promise<Answer>): Promise<Answer> =>
  promise.catch((error: any) => error.response ?? { status: 0, data: { message: String(error?.message ?? error) } })

async function loggedInShopper(api: Api, store: StoreFixtures["store"]) {
  const email = `model-shopper-${Date.now()}@example.test`
  const password = "correct horse battery staple"
  const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
  const { data: created } = await api.post(
    "/store/customers",
    { email, first_name: "Леся", last_name: "Українка" },
    { headers: { ...store.headers, authorization: `Bearer ${registration.token}` } }
  )
  const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
  return { headers: { authorization: `Bearer ${login.token}` }, customerId: created.customer.id as string, email }
}

/** Seeds the store, logs a shopper in and saves a card with a first purchase on the bank's page. */
export async function buildWorld(api: Api, container: () => MedusaContainer, control: EmulatorControl, webhookDelayMs: number): Promise<World> {
  const webhooks = new WebhookTracker(container(), webhookDelayMs)
  const sessions = new SessionLog(container)
  await sessions.install()
  const seeded = await seedStore(api, await createAdminHeaders(container()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, SYSTEM_PROVIDER] })
  const shopper = await loggedInShopper(api, seeded.store)
  const fx = { ...seeded, store: { headers: { ...seeded.store.headers, ...shopper.headers } } }

  const first = await createReadyCart(api, fx)
  const { session } = await startPaymentSession(api, fx, first.id, DEBIT_PROVIDER, { save_card: true })
  await control.payInvoice(session.data.invoiceId)
  await control.flushWebhooks()
  await webhooks.quiet()
  await api.post(`/store/carts/${first.id}/complete`, {}, fx.store).catch(() => undefined)
  const savedCardId = await savedCardOf(container(), DEBIT_PROVIDER)
  const { data: digital } = await api.post(
    "/admin/products",
    {
      title: "Електронний квиток",
      status: "published",
      sales_channels: [{ id: fx.salesChannelId }],
      options: [{ title: "Kind", values: ["e-ticket"] }],
      variants: [{ title: "e-ticket", sku: `TICKET-${Date.now()}`, options: { Kind: "e-ticket" }, manage_inventory: false, prices: [{ currency_code: "uah", amount: fx.unitPrice }] }],
    },
    fx.admin
  )
  const ticketVariantId = digital.product.variants[0].id as string
  const stockedTicketVariantId = await stockedTicket(api, fx)
  const checkout = await addMonoCheckout(api, fx, control)
  return { timings: new Timings(), api, checkout, container, control, fx, ticketVariantId, stockedTicketVariantId, customerId: shopper.customerId, customerEmail: shopper.email, savedCardId, installmentsSecret: process.env.MONOBANK_INSTALLMENTS_SECRET!, sessions, webhooks }
}

/** A ticket whose stock Medusa manages (plenty of it, at the store's one location). */
async function stockedTicket(api: Api, fx: StoreFixtures): Promise<string> {
  const { data } = await api.post(
    "/admin/products?fields=*variants,*variants.inventory_items",
    {
      title: "Квиток з місцем",
      status: "published",
      sales_channels: [{ id: fx.salesChannelId }],
      options: [{ title: "Kind", values: ["seat"] }],
      variants: [{ title: "seat", sku: `SEAT-${Date.now()}`, options: { Kind: "seat" }, manage_inventory: true, prices: [{ currency_code: "uah", amount: fx.unitPrice }] }],
    },
    fx.admin
  )
  const variant = data.product.variants[0]
  const inventoryItemId = variant.inventory_items[0].inventory_item_id as string
  // An e-ticket: no shipping (an inventory item requires it unless told), so its carts need no address.
  await api.post(`/admin/inventory-items/${inventoryItemId}`, { requires_shipping: false }, fx.admin)
  await api.post(`/admin/inventory-items/${inventoryItemId}/location-levels`, { location_id: fx.stockLocationId, stocked_quantity: 1_000_000 }, fx.admin)
  return variant.id as string
}

async function savedCardOf(container: MedusaContainer, provider: string): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: customers } = await query.graph({ entity: "customer", fields: ["id", "account_holders.*"] })
  const holder = customers.flatMap((c: any) => c.account_holders ?? []).find((h: any) => h.provider_id === provider)
  const [card] = await container
    .resolve<IPaymentModuleService>(Modules.PAYMENT)
    .listPaymentMethods({ provider_id: provider, context: { account_holder: holder } } as any)
  if (!card) throw new Error("the model's shopper has no saved card")
  return card.id
}

export type ModelCart = { label: string; id: string; total: number; collectionId: string }

/**
 * A cart of the logged-in shopper, ready for payment (an e-ticket: no shipping), with its payment
 * collection: the workflows `POST /store/carts` and `POST /store/payment-collections` run, called
 * directly (the routes' answers would refetch the whole cart with its totals, which costs more).
 */
export async function newCart(world: World, label: string, { stocked = false } = {}): Promise<ModelCart> {
  const { fx } = world
  const input = {
    region_id: fx.regionId,
    sales_channel_id: fx.salesChannelId,
    customer_id: world.customerId,
    email: world.customerEmail,
    items: [{ variant_id: stocked ? world.stockedTicketVariantId : world.ticketVariantId, quantity: 1 }],
  }
  const { result: cart } = await world.timings.time("create cart", () => createCartWorkflow(world.container()).run({ input }))
  const { result: collection } = await world.timings.time("payment collection", () =>
    createPaymentCollectionForCartWorkflow(world.container()).run({ input: { cart_id: cart.id } })
  )
  return { label, id: cart.id, total: MathBN.convert(collection.amount).toNumber(), collectionId: collection.id }
}

/** The storefront starts (or replaces) the cart's payment session. */
export function startSession(world: World, cart: ModelCart, provider: string, data: Record<string, unknown>): Promise<Answer> {
  return world.timings.time("start session", () => answered(world.api.post(`/store/payment-collections/${cart.collectionId}/payment-sessions`, { provider_id: provider, data }, world.fx.store)))
}

/** The cart's payment session as Medusa holds it now (after a replacement or a cart change: the newest). */
export async function currentSession(world: World, cart: ModelCart) {
  const sessions = await world
    .container()
    .resolve<IPaymentModuleService>(Modules.PAYMENT)
    .listPaymentSessions({ payment_collection_id: cart.collectionId }, { select: ["id", "provider_id", "status", "data", "created_at"] })
  return sessions.sort((a, b) => +new Date(b.created_at as Date) - +new Date(a.created_at as Date))[0]
}

/**
 * What `POST /store/carts/:id/complete` does, without its refetch of the order: the same workflow
 * run through the workflow engine, answered as the route answers (`order`, `cart` with the
 * payment error, or the error of a cart that cannot be completed).
 */
export async function completeCart(world: World, cart: ModelCart): Promise<Answer> {
  return world.timings.time("complete cart", async () => {
    const engine = world.container().resolve(Modules.WORKFLOW_ENGINE)
    const { errors, result, transaction } = await engine.run(completeCartWorkflowId, { input: { id: cart.id }, throwOnError: false })
    if (!transaction.hasFinished()) return { status: 409, data: { message: "Cart is already being completed by another request" } }
    const error = errors?.[0]?.error as { message?: string; type?: string } | undefined
    if (!error) return { status: 200, data: { type: "order", order: { id: (result as { id: string }).id } } }
    const paymentError = error.type === MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR || error.type === MedusaError.Types.PAYMENT_REQUIRES_MORE_ERROR
    return { status: paymentError ? 200 : 400, data: { type: "cart", message: error.message, error } }
  })
}

/** One more item: Medusa refreshes the payment collection and deletes its sessions. */
export function changeCart(world: World, cart: ModelCart): Promise<Answer> {
  return world.timings.time("change cart", () => answered(world.api.post(`/store/carts/${cart.id}/line-items`, { variant_id: world.ticketVariantId, quantity: 1 }, world.fx.store)))
}

/** Card details typed on the store's own page (`pay_on_store_page` sessions). */
export function payOnStorePage(world: World, cart: ModelCart, sessionId: string, pan: string): Promise<Answer> {
  const body = { cart_id: cart.id, payment_session_id: sessionId, cardData: { pan, exp: "1230", cvv: "123" } }
  return answered(world.api.post("/store/monobank/card-payments/direct", body, world.fx.store))
}

/** The cart's order and its payments, as the admin sees them. */
export async function orderOfCart(world: World, cart: ModelCart) {
  const query = world.container().resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cart.id } })
  const orderId = links[0]?.order_id as string | undefined
  if (!orderId) return undefined
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status", "payment_collections.payments.*", "payment_collections.payments.captures.*", "payment_collections.payments.refunds.*"],
    filters: { id: orderId },
  })
  const order = data[0] as any
  return { id: orderId, status: order?.status as string, payments: (order?.payment_collections ?? []).flatMap((pc: any) => pc?.payments ?? []) as any[] }
}

export function adminCapture(world: World, paymentId: string): Promise<Answer> {
  return answered(world.api.post(`/admin/payments/${paymentId}/capture`, {}, world.fx.admin))
}

export function adminRefund(world: World, paymentId: string, amount: number): Promise<Answer> {
  return answered(world.api.post(`/admin/payments/${paymentId}/refund`, { amount }, world.fx.admin))
}

export function adminCancelOrder(world: World, orderId: string): Promise<Answer> {
  return answered(world.api.post(`/admin/orders/${orderId}/cancel`, {}, world.fx.admin))
}

/** The owner fulfils every item of the order (an e-ticket: the store's shipping option, its one location). */
export async function adminFulfil(world: World, orderId: string): Promise<Answer> {
  const query = world.container().resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "items.*"], filters: { id: orderId } })
  const items = ((data[0] as any)?.items ?? []).map((item: any) => ({ id: item.id as string, quantity: MathBN.convert(item.quantity ?? item.detail?.quantity ?? 1).toNumber() }))
  const body = { items, location_id: world.fx.stockLocationId, shipping_option_id: world.fx.shippingOptionId }
  return world.timings.time("fulfil", () => answered(world.api.post(`/admin/orders/${orderId}/fulfillments?fields=id`, body, world.fx.admin)))
}

/** The owner's switch in the admin: installment orders placed before the shopper's approval, or not (medusa-config's value). */
export function placeOrdersBeforeApproval(world: World, on: boolean): Promise<Answer> {
  const values = on ? { placeOrderBeforeApproval: true } : {}
  return answered(world.api.post("/admin/monobank/settings/installments", { values }, world.fx.admin))
}

/** Needs attention, as the owner reads it. */
export async function needsAttention(world: World): Promise<Array<Record<string, unknown>>> {
  const { data } = await world.api.get("/admin/monobank/needs-attention", world.fx.admin)
  return data.rows ?? []
}

/** An answer in a few words for the transcript: `200`, `400 <message>`. */
export function brief(answer: Answer): string {
  if (answer.status >= 200 && answer.status < 300) return String(answer.status)
  const message = String(answer.data?.message ?? answer.data?.error ?? "").replace(/\s+/g, " ").slice(0, 140)
  return `${answer.status}${message ? ` ${message}` : ""}`
}

/** Waits (a few seconds at most) until the bank's scripted app user has answered the installment order. */
export async function untilShopperAnswered(world: World, bankOrderId: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await world.control.getInstallmentOrder(bankOrderId)).order_sub_state !== "WAITING_FOR_CLIENT") return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
