/**
 * Apple Pay and Google Pay on the store's own page: tokens encrypted in the test for the store's
 * test merchant keys, opened by the plugin (the decryption really runs) and paid through the
 * bank's `sync-payment`. A token for another merchant's key is refused before the bank is asked.
 * Each test ends with the scan: the device card numbers and cryptograms reached the bank only.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useCardDataScan } from "../helpers/card-data-scan"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import {
  encryptApplePayToken,
  encryptGooglePayToken,
  makeTestWalletKeys,
  startFakeApplePayValidation,
  testApplePayOptions,
  testGooglePayOptions,
  type FakeApplePayValidation,
  type TestWalletCard,
} from "../helpers/wallet-tokens"
import { acquiringCalls, adminOrders, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, TEST_CARDS } from "./acquiring-helpers"

jest.setTimeout(120_000)

const keys = makeTestWalletKeys("store")
const strangerKeys = makeTestWalletKeys("another-store")
let appleValidation: FakeApplePayValidation
beforeAll(async () => {
  appleValidation = await startFakeApplePayValidation(keys)
  Object.assign(process.env, {
    MONOBANK_SYNC_PAYMENTS: "true",
    MONOBANK_APPLE_PAY: JSON.stringify(testApplePayOptions(keys, { merchantValidationUrl: appleValidation.url, merchantValidationCa: appleValidation.ca })),
    MONOBANK_GOOGLE_PAY: JSON.stringify(testGooglePayOptions(keys)),
  })
})
afterAll(async () => {
  await appleValidation?.close()
})
const env = useMonobankTestEnvironment()

const DEVICE_CARD: TestWalletCard = { dpan: TEST_CARDS.mastercard, expMonth: 12, expYear: 2030, cryptogram: "AgAAAAAABk4DWZ4C28yUQAAAAAA=", eciIndicator: "05" }
const DECLINED_DEVICE_CARD: TestWalletCard = { ...DEVICE_CARD, dpan: TEST_CARDS.declined }
const SECRETS = [DEVICE_CARD.dpan, DECLINED_DEVICE_CARD.dpan, DEVICE_CARD.cryptogram!]
const SYNC_PATH = "POST /api/merchant/invoice/sync-payment"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    const scan = useCardDataScan(getContainer, SECRETS)

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })


    async function call(url: string, body: object) {
      const response = await api.post(url, body, fx.store).catch((error: any) => error.response)
      scan.keep(response.data)
      return response as { status: number; data: any }
    }

    async function walletSession() {
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER, { pay_on_store_page: true })
      return { cart, session }
    }

    it("the storefront learns which wallets the store takes, with the Google Pay public key and no secret", async () => {
      const { data } = await api.get(`/store/monobank/card-payments/options?provider_id=${DEBIT_PROVIDER}`, fx.store)
      expect(data).toEqual({
        direct_card: false,
        apple_pay: { merchant_identifier: keys.apple.merchantIdentifier, display_name: "Test store" },
        google_pay: { merchant_id: keys.google.merchantId, merchant_name: null, environment: "TEST", public_key: expect.any(String) },
      })
      expect(JSON.stringify(data)).not.toContain("PRIVATE KEY")
    })

    it("Apple Pay: the token is opened with the store's key, the bank charges the device card, and the cart becomes an order", async () => {
      const { cart, session } = await walletSession()
      const paymentData = encryptApplePayToken(DEVICE_CARD, keys, session.data.amount)
      const paid = await call("/store/monobank/card-payments/sync", { cart_id: cart.id, payment_session_id: session.id, applePay: { paymentData } })
      expect(paid.status).toBe(200)
      expect(paid.data).toEqual({ status: "authorized" })
      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data.type).toBe("order")
      const payment = onlyPayment((await adminOrders(api, fx.admin)).find((o) => o.id === completed.data.order.id))
      expect(payment.data).toMatchObject({ storePage: true, maskedPan: expect.stringMatching(/^555555\*+4444$/) })
      const invoice = await env.emulator.control.getInvoice(payment.data.invoiceId)
      expect(invoice).toMatchObject({ origin: "sync-payment", status: "success", amount: session.data.amount })
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === SYNC_PATH)).toHaveLength(1)
    })

    it("Google Pay: the signed token is opened with the store's key and paid; a declined device card gives the bank's reason", async () => {
      const { cart, session } = await walletSession()
      const declined = await call("/store/monobank/card-payments/sync", {
        cart_id: cart.id,
        payment_session_id: session.id,
        googlePay: { token: encryptGooglePayToken(DECLINED_DEVICE_CARD, keys) },
      })
      expect(declined.data).toEqual({ status: "error", message: "Card declined by the issuing bank" })
      const paid = await call("/store/monobank/card-payments/sync", {
        cart_id: cart.id,
        payment_session_id: session.id,
        googlePay: { token: encryptGooglePayToken(DEVICE_CARD, keys) },
      })
      expect(paid.data).toEqual({ status: "authorized" })
      expect((await completeCart(api, fx.store, cart.id)).data.type).toBe("order")
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c === SYNC_PATH)).toHaveLength(2)
    })

    it("tokens made for another merchant's keys are refused clearly, and the bank is not asked", async () => {
      const { cart, session } = await walletSession()
      const apple = await call("/store/monobank/card-payments/sync", {
        cart_id: cart.id,
        payment_session_id: session.id,
        applePay: { paymentData: encryptApplePayToken(DEVICE_CARD, strangerKeys, session.data.amount) },
      })
      expect(apple.status).toBe(400)
      expect(apple.data.message).toMatch(/^applePay: .*(this store|merchant)/)
      const google = await call("/store/monobank/card-payments/sync", {
        cart_id: cart.id,
        payment_session_id: session.id,
        googlePay: { token: encryptGooglePayToken(DEVICE_CARD, strangerKeys) },
      })
      expect(google.status).toBe(400)
      expect(google.data.message).toMatch(/^googlePay: /)
      expect(await acquiringCalls(env.emulator.control)).toEqual([])
      // Nothing was claimed: the right token still pays.
      const paid = await call("/store/monobank/card-payments/sync", {
        cart_id: cart.id,
        payment_session_id: session.id,
        googlePay: { token: encryptGooglePayToken(DEVICE_CARD, keys) },
      })
      expect(paid.data).toEqual({ status: "authorized" })
    })

    it("Apple Pay merchant validation asks Apple (here its local stand-in) with the merchant identity certificate", async () => {
      const answer = await call("/store/monobank/apple-pay/merchant-session", {
        provider_id: DEBIT_PROVIDER,
        validation_url: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
      })
      expect(answer.status).toBe(200)
      expect(answer.data).toEqual(expect.objectContaining({ merchantIdentifier: expect.any(String) }))
      expect(appleValidation.requests.at(-1)).toEqual({
        merchantIdentifier: keys.apple.merchantIdentifier,
        displayName: "Test store",
        initiative: "web",
        initiativeContext: "shop.example.ua",
      })
    })
  },
})
