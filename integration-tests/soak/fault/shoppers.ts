/**
 * Shoppers of the fault soak, each as a storefront drives one: a cart, a payment session, the
 * bank's side through the emulator's control API (never faulted), then cart completion, which may
 * race the bank's webhook. A failed step is tried again a few times; then the shopper gives up.
 * The admin then captures and refunds some of the orders, some requests sent twice at once.
 */
import type { EmulatorControl } from "../../../emulator"
import { TEST_CARDS } from "../../../emulator"
import { SHIPPING_ADDRESS, type StoreFixtures } from "../../helpers/store-fixtures"
import { answered, sleep, withRetries, type Answer, type ShopperKind, type SoakTally } from "./tally"

export const HOLD_PROVIDER = "pp_monobank_monobank"
export const DEBIT_PROVIDER = "pp_monobank_monobank-debit"
export const INSTALLMENTS_PROVIDER = "pp_monobank-installments_monobank-installments"

type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
  delete: (url: string, config?: object) => Promise<{ data: any; status: number }>
}
type Headers = { headers: Record<string, string> }

export type SavedCard = { auth: Record<string, string>; paymentMethodId: string }

export type SoakContext = {
  api: Api
  fx: StoreFixtures
  control: EmulatorControl
  tally: SoakTally
  savedCards: SavedCard[]
}

export type ShopperResult = {
  kind: ShopperKind
  cartId?: string
  orderId?: string
  /** The bank said no (declined card, installment limit). */
  declined?: boolean
  /** Left on purpose, before paying. */
  abandoned?: boolean
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300

async function readyCart(ctx: SoakContext, kind: ShopperKind, store: Headers, email: string): Promise<string | undefined> {
  const { api, fx, tally } = ctx
  const created = await withRetries(tally, kind, "cart", () =>
    answered(
      api.post(
        "/store/carts",
        {
          region_id: fx.regionId,
          sales_channel_id: fx.salesChannelId,
          email,
          items: [{ variant_id: fx.variantId, quantity: 1 }],
          shipping_address: SHIPPING_ADDRESS,
          billing_address: SHIPPING_ADDRESS,
        },
        store
      )
    )
  )
  const cartId: string | undefined = created?.data.cart.id
  if (!cartId) return undefined
  const shipped = await withRetries(tally, kind, "shipping", () =>
    answered(api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: fx.shippingOptionId }, store))
  )
  return shipped ? cartId : undefined
}

async function paymentSession(
  ctx: SoakContext,
  kind: ShopperKind,
  store: Headers,
  cartId: string,
  providerId: string,
  data: Record<string, unknown>,
  usable: (session: any) => boolean
): Promise<any> {
  const { api, tally } = ctx
  const collection = await withRetries(tally, kind, "collection", () =>
    answered(api.post("/store/payment-collections", { cart_id: cartId }, store))
  )
  const collectionId = collection?.data.payment_collection.id
  if (!collectionId) return undefined
  const sessionOf = (answer: Answer) =>
    answer.data?.payment_collection?.payment_sessions?.find((s: { provider_id: string }) => s.provider_id === providerId)
  const started = await withRetries(
    tally,
    kind,
    "session",
    () => answered(api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: providerId, data }, store)),
    (answer) => ok(answer) && !!sessionOf(answer) && usable(sessionOf(answer))
  )
  return started && sessionOf(started)
}

async function completeCart(ctx: SoakContext, kind: ShopperKind, store: Headers, cartId: string): Promise<string | undefined> {
  const done = await withRetries(
    ctx.tally,
    kind,
    "complete",
    () => answered(ctx.api.post(`/store/carts/${cartId}/complete`, {}, store)),
    (answer) => ok(answer) && answer.data?.type === "order"
  )
  return done?.data.order.id
}

