/**
 * Session `data` is a cache the storefront can write, never evidence. Medusa's payment module
 * inserts and commits a new session row with the storefront's raw `data` BEFORE it asks the
 * provider to start the payment; until the provider answers, `POST /store/carts/:id/complete`
 * authorizes that raw data. A shopper who plants "paid" facts there must not get an order without
 * money, nor a second order on another cart's single payment.
 *
 * The window is reproduced two ways: as a shopper would (the bank's `invoice/create` made slow,
 * the cart completed while the session request hangs), and deterministically (the session row
 * inserted with the planted data exactly as Medusa's first write does, then the cart completed).
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { MathBN, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  adminOrders,
  checkoutWithMonobank,
  completeCart,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  orderLinked,
  webhooksHandled,
} from "./acquiring-helpers"
import { chooseInstallments, INSTALLMENTS_PROVIDER, phoneEndingIn } from "./installments-helpers"

jest.setTimeout(180_000)

const ON_DELIVERY_PROVIDER = "pp_monobank-on-delivery_monobank-on-delivery"
const env = useMonobankTestEnvironment()

/** What a mono checkout order paid by card looks like in session data, as the storefront forges it. */
function plantedCheckoutFacts(cart: { id: string; total: number }) {
  return {
    monobank_checkout: {
      checkout_order_id: "anything",
      cart_id: cart.id,
      payment_method: "card",
      payment: "captured",
      general_status: "success",
      payment_status: "success",
      amount: MathBN.convert(cart.total).toFixed(2),
      checked_at: new Date().toISOString(),
    },
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER] })
    })

    /** Medusa's first write of a new session: the row with the storefront's raw data, committed. */
    async function insertRawSession(cartId: string, providerId: string, data: Record<string, unknown>) {
      const container = getContainer()
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, fx.store)
      const collection = pc.payment_collection
      const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT) as unknown as {
        createPaymentSession_(collectionId: string, input: Record<string, unknown>): Promise<{ id: string }>
      }
      const session = await payment.createPaymentSession_(collection.id, {
        provider_id: providerId,
        amount: collection.amount,
        currency_code: collection.currency_code,
        data,
      })
      return session.id
    }

    async function ordersOfCart(container: MedusaContainer, cartId: string) {
      return (await orderLinked(container, cartId, 0)) ? 1 : 0
    }

    describe("planted mono checkout facts make no order without money", () => {
      it("card session completed while the bank is still making its invoice (as a shopper would)", async () => {
        const { control } = env.emulator
        const cart = await createReadyCart(api, fx)
        const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, fx.store)
        await control.injectFault({ method: "POST", path: "/api/merchant/invoice/create", kind: "slow", delayMs: 4000, count: 1 })

        const starting = api
          .post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: DEBIT_PROVIDER, data: plantedCheckoutFacts(cart) }, fx.store)
          .catch((error: any) => error.response)
        await waitForSessionRow(getContainer(), pc.payment_collection.id)
        const completed = await completeCart(api, fx.store, cart.id)
        await starting

        expect(completed.data?.type).not.toBe("order")
        expect(await adminOrders(api, fx.admin)).toHaveLength(0)
        // Nothing was paid at the bank for this cart.
        const report = await control.paymentsByReference((await sessionIdOf(getContainer(), pc.payment_collection.id)) ?? "none")
        expect(report.charges).toBe(0)
      })

      it.each([
        ["card (hold)", HOLD_PROVIDER],
        ["card (debit)", DEBIT_PROVIDER],
        ["installments", INSTALLMENTS_PROVIDER],
        ["payment on delivery", ON_DELIVERY_PROVIDER],
      ])("%s: a session holding planted checkout facts is not authorized", async (_name, provider) => {
        const cart = await createReadyCart(api, fx)
        await insertRawSession(cart.id, provider, plantedCheckoutFacts(cart))

        const completed = await completeCart(api, fx.store, cart.id)

        expect(completed.data?.type).not.toBe("order")
        expect(await ordersOfCart(getContainer(), cart.id)).toBe(0)
      })
    })

    describe("another session's payment makes no second order", () => {
      it("card: an invoice paid for cart A, planted into cart B's session, does not complete cart B", async () => {
        const { control } = env.emulator
        const a = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
        const handled = webhooksHandled(getContainer())
        await control.payInvoice(a.session.data.invoiceId)
        await handled
        expect(await orderLinked(getContainer(), a.cart.id, 10_000)).toBe(true)

        const b = await createReadyCart(api, fx)
        await insertRawSession(b.id, DEBIT_PROVIDER, {
          invoiceId: a.session.data.invoiceId,
          amount: a.session.data.amount,
          ccy: a.session.data.ccy,
          paymentType: a.session.data.paymentType,
          reference: a.session.data.reference,
        })
        const completed = await completeCart(api, fx.store, b.id)

        expect(completed.data?.type).not.toBe("order")
        expect(await adminOrders(api, fx.admin)).toHaveLength(1)
        const invoice = await control.getInvoice(a.session.data.invoiceId)
        expect(invoice.status).toBe("success")
        expect(invoice.cancelList ?? []).toHaveLength(0)
      })

      it("installments: an order approved for cart A, planted into cart B's session, does not complete cart B", async () => {
        const { control } = env.emulator
        // Phone ending 4: approved by the shopper, waiting for the store's confirmation.
        const a = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), parts_count: 4 })
        const orderId = a.session.data.order_id as string
        await waitFor(async () => (await control.getInstallmentOrder(orderId)).order_sub_state === "WAITING_FOR_STORE_CONFIRM")

        const b = await createReadyCart(api, fx)
        await insertRawSession(b.id, INSTALLMENTS_PROVIDER, { order_id: orderId, store_order_id: a.session.id, client_phone: phoneEndingIn(4) })
        const completed = await completeCart(api, fx.store, b.id)

        expect(completed.data?.type).not.toBe("order")
        expect(await ordersOfCart(getContainer(), b.id)).toBe(0)
        // Cart A still becomes its one order on that installment order.
        expect((await completeCart(api, fx.store, a.cart.id)).data?.type).toBe("order")
        expect(await adminOrders(api, fx.admin)).toHaveLength(1)
      })
    })
  },
})

async function waitForSessionRow(container: MedusaContainer, collectionId: string) {
  await waitFor(async () => (await sessionIdOf(container, collectionId)) !== undefined)
}

async function sessionIdOf(container: MedusaContainer, collectionId: string): Promise<string | undefined> {
  const sessions = await container.resolve<IPaymentModuleService>(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: collectionId }, { select: ["id"] })
  return sessions[0]?.id
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
