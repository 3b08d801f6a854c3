/**
 * Card payments through the `monobank` provider, end to end: storefront -> hosted page (emulator)
 * -> webhook -> order -> admin capture; automatic capture; the storefront/webhook race; a decline.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  acquiringCalls,
  adminOrders,
  adminPayment,
  checkoutWithMonobank,
  completeCart,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  HOOK_PATH,
  onlyPayment,
  sessionOfCart,
  TEST_CARDS,
  webhooksHandled,
} from "./acquiring-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

/** One 1234.56 UAH item plus 70 UAH delivery (store-fixtures), in kopecks. */
const TOTAL_KOPECKS = 130456

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    it("hold: shopper pays on the hosted page, the webhook completes the cart, the admin captures", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      expect(session.status).toBe("pending")
      expect(session.data).toMatchObject({ amount: TOTAL_KOPECKS, ccy: 980, paymentType: "hold" })
      expect(session.data.pageUrl).toBe(`${env.emulator.url}/pay/${session.data.invoiceId}`)
      expect(JSON.stringify(session.data)).not.toContain(env.emulator.acquiringToken)

      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice).toMatchObject({
        paymentType: "hold",
        reference: session.id,
        webHookUrl: `${env.storeUrl}${HOOK_PATH[HOLD_PROVIDER]}`,
        redirectUrl: `http://localhost:8000/checkout/monobank/return?session=${session.id}`,
      })

      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId, { pan: TEST_CARDS.visa })
      await handled

      const { cart: completed } = await sessionOfCart(api, store, cart.id)
      expect(completed.completed_at).toBeTruthy()
      const [order] = await adminOrders(api, fx.admin)
      const payment = onlyPayment(order)
      expect(payment.captured_at).toBeNull()
      expect(payment.captures).toHaveLength(0)
      expect(order.payment_collections[0].status).toBe("authorized")

      // The shopper's browser comes back from the bank: completing again returns the same order.
      const back = await completeCart(api, store, cart.id)
      expect(back.data).toMatchObject({ type: "order", order: { id: order.id } })

      // The bank confirms the capture with a `success` webhook: it must not capture twice.
      const confirmed = webhooksHandled(getContainer(), 1)
      const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      expect(captured.status).toBe(200)
      await confirmed
      expect((await adminPayment(api, fx.admin, payment.id)).captures).toHaveLength(1)
      const settled = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(settled).toMatchObject({ status: "success", finalAmount: TOTAL_KOPECKS })
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/finalize"))).toHaveLength(1)
    })

    it("hold: the admin captures less than held (order edit); the rest is released and cannot be captured later", async () => {
      const { session } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const payment = onlyPayment((await adminOrders(api, fx.admin))[0])

      const confirmed = webhooksHandled(getContainer(), 1)
      expect((await api.post(`/admin/payments/${payment.id}/capture`, { amount: 1000.5 }, fx.admin)).status).toBe(200)
      await confirmed
      expect(await env.emulator.control.getInvoice(session.data.invoiceId)).toMatchObject({
        status: "success",
        finalAmount: 100_050,
      })

      const more = await api
        .post(`/admin/payments/${payment.id}/capture`, { amount: 100 }, fx.admin)
        .catch((error: any) => error.response)
      expect(more.status).toBe(400)
      expect(more.data.message).toMatch(/monobank finalized 1000\.50 UAH .* released the rest of the hold/)
      const after = await adminPayment(api, fx.admin, payment.id)
      expect(after.captures.map((c: any) => c.amount)).toEqual([1000.5])
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/finalize"))).toHaveLength(1)
    })

    it("debit: the webhook alone creates the order with a captured payment", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      expect(session.data.paymentType).toBe("debit")

      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled

      const [order] = await adminOrders(api, fx.admin)
      expect(order).toBeDefined()
      const payment = onlyPayment(order)
      expect(payment.captured_at).toBeTruthy()
      expect(payment.captures).toHaveLength(1)
      expect(order.payment_collections[0].status).toBe("completed")
      expect((await sessionOfCart(api, store, cart.id)).cart.completed_at).toBeTruthy()
      const calls = await acquiringCalls(env.emulator.control)
      expect(calls.filter((c) => c.endsWith("/finalize") || c.endsWith("/cancel"))).toEqual([])
    })

    it("storefront complete and webhook at the same moment: exactly one order, one capture", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.payInvoice(session.data.invoiceId)

      const handled = webhooksHandled(getContainer())
      const [fromStorefront] = await Promise.all([
        completeCart(api, store, cart.id),
        env.emulator.control.releaseWebhooks(),
      ])
      await handled
      // Whoever lost the race, the storefront's retry (its return page) gets the one order.
      const again = await completeCart(api, store, cart.id)
      expect(again.data.type).toBe("order")
      if (fromStorefront.status === 200 && fromStorefront.data.type === "order") {
        expect(fromStorefront.data.order.id).toBe(again.data.order.id)
      }

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      const payment = onlyPayment(orders[0])
      expect(payment.captures).toHaveLength(1)
      const deliveries = await env.emulator.control.deliveries()
      expect(deliveries.some((d) => d.attempts.some((a: any) => a.status === 200))).toBe(true)
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("success")
    })

    it("concurrent authorizations of one held session: one payment, and the hold it rests on is not released", async () => {
      const { session } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      await env.emulator.control.setWebhookMode("hold") // the storefront and the webhook race instead
      await env.emulator.control.payInvoice(session.data.invoiceId)

      // Medusa cancels with the provider when creating the payment fails (here: the other call made it).
      const paymentModule = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const results = await Promise.allSettled([1, 2, 3].map(() => paymentModule.authorizePaymentSession(session.id, {})))
      expect(results.some((r) => r.status === "fulfilled")).toBe(true)

      const payments = await paymentModule.listPayments({ payment_session_id: session.id })
      expect(payments).toHaveLength(1)
      expect(payments[0].canceled_at).toBeFalsy()
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("hold")
    })

    it("deleting the session of an authorized payment leaves the hold the order rests on", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      expect((await completeCart(api, store, cart.id)).data.type).toBe("order")

      await getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT).deletePaymentSession(session.id)
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("hold")
    })

    it("a hosted-page invoice paid just as its session is replaced is refunded in full; the bank keeps one payment", async () => {
      const { collectionId, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.payInvoice(session.data.invoiceId) // paid in a tab the storefront forgot
      // The storefront starts the payment again (retry, second tab): Medusa deletes the paid session.
      const { data } = await api.post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id: DEBIT_PROVIDER },
        store
      )
      const replacement = data.payment_collection.payment_sessions.find((s: any) => s.provider_id === DEBIT_PROVIDER)
      expect(replacement.id).not.toBe(session.id)

      const orphan = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(orphan.status).toBe("reversed")
      expect(orphan.finalAmount ?? 0).toBe(0)

      // The old invoice's webhooks (paid, then refunded) change nothing; the replacement pays for the order.
      await env.emulator.control.setWebhookMode("deliver")
      const released = await env.emulator.control.releaseWebhooks() // Medusa delays handling them by 5 s
      const handled = webhooksHandled(getContainer(), released + 2, 60_000)
      await env.emulator.control.payInvoice(replacement.data.invoiceId)
      await handled
      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      expect(onlyPayment(orders[0]).data.invoiceId).toBe(replacement.data.invoiceId)
    })

    it("declined card: the session is in error with the bank's reason, and a new session can pay", async () => {
      const { cart, session, store, collectionId } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)

      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId, { pan: TEST_CARDS.declined })
      await handled

      const { session: failed, cart: notCompleted } = await sessionOfCart(api, store, cart.id)
      expect(notCompleted.completed_at).toBeNull()
      expect(failed.status).toBe("error")
      expect(failed.data).toMatchObject({
        status: "failure",
        errCode: "55",
        failureReason: "Card declined by the issuing bank",
      })
      const refused = await completeCart(api, store, cart.id)
      expect(refused.data.type).not.toBe("order")

      // Retry: a new session is a new invoice; paying it completes the cart.
      const { data } = await api.post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id: DEBIT_PROVIDER },
        store
      )
      const retry = data.payment_collection.payment_sessions[0]
      expect(retry.id).not.toBe(session.id)
      expect(retry.data.invoiceId).not.toBe(session.data.invoiceId)
      expect(retry.status).toBe("pending")

      const paid = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(retry.data.invoiceId)
      await paid
      const done = await completeCart(api, store, cart.id)
      expect(done.data.type).toBe("order")
      expect(onlyPayment((await adminOrders(api, fx.admin))[0]).captures).toHaveLength(1)
    })
  },
})