/** Card on the hosted page (debit or hold), or a saved card charged at completion. */
export async function cardShopper(ctx: SoakContext, kind: "debit" | "hold" | "saved", index: number): Promise<ShopperResult> {
  const saved = kind === "saved" ? ctx.savedCards[index % ctx.savedCards.length] : undefined
  const store = { headers: { ...ctx.fx.store.headers, ...(saved?.auth ?? {}) } }
  const cartId = await readyCart(ctx, kind, store, `soak-${kind}-${index}@example.test`)
  if (!cartId) return { kind }
  const provider = kind === "hold" ? HOLD_PROVIDER : DEBIT_PROVIDER
  const data = saved ? { payment_method_id: saved.paymentMethodId } : {}
  const session = await paymentSession(ctx, kind, store, cartId, provider, data, (s) => saved !== undefined || !!s.data?.invoiceId)
  if (!session) return { kind, cartId }
  if (!saved) {
    // One in ten leaves at the bank's page; one in ten pays with a card the issuer declines.
    if (index % 10 === 7) return { kind, cartId, abandoned: true }
    const pan = index % 10 === 3 ? TEST_CARDS.declined : TEST_CARDS.visa
    const paying = Date.now()
    const paid = await ctx.control.payInvoice(session.data.invoiceId, { pan })
    ctx.tally.stepTime("bank: pay", Date.now() - paying)
    if (paid.status === "failure") return { kind, cartId, declined: true }
  }
  return { kind, cartId, orderId: await completeCart(ctx, kind, store, cartId) }
}

/** Installments; the phone's last digit scripts the bank (1 approved, 3 limit, 4 store confirm, 7 the shopper confirms). */
export const INSTALLMENT_ENDINGS = [1, 4, 7, 3, 4, 7, 1, 4] as const

export async function installmentsShopper(ctx: SoakContext, index: number): Promise<ShopperResult & { ending: number }> {
  const kind = "installments"
  const ending = INSTALLMENT_ENDINGS[index % INSTALLMENT_ENDINGS.length]
  const store = ctx.fx.store
  const cartId = await readyCart(ctx, kind, store, `soak-installments-${index}@example.test`)
  if (!cartId) return { kind, ending }
  const session = await paymentSession(
    ctx,
    kind,
    store,
    cartId,
    INSTALLMENTS_PROVIDER,
    { client_phone: `+38050123456${ending}`, parts_count: 4 },
    (s) => !!s.data?.order_id
  )
  if (!session) return { kind, cartId, ending }
  if (ending === 7) await ctx.control.installmentClientConfirm(session.data.order_id)

  // The storefront polls the bank's answer, then completes the cart once it is approved.
  let installment: any
  const polling = Date.now()
  for (let poll = 0; poll < 10; poll++) {
    const answer = await answered(ctx.api.get(`/store/monobank/installments/${session.id}`, store))
    if (!ok(answer)) ctx.tally.shopperError(kind, "poll", answer.status)
    installment = ok(answer) ? answer.data.installment : installment
    if (installment?.order?.id || installment?.final) break
    await sleep(300)
  }
  ctx.tally.stepTime("installments poll", Date.now() - polling)
  if (installment?.order?.id) return { kind, cartId, ending, orderId: installment.order.id }
  if (installment?.status === "error" || installment?.status === "canceled") return { kind, cartId, ending, declined: true }
  return { kind, cartId, ending, orderId: await completeCart(ctx, kind, store, cartId) }
}

