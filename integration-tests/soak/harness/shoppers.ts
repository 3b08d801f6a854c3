/**
 * Shoppers of the soak, over HTTP only. Each one alternates between the servers for its storefront
 * calls; whatever a real storefront or admin could send twice (the shopper's return to the store,
 * the admin's capture) goes to every server at the same moment. The bank's webhooks and callbacks
 * reach every server through the fan-out proxy.
 */
import type { EmulatorControl } from "../../../emulator"
import { DEBIT_PROVIDER, HOLD_PROVIDER } from "../../http/acquiring-helpers"
import { createCheckoutCart, startCheckout, submitCheckoutPage, type CheckoutFixtures } from "../../http/checkout-helpers"
import { chooseInstallments, phoneEndingIn } from "../../http/installments-helpers"
import { completeCart, createReadyCart, startPaymentSession } from "../../helpers/store-fixtures"
import type { Client } from "pg"
import { answered, type Api, type Response } from "./http"

export const KINDS = ["card debit", "card hold + capture", "installments", "mono checkout"] as const
export type Kind = (typeof KINDS)[number]

export type Shopper = {
  kind: Kind
  cartId: string
  /** invoiceId (card), order_id (installments) or the checkout order id at the bank. */
  bankId: string
  /** What the servers answered to requests sent to all of them at once. */
  concurrentAnswers: number[]
  /** Set when a step after the payment failed (the cart still counts in the tally). */
  error?: string
}

export type ShopperContext = {
  servers: Api[]
  fx: CheckoutFixtures
  bank: EmulatorControl
  sql: Client
  /** Every shopper, recorded as soon as the bank knows about it. */
  shoppers: Shopper[]
}

/** Where a shopper's run leaves its record, so a failure after the payment is booked against its cart. */
type Holder = { shopper?: Shopper }

function track(ctx: ShopperContext, holder: Holder, shopper: Shopper): Shopper {
  ctx.shoppers.push(shopper)
  holder.shopper = shopper
  return shopper
}

/**
 * One guest e-mail per shopper: Medusa creates the guest customer while creating the cart, and two
 * carts of one new e-mail at the same moment collide there ("Customer ... already exists").
 */
const shopperEmail = (kind: Kind, index: number) => `${kind.replace(/[^a-z]+/g, "-")}-${index}@soak.example.test`

/** The same request to every server at the same moment. */
async function onEveryServer(ctx: ShopperContext, send: (api: Api) => Promise<Response>): Promise<number[]> {
  const answers = await Promise.all(ctx.servers.map((api) => answered(send(api))))
  return answers.map((a) => a.status)
}

