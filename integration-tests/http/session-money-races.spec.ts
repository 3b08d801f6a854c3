/**
 * Decisions about one payment session that race: Medusa deleting (replacing) a session while an
 * authorize of that same session is committing its payment, and a replaced session planted with
 * another purchase's installment order. Medusa's payment module calls are run concurrently here,
 * with the bank made slow where the window must be wide: never an order together with a refund or
 * release of its money, and never another purchase taken back.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { bankSidesFromConfig } from "../../src/providers/bank-sides"
import { settleDueSessionPayments } from "../../src/workflows/session-money/settle-session-payments"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { adminOrders, checkoutWithMonobank, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment } from "./acquiring-helpers"
import { chooseInstallments, INSTALLMENTS_PROVIDER, phoneEndingIn } from "./installments-helpers"

jest.setTimeout(180_000)

const SYSTEM_PROVIDER = "pp_system_default"
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, SYSTEM_PROVIDER] })
    })

    const payments = () => getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)

    /** A card session paid at the bank, whose webhooks never reached the store. */
    async function paidSessionWithoutWebhooks(provider = DEBIT_PROVIDER) {
      const { control } = env.emulator
      await control.setWebhookMode("drop")
      const started = await checkoutWithMonobank(api, fx, provider)
      await control.payInvoice(started.session.data.invoiceId)
      return started
    }

    /**
     * What came of it: a Medusa payment on the session that still holds money (not canceled, not
     * refunded in full), and what the bank gave back.
     */
    async function outcome(sessionId: string, invoiceId: string) {
      const found = await payments().listPayments({ payment_session_id: sessionId }, { relations: ["captures", "refunds"] })
      const sumOf = (items: any[] | undefined) => (items ?? []).reduce((sum, item) => sum + Number(item.amount), 0)
      const live = found.filter((p) => !p.canceled_at && !(sumOf(p.captures) > 0 && sumOf(p.refunds) >= sumOf(p.captures)))
      const invoice = await env.emulator.control.getInvoice(invoiceId)
      const givenBack = (invoice.cancelList ?? []).filter((item: any) => item.status !== "failure").reduce((sum: number, item: any) => sum + (item.amount ?? 0), 0)
      return { payments: live.length, status: invoice.status, givenBack, amount: invoice.amount }
    }

    describe("a session deleted while an authorize of it commits its payment", () => {
      it("delete first (its bank read slow), authorize meanwhile: never a payment on money given back", async () => {
        const { session } = await paidSessionWithoutWebhooks()
        await env.emulator.control.injectFault({ method: "GET", path: "/api/merchant/invoice/status", kind: "slow", delayMs: 2500, count: 1 })

        const deleting = payments().deletePaymentSession(session.id).catch((error) => error)
        await new Promise((resolve) => setTimeout(resolve, 500))
        const authorizing = payments().authorizePaymentSession(session.id, {}).catch((error) => error)
        await Promise.all([deleting, authorizing])
        await settleLater(getContainer())

        const after = await outcome(session.id, session.data.invoiceId)
        // Either the order's payment stands on the money, or the money went back and there is no payment.
        expect(after.payments === 1 ? after.givenBack : after.amount - after.givenBack).toBe(0)
      })

      it("authorize first (its bank read slow), delete meanwhile: never a payment on money given back", async () => {
        const { session } = await paidSessionWithoutWebhooks()
        await env.emulator.control.injectFault({ method: "GET", path: "/api/merchant/invoice/status", kind: "slow", delayMs: 2500, count: 1 })

        const authorizing = payments().authorizePaymentSession(session.id, {}).catch((error) => error)
        await new Promise((resolve) => setTimeout(resolve, 500))
        const deleting = payments().deletePaymentSession(session.id).catch((error) => error)
        await Promise.all([deleting, authorizing])
        await settleLater(getContainer())

        const after = await outcome(session.id, session.data.invoiceId)
        expect(after.payments === 1 ? after.givenBack : after.amount - after.givenBack).toBe(0)
      })
    })

    it("a replaced session planted with another purchase's installment order takes nothing back", async () => {
      const { control } = env.emulator
      // Purchase A: approved, ordered and captured (the goods handed over).
      const a = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), parts_count: 4 })
      const orderA = a.session.data.order_id as string
      await waitFor(async () => (await control.getInstallmentOrder(orderA)).order_sub_state === "WAITING_FOR_STORE_CONFIRM")
      const completed = await api.post(`/store/carts/${a.cart.id}/complete`, {}, fx.store)
      expect(completed.data.type).toBe("order")
      const [order] = await adminOrders(api, fx.admin)
      await api.post(`/admin/payments/${onlyPayment(order).id}/capture`, {}, fx.admin)
      expect(await control.getInstallmentOrder(orderA)).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })

      // Cart B: a session planted with A's order, replaced while its start is still running.
      const b = await createReadyCart(api, fx, { phone: phoneEndingIn(2) })
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: b.id }, fx.store)
      await control.injectFault({ method: "POST", path: "/api/order/create", kind: "slow", delayMs: 5000, count: 1 })
      const planted = api
        .post(
          `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
          { provider_id: INSTALLMENTS_PROVIDER, data: { client_phone: phoneEndingIn(2), order_id: orderA, store_order_id: "payses_anything" } },
          fx.store
        )
        .catch((error: any) => error.response)
      // Medusa has stored the planted session (its bank order is still being made): now it is replaced.
      await waitFor(async () => (await payments().listPaymentSessions({ payment_collection_id: pc.payment_collection.id }, { select: ["id"] })).length > 0)
      await api.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: SYSTEM_PROVIDER }, fx.store)
      await planted
      await syncMonobankPaymentSessionsJob(getContainer())
      await syncMonobankPaymentSessionsJob(getContainer())

      const after = await control.getInstallmentOrder(orderA)
      expect(after).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
      expect(after.returns ?? []).toHaveLength(0)
      const withdrawals = await getContainer().resolve<any>("monobankWithdrawals").listMonobankWithdrawals({})
      expect(withdrawals.filter((row: any) => row.order_id === orderA)).toHaveLength(0)
    })
  },
})

/** The settlement runs from the scheduled job once no authorize can still be creating a payment. */
async function settleLater(container: MedusaContainer) {
  await settleDueSessionPayments(container, bankSidesFromConfig(container), { now: new Date(Date.now() + 10 * 60_000) })
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