/** mono checkout: the cart goes to the bank's page, the shopper pays there (card or on delivery) and returns. */
export async function checkoutShopper(ctx: SoakContext, index: number): Promise<ShopperResult> {
  const kind = "checkout"
  const { api, fx, tally } = ctx
  const created = await withRetries(tally, kind, "cart", () =>
    answered(api.post("/store/carts", { region_id: fx.regionId, sales_channel_id: fx.salesChannelId, items: [{ variant_id: fx.variantId, quantity: 1 }] }, fx.store))
  )
  const cartId: string | undefined = created?.data.cart.id
  if (!cartId) return { kind }
  const sent = await withRetries(
    tally,
    kind,
    "checkout",
    () => answered(api.post("/store/monobank/checkout", { cart_id: cartId }, fx.store)),
    (answer) => ok(answer) && typeof answer.data?.redirect_url === "string"
  )
  if (!sent) return { kind, cartId }
  if (index % 10 === 9) return { kind, cartId, abandoned: true }
  const bankOrderId = sent.data.redirect_url.split("/").pop()
  const paymentMethod = index % 3 === 2 ? "payment_on_delivery" : "card"
  await ctx.control.completeCheckout(bankOrderId, { delivery_method: "pickup", payment_method: paymentMethod })

  // The return page asks the store until the order is there.
  const returning = Date.now()
  for (let poll = 0; poll < 12; poll++) {
    const answer = await answered(api.get(`/store/monobank/checkout/${cartId}`, fx.store))
    if (!ok(answer)) tally.shopperError(kind, "return", answer.status)
    const orderId = ok(answer) ? answer.data.checkout?.medusa_order_id : undefined
    if (orderId) {
      tally.stepTime("checkout return", Date.now() - returning)
      return { kind, cartId, orderId }
    }
    await sleep(400)
  }
  tally.stepTime("checkout return", Date.now() - returning)
  return { kind, cartId }
}

/** An admin request, tried again on a 5xx or no answer (as a person clicking again would); every answer counted. */
async function adminRequest(ctx: SoakContext, action: string, send: () => Promise<{ status: number; data: any }>): Promise<Answer> {
  let answer: Answer = { status: 0, data: undefined }
  for (let attempt = 0; attempt < 3; attempt++) {
    answer = await answered(send())
    ctx.tally.adminAction(action, answer)
    if (answer.status > 0 && answer.status < 500) return answer
    await sleep(300 * 2 ** attempt)
  }
  return answer
}

/** The same admin request sent once, or twice at the same moment (a double click, two tabs). */
function onceOrTwice(ctx: SoakContext, twice: boolean, action: string, send: () => Promise<{ status: number; data: any }>) {
  const one = () => adminRequest(ctx, twice ? `${action} (x2)` : action, send)
  return twice ? Promise.all([one(), one()]) : Promise.all([one()])
}

async function paymentOfOrder(ctx: SoakContext, admin: Headers, orderId: string): Promise<any> {
  const answer = await adminRequest(ctx, "read order", () =>
    ctx.api.get(`/admin/orders/${orderId}?fields=id,*payment_collections,*payment_collections.payments`, admin)
  )
  return answer.data?.order?.payment_collections?.flatMap((pc: any) => pc.payments ?? [])[0]
}

/**
 * The store owner's side: holds and installments waiting for the store are captured; some orders
 * are partly refunded. One in three such requests goes out twice at once.
 */
export async function adminActs(ctx: SoakContext, result: ShopperResult & { ending?: number }, index: number): Promise<void> {
  if (!result.orderId || result.kind === "checkout") return
  const started = Date.now()
  try {
    await adminSteps(ctx, result, index)
  } finally {
    ctx.tally.stepTime("admin", Date.now() - started)
  }
}

async function adminSteps(ctx: SoakContext, result: ShopperResult & { ending?: number }, index: number): Promise<void> {
  const admin = ctx.fx.admin
  const payment = await paymentOfOrder(ctx, admin, result.orderId!)
  if (!payment) return
  const capture = result.kind === "hold" || (result.kind === "installments" && result.ending !== 1)
  if (capture) {
    await onceOrTwice(ctx, index % 3 === 0, "capture", () => ctx.api.post(`/admin/payments/${payment.id}/capture`, {}, admin))
  }
  if (index % 2 === 0) {
    const amount = result.kind === "installments" ? 100 : 50.5
    await onceOrTwice(ctx, index % 4 === 0, "partial refund", () =>
      ctx.api.post(`/admin/payments/${payment.id}/refund`, { amount }, admin)
    )
  }
}
