/**
 * Card details on the store's page whose bank answer is lost: the provider gives up after 1 s, the
 * bank charges the card after 2.5 s. A retry is refused (never a second charge); the bank's signed
 * webhook names the invoice, and the cart becomes one order paid by it.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useCardDataScan } from "../helpers/card-data-scan"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { acquiringCalls, adminOrders, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, orderLinked, TEST_CARDS } from "./acquiring-helpers"

jest.setTimeout(120_000)

process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = "1000"
process.env.MONOBANK_DIRECT_CARD_PAYMENTS = "true"
const SLOW_MS = 2500
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    // The lost answer's error and log lines hold no card data either.
    useCardDataScan(getContainer, [TEST_CARDS.visa, '"cvv"'])

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })


    it("timeout, then retry: the retry is refused, the webhook makes the order, and the card is charged once", async () => {
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER, { pay_on_store_page: true })
      const body = { cart_id: cart.id, payment_session_id: session.id, cardData: { pan: TEST_CARDS.visa, exp: "1230", cvv: "123" } }
      const pay = () => api.post("/store/monobank/card-payments/direct", body, fx.store).catch((error: any) => error.response)

      await env.emulator.control.injectFault({ path: "/api/merchant/invoice/payment-direct", count: 1, kind: "slow", delayMs: SLOW_MS })
      const lost = await pay()
      expect(lost.status).toBeGreaterThanOrEqual(500)
      expect(lost.data.message).toMatch(/monobank/i)

      const retry = await pay()
      expect(retry.status).toBe(409)
      expect(retry.data.message).toMatch(/not charged again/)

      await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
      await env.emulator.control.flushWebhooks()
      expect(await orderLinked(getContainer(), cart.id, 30_000)).toBe(true)

      const calls = (await acquiringCalls(env.emulator.control)).filter((c) => c === "POST /api/merchant/invoice/payment-direct")
      expect(calls).toHaveLength(1)
      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data.type).toBe("order")
      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      const invoiceId = onlyPayment(orders[0]).data.invoiceId
      expect(await env.emulator.control.getInvoice(invoiceId)).toMatchObject({ origin: "payment-direct", status: "success" })
      expect((await pay()).status).toBe(409)
    })

    it("the bank charged at once but its answer was lost: the retry reads the bank's statement, takes that payment, and the cart becomes the order", async () => {
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER, { pay_on_store_page: true })
      const body = { cart_id: cart.id, payment_session_id: session.id, cardData: { pan: TEST_CARDS.visa, exp: "1230", cvv: "123" } }
      const pay = () => api.post("/store/monobank/card-payments/direct", body, fx.store).catch((error: any) => error.response)

      await env.emulator.control.injectFault({ path: "/api/merchant/invoice/payment-direct", count: 1, kind: "slow", delayMs: SLOW_MS, afterProcessing: true })
      const lost = await pay()
      expect(lost.status).toBeGreaterThanOrEqual(500)

      const retry = await pay()
      expect(retry.status).toBe(200)
      expect(retry.data).toEqual({ status: "authorized" })
      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data.type).toBe("order")
      // The emulator logs a call when it answers: the slow one, SLOW_MS after it came.
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
      const calls = await acquiringCalls(env.emulator.control)
      expect(calls.filter((c) => c === "POST /api/merchant/invoice/payment-direct")).toHaveLength(1)
      expect(calls).toContain("GET /api/merchant/statement")
      const payment = onlyPayment((await adminOrders(api, fx.admin))[0])
      expect(await env.emulator.control.getInvoice(payment.data.invoiceId)).toMatchObject({ origin: "payment-direct", status: "success", reference: session.id })
    })
  },
})
