/**
 * Card details typed on the store's own page (`payment-direct`, PCI DSS merchants) and card
 * payments answered synchronously (`sync-payment`), through the plugin's store routes against the
 * emulator. Each test ends with the scan: the card numbers and CVVs reached the bank and nothing
 * else (no table, no server output, no answer to the storefront).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useCardDataScan } from "../helpers/card-data-scan"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { payWithAuthenticatedCard } from "../../src/api/store/monobank/card-payments/authenticated-card"
import { acquiringCalls, adminOrders, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, sessionOfCart, TEST_CARDS, webhooksHandled } from "./acquiring-helpers"

jest.setTimeout(120_000)

process.env.MONOBANK_DIRECT_CARD_PAYMENTS = "true"
process.env.MONOBANK_SYNC_PAYMENTS = "true"
const env = useMonobankTestEnvironment()

const CVV = "7391"
/** What must never be kept: every test card number used here, the CVV, and the CVV's JSON key. */
const SECRETS = [...Object.values(TEST_CARDS), `"${CVV}"`, '"cvv"']
const card = (pan: string) => ({ pan, exp: "1230", cvv: CVV })
const DIRECT_PATH = "POST /api/merchant/invoice/payment-direct"
const SYNC_PATH = "POST /api/merchant/invoice/sync-payment"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    const scan = useCardDataScan(getContainer, SECRETS)

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })


    /** An answer of any store route, kept for the scan. */
    async function call(method: "get" | "post", url: string, body?: object) {
      const response = await (method === "get" ? api.get(url, fx.store) : api.post(url, body, fx.store)).catch((error: any) => error.response)
      scan.keep(response.data)
      return response as { status: number; data: any }
    }

    async function storePageSession(provider = DEBIT_PROVIDER) {
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, provider, { pay_on_store_page: true })
      scan.keep(session)
      return { cart, session }
    }

    /** What was asked of the bank that may move money (completing the cart also reads the invoice). */
    const bankPosts = async () => (await acquiringCalls(env.emulator.control)).filter((c) => c.startsWith("POST "))

    const payDirect = (cartId: string, sessionId: string, cardData: object) =>
      call("post", "/store/monobank/card-payments/direct", { cart_id: cartId, payment_session_id: sessionId, cardData })

    it("a store that takes card details on its page says so, and a session started for it has no hosted page", async () => {
      const options = await call("get", `/store/monobank/card-payments/options?provider_id=${DEBIT_PROVIDER}`)
      expect(options.status).toBe(200)
      expect(options.data).toMatchObject({ direct_card: true })
      // Card details with a 3-D Secure result are never taken from a browser: nothing to show for them.
      expect(options.data.sync_card).toBeUndefined()
      const { session } = await storePageSession()
      expect(session.status).toBe("pending")
      expect(session.data).toMatchObject({ storePage: true, amount: expect.any(Number) })
      expect(session.data.pageUrl).toBeUndefined()
      expect(session.data.invoiceId).toBeUndefined()
      expect(await acquiringCalls(env.emulator.control)).toEqual([])
    })

    it("card details without 3-D Secure: the session is authorized at once and the cart becomes an order paid by that invoice", async () => {
      const { cart, session } = await storePageSession()
      const paid = await payDirect(cart.id, session.id, card(TEST_CARDS.visa))
      expect(paid.status).toBe(200)
      expect(paid.data).toEqual({ status: "authorized" })
      const { session: stored } = await sessionOfCart(api, fx.store, cart.id)
      scan.keep(stored)
      expect(stored.status).toBe("authorized")
      expect(stored.data).toMatchObject({ storePage: true, invoiceId: expect.any(String) })

      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data.type).toBe("order")
      const payment = onlyPayment((await adminOrders(api, fx.admin)).find((o) => o.id === completed.data.order.id))
      expect(payment.data.invoiceId).toBe(stored.data.invoiceId)
      const invoice = await env.emulator.control.getInvoice(stored.data.invoiceId)
      expect(invoice).toMatchObject({ origin: "payment-direct", status: "success", amount: session.data.amount })
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === DIRECT_PATH)).toHaveLength(1)
    })

    it("card details with 3-D Secure: the shopper is sent to the bank's page, and after it the cart completes (the webhook may do it first)", async () => {
      const { cart, session } = await storePageSession(HOLD_PROVIDER)
      const paid = await payDirect(cart.id, session.id, card(TEST_CARDS.threeDSecure))
      expect(paid.status).toBe(200)
      expect(paid.data).toEqual({ status: "requires_more", tds_url: expect.stringMatching(/^http/) })
      const { session: waiting } = await sessionOfCart(api, fx.store, cart.id)
      scan.keep(waiting)
      expect(waiting.status).toBe("pending")

      const handled = webhooksHandled(getContainer(), 1)
      await env.emulator.control.complete3ds(waiting.data.invoiceId, { success: true })
      await handled
      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data.type).toBe("order")
      const invoice = await env.emulator.control.getInvoice(waiting.data.invoiceId)
      expect(invoice).toMatchObject({ origin: "payment-direct", status: "hold" })
    })

    it("a declined card: the bank's reason in words, nothing charged, and another card may be tried on the same checkout", async () => {
      const { cart, session } = await storePageSession()
      const declined = await payDirect(cart.id, session.id, card(TEST_CARDS.declined))
      expect(declined.status).toBe(200)
      expect(declined.data).toEqual({ status: "error", message: "Card declined by the issuing bank" })
      expect((await completeCart(api, fx.store, cart.id)).data.type).not.toBe("order")

      const paid = await payDirect(cart.id, session.id, card(TEST_CARDS.mastercard))
      expect(paid.data).toEqual({ status: "authorized" })
      expect((await completeCart(api, fx.store, cart.id)).data.type).toBe("order")
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === DIRECT_PATH)).toHaveLength(2)
    })

    it("bad card input is a 400 naming each field, and the bank is not asked", async () => {
      const { cart, session } = await storePageSession()
      const bad = await payDirect(cart.id, session.id, { pan: "4242424242424241", exp: "12/30", cvv: "12" })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("cardData.exp: expected MMYY")
      expect(bad.data.message).toContain("cardData.pan: is not a valid card number")
      expect(bad.data.message).toContain("cardData.cvv: expected 3 or 4 digits")
      const missing = await call("post", "/store/monobank/card-payments/direct", { cart_id: cart.id, payment_session_id: session.id })
      expect(missing.status).toBe(400)
      expect(missing.data.message).toContain("cardData: is required")
      const otherCart = await payDirect("cart_does_not_exist", session.id, card(TEST_CARDS.visa))
      expect(otherCart.status).toBe(404)
      expect(await acquiringCalls(env.emulator.control)).toEqual([])
    })

    it("two requests for one session at once: one charge at the bank, the other refused", async () => {
      const { cart, session } = await storePageSession()
      const both = await Promise.all([payDirect(cart.id, session.id, card(TEST_CARDS.visa)), payDirect(cart.id, session.id, card(TEST_CARDS.visa))])
      expect(both.map((r) => r.status).sort()).toEqual([200, 409])
      expect(both.find((r) => r.status === 409)!.data.message).toMatch(/already/)
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === DIRECT_PATH)).toHaveLength(1)
      // Paid: asking again is refused too.
      const again = await payDirect(cart.id, session.id, card(TEST_CARDS.visa))
      expect(again.status).toBe(409)
      expect((await completeCart(api, fx.store, cart.id)).data.type).toBe("order")
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === DIRECT_PATH)).toHaveLength(1)
    })

    it("the public sync route takes no card details with a 3-D Secure claim: a 400 naming cardData, the bank is not asked, and the session still pays", async () => {
      const { cart, session } = await storePageSession()
      // Anyone holding a cart could claim authentication the card never had (ECI 05, a made-up CAVV).
      const claimed = await call("post", "/store/monobank/card-payments/sync", {
        cart_id: cart.id,
        payment_session_id: session.id,
        cardData: { pan: TEST_CARDS.visa, type: "FPAN", exp: "1230", eciIndicator: "05", cavv: "AAABBJkZUQAAAAAAAAAAAAAAAAA=", cvv: CVV },
      })
      expect(claimed.status).toBe(400)
      expect(claimed.data.message).toMatch(/^cardData: /)
      expect(claimed.data.message).toContain("/store/monobank/card-payments/direct")
      expect(claimed.data.message).not.toContain("AAABBJkZ")
      expect(await acquiringCalls(env.emulator.control)).toEqual([])
      const { session: untouched } = await sessionOfCart(api, fx.store, cart.id)
      scan.keep(untouched)
      expect(untouched.status).toBe("pending")
      expect(untouched.data.invoiceId).toBeUndefined()

      // The same card pays through the bank's own 3-D Secure on the direct route.
      const paid = await payDirect(cart.id, session.id, card(TEST_CARDS.visa))
      expect(paid.data).toEqual({ status: "authorized" })
      expect((await completeCart(api, fx.store, cart.id)).data.type).toBe("order")
      expect(await bankPosts()).toEqual([DIRECT_PATH])
    })

    it("a merchant's own 3-D Secure result is paid through sync-payment from the store's server code: authorized, masked card kept, order paid", async () => {
      const { cart, session } = await storePageSession()
      const outcome = await payWithAuthenticatedCard(
        getContainer(),
        { cart_id: cart.id, payment_session_id: session.id },
        { pan: TEST_CARDS.visa, type: "FPAN", exp: "1230", eciIndicator: "05", cvv: CVV }
      )
      expect(outcome).toEqual({ status: "authorized" })
      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data.type).toBe("order")
      const payment = onlyPayment((await adminOrders(api, fx.admin)).find((o) => o.id === completed.data.order.id))
      expect(payment.data).toMatchObject({ storePage: true, maskedPan: expect.stringMatching(/^424242\*+4242$/) })
      expect(await bankPosts()).toEqual([SYNC_PATH])
    })

    it("a session started for the hosted page takes no card details", async () => {
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER)
      const refused = await payDirect(cart.id, session.id, card(TEST_CARDS.visa))
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/pay_on_store_page/)
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === DIRECT_PATH)).toEqual([])
    })
  },
})
