/**
 * The honest side of the story: shopper A pays in every way the plugin offers (card debit with the
 * test card, a saved card, installments, mono checkout) and leaves one installments order waiting
 * in the monobank app; shopper B has a pending card payment and an empty payment collection. The
 * barrage is sent as B (and as nobody), using A's ids.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { RunningEmulator } from "../../../emulator"
import { createReadyCart, type StoreFixtures } from "../../helpers/store-fixtures"
import { checkoutWithMonobank, completeCart, DEBIT_PROVIDER, TEST_CARDS, webhooksHandled, type Api } from "../../http/acquiring-helpers"
import { createCheckoutCart, eventually, orderOfCart, startCheckout, submitCheckoutPage } from "../../http/checkout-helpers"
import { chooseInstallments, phoneEndingIn } from "../../http/installments-helpers"
import type { SignedDelivery, Targets } from "./attacks"

type Emulator = RunningEmulator

export async function loggedInCustomer(api: Api, fx: StoreFixtures, name: string) {
  const email = `${name}-${Date.now()}@example.test`
  const password = "correct horse battery staple"
  const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
  await api.post(
    "/store/customers",
    { email, first_name: name, last_name: "Шопер" },
    { headers: { ...fx.store.headers, authorization: `Bearer ${registration.token}` } }
  )
  const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
  return { authorization: `Bearer ${login.token}` }
}

function expectOrder(response: { status: number; data: any }, what: string) {
  if (response.data?.type !== "order") throw new Error(`${what}: cart did not become an order: ${response.status} ${JSON.stringify(response.data)}`)
}

/** Card debit paid on the hosted page with 4242 4242 4242 4242. */
async function payByCard(api: Api, container: MedusaContainer, emulator: Emulator, fx: StoreFixtures, headers: Record<string, string> = {}, data: Record<string, unknown> = {}) {
  const checkout = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, { data, headers })
  const handled = webhooksHandled(container, 2)
  await emulator.control.payInvoice(checkout.session.data.invoiceId, { pan: TEST_CARDS.visa, exp: "12/30", cvv: "123" })
  await handled
  expectOrder(await completeCart(api, checkout.store, checkout.cart.id), "card payment")
  return checkout
}

export type ShopperA = {
  completedCartIds: string[]
  pendingInstallments: { cartId: string; collectionId: string; sessionId: string }
  collectionIds: string[]
  sessionIds: string[]
  installmentsSessionIds: string[]
  checkoutCartId: string
  savedCardId: string
  invoiceIds: string[]
  cardTokens: string[]
}

export async function shopperAPaysEveryWay(api: Api, container: MedusaContainer, emulator: Emulator, fx: StoreFixtures): Promise<ShopperA> {
  const card = await payByCard(api, container, emulator, fx)

  // Saved card: the first order saves it, the second is charged with it without the hosted page.
  const auth = await loggedInCustomer(api, fx, "shopper-a")
  const saving = await payByCard(api, container, emulator, fx, auth, { save_card: true })
  const invoice = await emulator.control.getInvoice(saving.session.data.invoiceId)
  const cardToken = invoice.walletData?.cardToken
  if (!cardToken) throw new Error("the emulator did not save shopper A's card")
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: customers } = await query.graph({ entity: "customer", fields: ["id", "account_holders.*"] })
  const holder = customers.flatMap((c: any) => c.account_holders ?? []).find((h: any) => h?.provider_id === DEBIT_PROVIDER)
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [savedCard] = await paymentModule.listPaymentMethods({ provider_id: DEBIT_PROVIDER, context: { account_holder: holder } })
  const withSavedCard = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, { data: { payment_method_id: savedCard.id }, headers: auth })
  const charged = webhooksHandled(container, 2)
  expectOrder(await completeCart(api, withSavedCard.store, withSavedCard.cart.id), "saved card")
  await charged

  // Installments: one approved at once (phone ending 1), one waiting in the monobank app (ending 2).
  const approvedCallback = webhooksHandled(container, 1)
  const approved = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(1), parts_count: 4 })
  await approvedCallback
  const waiting = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 })
  if (waiting.session?.status !== "pending") throw new Error(`installments session: ${JSON.stringify(waiting.response.data)}`)

  // mono checkout, paid by card on the bank's page.
  const checkoutCart = await createCheckoutCart(api, fx)
  const started = await startCheckout(api, fx, { cart_id: checkoutCart.id })
  await submitCheckoutPage(started.data.redirect_url, { delivery_method: "courier", payment_method: "card", address: "Київ, вул. Хрещатик, 1" })
  await emulator.control.flushWebhooks()
  const checkoutOrder = await eventually(() => orderOfCart(container, checkoutCart.id), (o) => o.count === 1)
  if (checkoutOrder.count !== 1) throw new Error("mono checkout did not make an order")

  for (const [what, cartId] of [["installments", approved.cart.id]]) {
    const order = await eventually(() => orderOfCart(container, cartId), (o) => o.count === 1)
    if (order.count !== 1) throw new Error(`${what} did not make an order`)
  }

  const cardCheckouts = [card, saving, withSavedCard]
  return {
    completedCartIds: [...cardCheckouts.map((c) => c.cart.id), approved.cart.id, checkoutCart.id],
    pendingInstallments: { cartId: waiting.cart.id, collectionId: waiting.collectionId, sessionId: waiting.session.id },
    collectionIds: [...cardCheckouts.map((c) => c.collectionId), approved.collectionId, waiting.collectionId],
    sessionIds: cardCheckouts.map((c) => c.session.id),
    installmentsSessionIds: [approved.session.id, waiting.session.id],
    checkoutCartId: checkoutCart.id,
    savedCardId: savedCard.id,
    invoiceIds: [card.session.data.invoiceId, saving.session.data.invoiceId],
    cardTokens: [cardToken],
  }
}

export type ShopperB = { headers: Record<string, string>; cardSession: Targets["bCardSession"]; emptyCollectionId: string }

export async function shopperBStarts(api: Api, fx: StoreFixtures): Promise<ShopperB> {
  const auth = await loggedInCustomer(api, fx, "shopper-b")
  const pending = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, { headers: auth })
  const shopper = { ...fx, store: { headers: { ...fx.store.headers, ...auth } } }
  const cart = await createReadyCart(api, shopper, { email: "shopper-b@example.test" })
  const { data } = await api.post("/store/payment-collections", { cart_id: cart.id }, shopper.store)
  return {
    headers: shopper.store.headers,
    cardSession: { id: pending.session.id, invoiceId: pending.session.data.invoiceId, amount: pending.session.data.amount },
    emptyCollectionId: data.payment_collection.id,
  }
}

/** The bank's genuine webhooks and callbacks so far, with their signatures. */
export async function genuineDeliveries(emulator: Emulator): Promise<Targets["deliveries"]> {
  const deliveries = await emulator.control.deliveries()
  const of = (kind: string, header: string): SignedDelivery[] =>
    deliveries
      .filter((d) => d.kind === kind)
      .map((d) => {
        const headers = Object.fromEntries(Object.entries(d.headers).map(([k, v]) => [k.toLowerCase(), String(v)]))
        return { body: d.body, signature: headers[header] }
      })
      .filter((d) => d.signature)
  const result = { acquiring: of("acquiring", "x-sign"), installments: of("installments", "signature"), checkout: of("checkout", "x-sign") }
  for (const [kind, list] of Object.entries(result)) if (list.length === 0) throw new Error(`no genuine ${kind} delivery to replay`)
  return result
}
