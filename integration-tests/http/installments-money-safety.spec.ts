/**
 * Issue 10, installments: session data the storefront writes cannot forge provider state, and a
 * return whose bank answer is lost or late ends as exactly one booked refund, never two returns.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { bookLateInstallmentReturns } from "../../src/workflows/installments/book-late-returns"
import { lateReturnNote, LEDGER_KEY } from "../../src/utils/installments/return-ledger"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { chooseInstallments, INSTALLMENTS_PROVIDER, installmentCalls, orderOfCart, phoneEndingIn, sessionOfCart, webhooksHandled } from "./installments-helpers"

jest.setTimeout(180_000)

/** Short client timeout so a "slow" bank answer is a lost answer; read by medusa-config.ts. */
const CLIENT_TIMEOUT_MS = 1_000
/** The bank handles the slow return this long after receiving it: well after the client gave up. */
const SLOW_RETURN_MS = 6_000
process.env.MONOBANK_INSTALLMENTS_TIMEOUT_MS = String(CLIENT_TIMEOUT_MS)

const env = useMonobankTestEnvironment()

/** Everything the provider owns in session data, planted by a storefront. */
const PLANTED = {
  order_id: "planted-order",
  store_order_id: "payses_planted",
  state: "SUCCESS",
  order_sub_state: "ACTIVE",
  bank_message: "planted",
  outcome: { code: "ACTIVE", status: "captured", action: "none", final: true },
  total_sum: 1,
  checked_at: "2099-01-01T00:00:00.000Z",
  returns: [{ store_return_id: "planted_return", sum: 1304.56 }],
  return_ledger: { planted_return: { sum: 1304.56, status: "made" } },
  anything_else: "planted",
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [INSTALLMENTS_PROVIDER] })
    })

    /** Shopper confirmed (ending 4), order created by the callback, admin captured. */
    async function capturedOrder(extraData: Record<string, unknown> = {}) {
      const callback = webhooksHandled(getContainer())
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), ...extraData })
      await callback
      const order = await orderOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()
      const payment = order.payment_collections[0].payments[0]
      const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      expect(captured.status).toBe(200)
      return { cart, session, payment, bankOrderId: session.data.order_id as string }
    }

    const refund = (paymentId: string, amount: number) =>
      api.post(`/admin/payments/${paymentId}/refund`, { amount }, fx.admin).catch((error: any) => error.response)

    async function refundsOf(paymentId: string) {
      const { data } = await api.get(`/admin/payments/${paymentId}?fields=id,data,*refunds`, fx.admin)
      return { refunds: data.payment.refunds as Array<{ id: string; amount: number }>, data: data.payment.data }
    }

    async function bankReturnsOf(bankOrderId: string, atLeast: number) {
      const deadline = Date.now() + SLOW_RETURN_MS + 10_000
      for (;;) {
        const order = await env.emulator.control.getInstallmentOrder(bankOrderId)
        if (order.returns.length >= atLeast || Date.now() > deadline) return order.returns
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }

    async function waitForBankState(bankOrderId: string, subState: string) {
      const deadline = Date.now() + 10_000
      while ((await env.emulator.control.getInstallmentOrder(bankOrderId)).order_sub_state !== subState) {
        if (Date.now() > deadline) throw new Error(`bank order ${bankOrderId} never reached ${subState}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    const returnCalls = async () => (await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/return"))

    it("concurrent authorizations of one confirmed session: one payment, the bank order is not rejected, and capture confirms it", async () => {
      await env.emulator.control.setWebhookMode("hold") // the storefront's completions race instead of the callback
      const { session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
      const bankOrderId = session.data.order_id as string
      await waitForBankState(bankOrderId, "WAITING_FOR_STORE_CONFIRM")

      // Medusa cancels with the provider when creating the payment fails (here: another call made it).
      const paymentModule = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const results = await Promise.allSettled([1, 2, 3].map(() => paymentModule.authorizePaymentSession(session.id, {})))
      expect(results.some((r) => r.status === "fulfilled")).toBe(true)

      const payments = await paymentModule.listPayments({ payment_session_id: session.id })
      expect(payments).toHaveLength(1)
      expect(payments[0].canceled_at).toBeFalsy()
      expect((await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/reject"))).toEqual([])
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).order_sub_state).toBe("WAITING_FOR_STORE_CONFIRM")

      const captured = await api.post(`/admin/payments/${payments[0].id}/capture`, {}, fx.admin)
      expect(captured.status).toBe(200)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).state).toBe("SUCCESS")
    })

    it("a session started with planted provider-owned keys behaves like a clean one: completed by the callback, one return booked once", async () => {
      const { cart, payment, bankOrderId } = await capturedOrder(PLANTED)

      const session = await sessionOfCart(api, fx, cart.id)
      expect(session.data.order_id).toBe(bankOrderId)
      expect(session.data.store_order_id).toBe(session.id)
      expect(session.data.total_sum).toBe(1304.56)
      for (const key of ["returns", "return_ledger", "bank_message", "anything_else"]) expect(session.data[key]).toBeUndefined()
      expect(session.data.checked_at).not.toBe(PLANTED.checked_at)

      // The bank makes the return but its answer is lost: the provider must recognise its own return.
      await env.emulator.control.injectFault({ path: "/api/order/return", count: 1, kind: "500", afterProcessing: true })
      const refunded = await refund(payment.id, 100)
      expect(refunded.status).toBe(200)

      const { refunds, data } = await refundsOf(payment.id)
      expect(refunds).toHaveLength(1)
      expect(data.returns).toEqual([{ store_return_id: refunds[0].id, sum: 100, refund_id: refunds[0].id }])
      const bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      expect(bankOrder.returns.map((r: { store_return_id: string; sum: number }) => [r.store_return_id, r.sum])).toEqual([[refunds[0].id, 100]])
    })

    it("the status a shopper polls is their session's own order, never another shopper's order planted in its data", async () => {
      const { bankOrderId: othersOrder } = await capturedOrder()
      await env.emulator.control.injectFault({ path: "/api/order/create", count: 1, kind: "hold" })
      const cart = await createReadyCart(api, fx)
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, fx.store)
      const planted = { client_phone: phoneEndingIn(7), order_id: othersOrder, store_order_id: "payses_anything" }
      const starting = api
        .post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: INSTALLMENTS_PROVIDER, data: planted }, fx.store)
        .catch((error: any) => error.response)
      const sessionId = await storedSessionOf(pc.payment_collection.id)

      const { data: polled } = await api.get(`/store/monobank/installments/${sessionId}`, fx.store)
      expect(polled.installment.status).toBe("pending")
      const stored = await getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT).retrievePaymentSession(sessionId)
      expect(stored.data).not.toHaveProperty("state")

      await env.emulator.control.releaseHeldRequests()
      expect((await starting).status).toBe(200)
      const started = await sessionOfCart(api, fx, cart.id)
      expect(started.data.order_id).not.toBe(othersOrder)
    })

    /** The session Medusa stored with the storefront's raw data, before the provider answered. */
    async function storedSessionOf(collectionId: string): Promise<string> {
      const payments = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const deadline = Date.now() + 10_000
      for (;;) {
        const [session] = await payments.listPaymentSessions({ payment_collection_id: collectionId })
        if (session) return session.id
        if (Date.now() > deadline) throw new Error(`no session was stored on ${collectionId}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    it("a return answered after the client gave up: the admin's retry sends nothing while the bank is silent, then books the bank's return once", async () => {
      const { payment, bankOrderId } = await capturedOrder()
      await env.emulator.control.injectFault({ path: "/api/order/return", count: 1, kind: "slow", delayMs: SLOW_RETURN_MS })

      const first = await refund(payment.id, 100)
      expect(first.status).not.toBe(200)
      const whileSilent = await refund(payment.id, 100)
      expect(whileSilent.status).not.toBe(200)

      const returns = await bankReturnsOf(bankOrderId, 1)
      expect(returns).toHaveLength(1)
      const afterBank = await refund(payment.id, 100)
      expect(afterBank.status).toBe(200)
      // A late-returns job run that saw the return before the retry booked it must not send one.
      const staleJobRun = refundPaymentWorkflow(getContainer()).run({
        input: { payment_id: payment.id, amount: 100, note: lateReturnNote(returns[0].store_return_id) },
      })
      const failure = await staleJobRun.then(() => undefined, (error: unknown) => error as { message?: string })
      expect(failure?.message).toMatch(/not waiting to be booked/)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(1)
      const again = await refund(payment.id, 100)
      expect(again.status).toBe(200) // a second, genuine return of 100 UAH

      const { refunds, data } = await refundsOf(payment.id)
      expect(refunds.map((r) => Number(r.amount))).toEqual([100, 100])
      const bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      expect(bankOrder.returns.map((r: { sum: number }) => r.sum)).toEqual([100, 100])
      expect(await returnCalls()).toHaveLength(2)
      // The late return is booked by the retry's refund; the bank knows it by the first refund's id.
      expect(data.returns.map((r: { refund_id: string }) => r.refund_id).sort()).toEqual(refunds.map((r) => r.id).sort())
      expect(data.returns[0].store_return_id).toBe(returns[0].store_return_id)
    })

    const returnsInDoubt = async () =>
      ((await api.get("/admin/monobank/needs-attention", fx.admin)).data.rows as Array<Record<string, any>>).filter((row) => row.kind === "return_in_doubt")

    it("a return still unanswered long after it was sent is never given up: a retry sends nothing, Needs attention names it, and the bank's late return is booked once by the late-returns job", async () => {
      const { cart, payment, bankOrderId } = await capturedOrder()
      const orderId = (await orderOfCart(getContainer(), cart.id)).id
      await env.emulator.control.injectFault({ path: "/api/order/return", count: 1, kind: "hold" })
      const first = await refund(payment.id, 100)
      expect(first.status).not.toBe(200)
      // Just sent: the bank may still answer in a moment, so nobody is bothered yet.
      expect(await returnsInDoubt()).toEqual([])

      await sentLongAgo(payment.id, 20 * 60_000)
      const retry = await refund(payment.id, 100)
      expect(retry.status).not.toBe(200)
      expect(retry.data.message).toMatch(/not confirmed an earlier return/)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(0)
      const [row, ...others] = await returnsInDoubt()
      expect(others).toEqual([])
      expect(row).toMatchObject({ medusa_order_id: orderId, subject: `Installment order ${bankOrderId}` })
      expect(row.happened).toMatch(/100(\.00)? UAH/)
      expect(row.action.label).toMatch(/business cabinet/)

      expect(await env.emulator.control.releaseHeldRequests()).toBe(1)
      expect(await bankReturnsOf(bankOrderId, 1)).toHaveLength(1)
      // The late-returns job books it (the app's own scheduler may run it too: a booking is made once).
      await bookLateInstallmentReturns(getContainer(), new Date(Date.now() + 2 * 60_000))
      expect((await refundsOf(payment.id)).refunds.map((r) => Number(r.amount))).toEqual([100])
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(1)
      expect(await returnCalls()).toHaveLength(1)
      expect(await returnsInDoubt()).toEqual([])
    })

    /** As if the payment's returns in doubt had been sent `agoMs` earlier: the store's clock moved on. */
    async function sentLongAgo(paymentId: string, agoMs: number) {
      const payments = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const [stored] = await payments.listPayments({ id: paymentId }, { select: ["id", "metadata"] })
      const metadata = ((stored as { metadata?: Record<string, unknown> | null }).metadata ?? {}) as Record<string, unknown>
      const ledger = (metadata[LEDGER_KEY] ?? []) as Array<{ sent_at: string }>
      expect(ledger).toHaveLength(1)
      const backdated = ledger.map((entry) => ({ ...entry, sent_at: new Date(Date.parse(entry.sent_at) - agoMs).toISOString() }))
      await payments.updatePayment({ id: paymentId, metadata: { ...metadata, [LEDGER_KEY]: backdated } } as Parameters<IPaymentModuleService["updatePayment"]>[0])
    }

    it("a return the bank completed after the admin's refund failed is booked by the late-returns job, once", async () => {
      const { payment, bankOrderId } = await capturedOrder()
      await env.emulator.control.injectFault({ path: "/api/order/return", count: 1, kind: "slow", delayMs: SLOW_RETURN_MS })
      const first = await refund(payment.id, 250.5)
      expect(first.status).not.toBe(200)
      expect(await bankReturnsOf(bankOrderId, 1)).toHaveLength(1)

      // The scheduled job (every minute) leaves the first minute to the store owner's own retry.
      const inTwoMinutes = new Date(Date.now() + 2 * 60_000)
      await bookLateInstallmentReturns(getContainer(), inTwoMinutes)
      await bookLateInstallmentReturns(getContainer(), inTwoMinutes)

      const { refunds } = await refundsOf(payment.id)
      expect(refunds.map((r) => Number(r.amount))).toEqual([250.5])
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(1)
      expect(await returnCalls()).toHaveLength(1)
      // Booked: a retry of the same refund is a new return, not a second booking of the late one.
      expect((await refund(payment.id, 250.5)).status).toBe(200)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(2)
      expect((await refundsOf(payment.id)).refunds).toHaveLength(2)
    })
  },
})