/** Waits until a cart has an order (the bank's webhook made it); returns its payment ids. */
async function paymentsOfCartOrder(sql: Client, cartId: string, timeoutMs = 60_000): Promise<string[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await sql.query(
      `select p.id from order_cart oc
         join order_payment_collection opc on opc.order_id = oc.order_id and opc.deleted_at is null
         join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
       where oc.cart_id = $1 and oc.deleted_at is null`,
      [cartId]
    )
    if (rows.length) return rows.map((r) => r.id)
    if (Date.now() > until) throw new Error(`cart ${cartId} has no order with a payment after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

async function cardShopper(ctx: ShopperContext, holder: Holder, index: number, kind: "card debit" | "card hold + capture"): Promise<Shopper> {
  const api = ctx.servers[index % ctx.servers.length]
  const provider = kind === "card debit" ? DEBIT_PROVIDER : HOLD_PROVIDER
  const cart = await createReadyCart(api, ctx.fx, { email: shopperEmail(kind, index) })
  const { session } = await startPaymentSession(api, ctx.fx, cart.id, provider)
  const shopper = track(ctx, holder, { kind, cartId: cart.id, bankId: session.data.invoiceId, concurrentAnswers: [] })
  await ctx.bank.payInvoice(shopper.bankId)
  // The shopper's browser comes back from the bank while the webhooks arrive.
  shopper.concurrentAnswers.push(...(await onEveryServer(ctx, (server) => completeCart(server, ctx.fx, cart.id))))
  if (kind === "card hold + capture") {
    const [paymentId] = await paymentsOfCartOrder(ctx.sql, cart.id)
    shopper.concurrentAnswers.push(...(await onEveryServer(ctx, (server) => server.post(`/admin/payments/${paymentId}/capture`, {}, ctx.fx.admin))))
  }
  return shopper
}

/** Phone ending 1: the bank approves and debits; ending 4: the store confirms (admin capture on every server). */
async function installmentsShopper(ctx: ShopperContext, holder: Holder, index: number): Promise<Shopper> {
  const api = ctx.servers[index % ctx.servers.length]
  const storeConfirms = index % 2 === 1
  const readyCart = await createReadyCart(api, ctx.fx, { email: shopperEmail("installments", index) })
  const { cart, session, response } = await chooseInstallments(
    api,
    ctx.fx,
    { client_phone: phoneEndingIn(storeConfirms ? 4 : 1), parts_count: 4 },
    readyCart
  )
  if (!session) throw new Error(`installments session refused: ${response.status} ${JSON.stringify(response.data)}`)
  const shopper = track(ctx, holder, { kind: "installments", cartId: cart.id, bankId: session.data.order_id, concurrentAnswers: [] })
  if (storeConfirms) {
    const [paymentId] = await paymentsOfCartOrder(ctx.sql, cart.id)
    shopper.concurrentAnswers.push(...(await onEveryServer(ctx, (server) => server.post(`/admin/payments/${paymentId}/capture`, {}, ctx.fx.admin))))
  }
  return shopper
}

async function checkoutShopper(ctx: ShopperContext, holder: Holder, index: number): Promise<Shopper> {
  const api = ctx.servers[index % ctx.servers.length]
  const cart = await createCheckoutCart(api, ctx.fx)
  const started = await startCheckout(api, ctx.fx, { cart_id: cart.id })
  if (started.status !== 200) throw new Error(`checkout refused: ${started.status} ${JSON.stringify(started.data)}`)
  const redirectUrl: string = started.data.redirect_url
  const shopper = track(ctx, holder, { kind: "mono checkout", cartId: cart.id, bankId: redirectUrl.split("/").pop()!, concurrentAnswers: [] })
  await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "card", email: shopperEmail("mono checkout", index) })
  // The return page asks every server while the callback arrives, then polls as a storefront does
  // until it shows the order (the bank is read again every few seconds).
  shopper.concurrentAnswers.push(...(await onEveryServer(ctx, (server) => server.get(`/store/monobank/checkout/${cart.id}`, ctx.fx.store))))
  await returnPageShowsOrder(api, ctx, cart.id)
  return shopper
}

async function returnPageShowsOrder(api: ShopperContext["servers"][number], ctx: ShopperContext, cartId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const answer = await api.get(`/store/monobank/checkout/${cartId}`, ctx.fx.store).catch((error: any) => error.response)
    if (answer?.data?.checkout?.medusa_order_id) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

function runShopper(ctx: ShopperContext, holder: Holder, kind: Kind, index: number): Promise<Shopper> {
  switch (kind) {
    case "card debit":
    case "card hold + capture":
      return cardShopper(ctx, holder, index, kind)
    case "installments":
      return installmentsShopper(ctx, holder, index)
    case "mono checkout":
      return checkoutShopper(ctx, holder, index)
  }
}

/** `perKind` shoppers of every kind (or of `kinds`), interleaved, at most `parallel` at once. */
export async function runShoppers(ctx: ShopperContext, perKind: number, parallel: number, kinds: readonly Kind[] = KINDS) {
  const queue = Array.from({ length: perKind }, (_, i) => kinds.map((kind) => ({ kind, index: i }))).flat()
  /** Shoppers that failed before the bank knew about them (no cart to count). */
  const failures: Array<{ kind: Kind; error: string }> = []
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const holder: Holder = {}
        try {
          await runShopper(ctx, holder, next.kind, next.index)
        } catch (error) {
          const message = (error as Error).message
          if (holder.shopper) holder.shopper.error = message
          else failures.push({ kind: next.kind, error: message })
        }
      }
    })
  )
  return failures
}
