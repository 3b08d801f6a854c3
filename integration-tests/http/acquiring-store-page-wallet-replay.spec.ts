/**
 * A wallet token pays once. Apple Pay and Google Pay tokens are replayable bearer objects for their
 * lifetime: whoever copies one (a log, a proxy, a second tab) could pay another cart with the
 * shopper's card. The plugin remembers each token it took (Apple's `transactionId`, Google's
 * `messageId`, hashed) in its own table and refuses a second use before the bank is asked.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useCardDataScan } from "../helpers/card-data-scan"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { encryptApplePayToken, encryptGooglePayToken, makeTestWalletKeys, testApplePayOptions, testGooglePayOptions, type TestWalletCard } from "../helpers/wallet-tokens"
import { acquiringCalls, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, sessionOfCart, TEST_CARDS } from "./acquiring-helpers"

jest.setTimeout(120_000)

const keys = makeTestWalletKeys("store")
beforeAll(() => {
  Object.assign(process.env, {
    MONOBANK_SYNC_PAYMENTS: "true",
    MONOBANK_APPLE_PAY: JSON.stringify(testApplePayOptions(keys)),
    MONOBANK_GOOGLE_PAY: JSON.stringify(testGooglePayOptions(keys)),
  })
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

    async function pay(target: { cart: { id: string }; session: { id: string } }, wallet: object) {
      const response = await api
        .post("/store/monobank/card-payments/sync", { cart_id: target.cart.id, payment_session_id: target.session.id, ...wallet }, fx.store)
        .catch((error: any) => error.response)
      scan.keep(response.data)
      return response as { status: number; data: any }
    }

    async function walletSession() {
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER, { pay_on_store_page: true })
      return { cart, session }
    }

    const syncCalls = async () => (await acquiringCalls(env.emulator.control)).filter((call) => call === SYNC_PATH)

    async function expectStillWaiting(target: { cart: { id: string } }) {
      const { session } = await sessionOfCart(api, fx.store, target.cart.id)
      scan.keep(session)
      expect(session.status).toBe("pending")
      expect(session.data.invoiceId).toBeUndefined()
    }

    it("one Apple Pay token on two carts: the first pays, the second is refused and the bank is asked once", async () => {
      const first = await walletSession()
      const second = await walletSession()
      expect(second.session.data.amount).toBe(first.session.data.amount)
      const applePay = { paymentData: encryptApplePayToken(DEVICE_CARD, keys, first.session.data.amount) }

      expect((await pay(first, { applePay })).data).toEqual({ status: "authorized" })
      const replayed = await pay(second, { applePay })
      expect(replayed.status).toBe(409)
      expect(replayed.data.message).toMatch(/^applePay: .*already used/)
      expect(await syncCalls()).toHaveLength(1)
      await expectStillWaiting(second)

      expect((await completeCart(api, fx.store, first.cart.id)).data.type).toBe("order")
      // The second shopper pays with a token of their own.
      const own = { applePay: { paymentData: encryptApplePayToken(DEVICE_CARD, keys, second.session.data.amount) } }
      expect((await pay(second, own)).data).toEqual({ status: "authorized" })
      expect(await syncCalls()).toHaveLength(2)
    })

    it("one Google Pay token on two carts: the first pays, the second is refused and the bank is asked once", async () => {
      const first = await walletSession()
      const second = await walletSession()
      const googlePay = { token: encryptGooglePayToken(DEVICE_CARD, keys) }

      expect((await pay(first, { googlePay })).data).toEqual({ status: "authorized" })
      const replayed = await pay(second, { googlePay })
      expect(replayed.status).toBe(409)
      expect(replayed.data.message).toMatch(/^googlePay: .*already used/)
      expect(await syncCalls()).toHaveLength(1)
      await expectStillWaiting(second)
      expect((await completeCart(api, fx.store, first.cart.id)).data.type).toBe("order")
    })

    it("a declined Google Pay token is not sent to the bank again, also on its own checkout", async () => {
      const target = await walletSession()
      const googlePay = { token: encryptGooglePayToken(DECLINED_DEVICE_CARD, keys) }
      expect((await pay(target, { googlePay })).data).toEqual({ status: "error", message: "Card declined by the issuing bank" })
      const again = await pay(target, { googlePay })
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/^googlePay: .*already used/)
      expect(await syncCalls()).toHaveLength(1)
      // Another card from the wallet (a new token) still pays this checkout.
      expect((await pay(target, { googlePay: { token: encryptGooglePayToken(DEVICE_CARD, keys) } })).data).toEqual({ status: "authorized" })
    })
  },
})
