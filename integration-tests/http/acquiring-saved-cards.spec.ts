/**
 * Saved cards with the `monobank` provider: a logged-in customer saves a card with a first order,
 * pays a second order with it without the hosted page (3-D Secure when the bank asks), sees it
 * listed and deletes it. Medusa 2.21 has no store route for saved payment methods, so listing and
 * deleting go through the payment module, as a store's own route would.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { AcquiringClient, toMinorUnits } from "../../src/lib/monobank"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import {
  adminOrders,
  checkoutWithMonobank,
  completeCart,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  onlyPayment,
  sessionOfCart,
  sum,
  TEST_CARDS,
  webhooksHandled,
  type Api,
} from "./acquiring-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

async function loggedInCustomer(api: Api, fx: StoreFixtures) {
  const email = `buyer-${Date.now()}@example.test`
  const password = "correct horse battery staple"
  const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
  await api.post(
    "/store/customers",
    { email, first_name: "Леся", last_name: "Українка" },
    { headers: { ...fx.store.headers, authorization: `Bearer ${registration.token}` } }
  )
  const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
  return { authorization: `Bearer ${login.token}` }
}

/** Minor units the bank keeps on an invoice: taken and not refunded (a hold counts as kept). */
function moneyKept(invoice: { status: string; amount: number; finalAmount?: number }): number {
  if (invoice.status === "success") return invoice.finalAmount ?? invoice.amount
  if (invoice.status === "hold") return invoice.amount
  if (invoice.status === "reversed") return invoice.finalAmount ?? 0
  return 0
}

async function accountHolders(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "customer", fields: ["id", "account_holders.*"] })
  return data.flatMap((c: any) => c.account_holders ?? []).filter((h: any) => h.provider_id === DEBIT_PROVIDER)
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    let bank: AcquiringClient

    beforeAll(() => {
      bank = new AcquiringClient({ token: env.emulator.acquiringToken, baseUrl: env.emulator.url })
    })
    afterAll(async () => {
      await bank?.close()
    })

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    /** First order: pays on the hosted page with `save_card`; returns the customer's saved card. */
    async function firstOrderSavingCard(auth: Record<string, string>, pan: string) {
      const first = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, { data: { save_card: true }, headers: auth })
      const handled = webhooksHandled(getContainer(), 2)
      await env.emulator.control.payInvoice(first.session.data.invoiceId, { pan })
      if (pan === TEST_CARDS.threeDSecure) await env.emulator.control.complete3ds(first.session.data.invoiceId, { success: true })
      await handled
      expect((await completeCart(api, first.store, first.cart.id)).data.type).toBe("order")

      const [holder] = await accountHolders(getContainer())
      const paymentModule = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const cards = await paymentModule.listPaymentMethods({
        provider_id: DEBIT_PROVIDER,
        context: { account_holder: holder },
      })
      return { first, holder, cards, paymentModule }
    }

    it("saves the card with a first order, pays the second with it without the hosted page, lists and deletes it", async () => {
      const auth = await loggedInCustomer(api, fx)
      const { first, holder, cards, paymentModule } = await firstOrderSavingCard(auth, TEST_CARDS.visa)

      const walletId = holder.data.walletId
      expect(holder.external_id).toBe(walletId)
      const firstInvoice = await env.emulator.control.getInvoice(first.session.data.invoiceId)
      expect(firstInvoice.walletData).toMatchObject({ walletId, status: "created" })
      const [token] = (await bank.listWalletCards(walletId)).map((c) => c.cardToken)
      expect(cards).toEqual([{ id: expect.stringMatching(/^mbcard_/), data: { maskedPan: "424242******4242", country: "804" }, provider_id: DEBIT_PROVIDER }])
      expect(JSON.stringify(cards)).not.toContain(token)
      const [order1] = await adminOrders(api, fx.admin)
      expect(JSON.stringify(onlyPayment(order1).data)).not.toContain(token)

      // Second order: the storefront passes the saved card's id; the bank charges the token when
      // the cart completes, without the hosted page.
      const second = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, {
        data: { payment_method_id: cards[0].id },
        headers: auth,
      })
      expect(second.session.status).toBe("pending")
      expect(second.session.data.pageUrl).toBeUndefined()
      expect(second.session.data.invoiceId).toBeUndefined()
      expect(JSON.stringify(second.session.data)).not.toContain(token)
      const handled = webhooksHandled(getContainer(), 2)
      const done = await completeCart(api, second.store, second.cart.id)
      expect(done.data.type).toBe("order")
      await handled
      const secondPayment = onlyPayment((await adminOrders(api, fx.admin)).find((o) => o.id === done.data.order.id))
      expect(JSON.stringify(secondPayment.data)).not.toContain(token)
      const secondInvoice = await env.emulator.control.getInvoice(secondPayment.data.invoiceId)
      expect(secondInvoice).toMatchObject({ origin: "wallet-payment", status: "success" })
      expect(secondInvoice.paymentInfo?.paymentMethod).toBe("wallet")

      expect(await adminOrders(api, fx.admin)).toHaveLength(2)
      expect(onlyPayment((await adminOrders(api, fx.admin)).find((o) => o.id === done.data.order.id)).captures).toHaveLength(1)
      // Two checkouts, one account holder: creating it again for the same customer is harmless.
      expect(await accountHolders(getContainer())).toHaveLength(1)

      await paymentModule.deletePaymentMethods({
        provider_id: DEBIT_PROVIDER,
        id: cards[0].id,
        context: { account_holder: holder },
      } as any)
      expect(await bank.listWalletCards(walletId)).toEqual([])
      expect(await paymentModule.listPaymentMethods({ provider_id: DEBIT_PROVIDER, context: { account_holder: holder } })).toEqual([])
    })

    it("GET /store/monobank/saved-cards lists the logged-in customer's own saved cards, masked, and nobody else's", async () => {
      const auth = await loggedInCustomer(api, fx)
      const { cards } = await firstOrderSavingCard(auth, TEST_CARDS.visa)
      const headers = { ...fx.store.headers, ...auth }

      const { data } = await api.get(`/store/monobank/saved-cards?provider_id=${DEBIT_PROVIDER}`, { headers })
      expect(data.saved_cards).toEqual([{ id: cards[0].id, masked_pan: "424242******4242" }])
      // The card was saved with the debit provider: the hold provider's wallet list is its own.
      const other = await api.get(`/store/monobank/saved-cards?provider_id=${HOLD_PROVIDER}`, { headers })
      expect(other.data.saved_cards).toEqual([])

      const stranger = await loggedInCustomer(api, fx)
      const strangers = await api.get(`/store/monobank/saved-cards?provider_id=${DEBIT_PROVIDER}`, { headers: { ...fx.store.headers, ...stranger } })
      expect(strangers.data.saved_cards).toEqual([])

      const anonymous = await api.get(`/store/monobank/saved-cards?provider_id=${DEBIT_PROVIDER}`, fx.store).catch((e: any) => e.response)
      expect(anonymous.status).toBe(401)
      const notACardProvider = await api
        .get("/store/monobank/saved-cards?provider_id=pp_monobank-installments_monobank-installments", { headers })
        .catch((e: any) => e.response)
      expect(notACardProvider.status).toBe(400)
    })

    it("a saved card the bank wants 3-D Secure for sends the shopper to the bank's 3-D Secure page", async () => {
      const auth = await loggedInCustomer(api, fx)
      const { cards } = await firstOrderSavingCard(auth, TEST_CARDS.threeDSecure)
      expect(cards).toHaveLength(1)

      const second = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, {
        data: { payment_method_id: cards[0].id },
        headers: auth,
      })
      const created = webhooksHandled(getContainer(), 1)
      const needs3ds = await completeCart(api, second.store, second.cart.id)
      expect(needs3ds.data.type).not.toBe("order")
      await created
      const { session } = await sessionOfCart(api, second.store, second.cart.id)
      expect(session.status).toBe("requires_more")
      expect(session.data.pageUrl).toBe(`${env.emulator.url}/3ds/${session.data.invoiceId}`)

      const paid = webhooksHandled(getContainer(), 1)
      await env.emulator.control.complete3ds(session.data.invoiceId, { success: true })
      await paid
      const done = await completeCart(api, second.store, second.cart.id)
      expect(done.data.type).toBe("order")
      expect(onlyPayment((await adminOrders(api, fx.admin)).find((o) => o.id === done.data.order.id)).captures).toHaveLength(1)
    })

    it("starting the saved-card session twice for one cart charges the card once: the bank keeps exactly the order total", async () => {
      const auth = await loggedInCustomer(api, fx)
      const { cards, first } = await firstOrderSavingCard(auth, TEST_CARDS.visa)
      const shopper = { ...fx, store: { headers: { ...fx.store.headers, ...auth } } }
      const cart = await createReadyCart(api, shopper)
      const settled = webhooksHandled(getContainer(), 2, 60_000)

      // Double click (or a retry after a cart change): two sessions for one cart, the first one replaced.
      await startPaymentSession(api, shopper, cart.id, DEBIT_PROVIDER, { payment_method_id: cards[0].id })
      await startPaymentSession(api, shopper, cart.id, DEBIT_PROVIDER, { payment_method_id: cards[0].id })
      const done = await completeCart(api, shopper.store, cart.id)
      expect(done.data.type).toBe("order")
      await settled
      await env.emulator.control.flushWebhooks()

      const invoiceIds = new Set((await env.emulator.control.deliveries()).map((d) => d.subject))
      invoiceIds.delete(first.session.data.invoiceId)
      const invoices = await Promise.all([...invoiceIds].map((id) => env.emulator.control.getInvoice(id)))
      const kept = invoices.map((invoice) => moneyKept(invoice))
      expect(sum(kept)).toBe(toMinorUnits(done.data.order.total, 980))
      expect(kept.filter((amount) => amount > 0)).toHaveLength(1)
      expect(await adminOrders(api, fx.admin)).toHaveLength(2)
    })
  },
})

