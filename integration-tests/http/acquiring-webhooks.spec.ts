/**
 * Webhooks of the `monobank` provider as the bank really sends them: twice, out of order, after a
 * key rotation; and forged ones, which must change nothing.
 */
import { generateKeyPairSync, randomBytes, sign } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  acquiringCalls,
  adminOrders,
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

// Let every failed signature refetch the bank's key at once (the default waits 10 s between
// refetches), so the rotation test does not depend on when the key was first fetched.
process.env.MONOBANK_WEBHOOK_KEY_REFRESH_MS = "0"
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    it("duplicated webhooks: one order, one capture", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      await env.emulator.control.setWebhookMode("duplicate")

      const handled = webhooksHandled(getContainer(), 4)
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      expect(onlyPayment(orders[0]).captures).toHaveLength(1)
      expect((await completeCart(api, store, cart.id)).data.order.id).toBe(orders[0].id)
    })

    it("reordered webhooks (success before processing): the order is captured and the late one is ignored", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.payInvoice(session.data.invoiceId, { pan: TEST_CARDS.threeDSecure })
      await env.emulator.control.complete3ds(session.data.invoiceId, { success: true })

      await env.emulator.control.setWebhookMode("deliver")
      const handled = webhooksHandled(getContainer(), 2)
      await env.emulator.control.releaseWebhooks({ order: "reverse" })
      await handled

      const deliveries = await env.emulator.control.deliveries()
      expect(deliveries.map((d) => [JSON.parse(d.body).status, d.attempts.at(-1)?.status])).toEqual([
        ["processing", 200],
        ["success", 200],
      ])
      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      const payment = onlyPayment(orders[0])
      expect(payment.captures).toHaveLength(1)
      expect(payment.data.status).toBe("success")
      const { session: after } = await sessionOfCart(api, store, cart.id)
      expect(after.data.status).toBe("success")
    })

    it("after a key rotation, webhooks signed with the new key are accepted", async () => {
      // The key is fetched and cached on a first payment...
      const first = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      let handled = webhooksHandled(getContainer(), 2)
      await env.emulator.control.payInvoice(first.session.data.invoiceId)
      await handled
      expect(await adminOrders(api, fx.admin)).toHaveLength(1)

      // ...then the bank rotates it.
      await env.emulator.control.rotateKey()
      const second = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      handled = webhooksHandled(getContainer(), 2)
      await env.emulator.control.payInvoice(second.session.data.invoiceId)
      await handled

      expect(await adminOrders(api, fx.admin)).toHaveLength(2)
      expect((await sessionOfCart(api, second.store, second.cart.id)).cart.completed_at).toBeTruthy()
      const pubkeyFetches = (await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/pubkey"))
      expect(pubkeyFetches.length).toBeGreaterThanOrEqual(1)
    })

    it("forged webhooks (bad, missing or foreign X-Sign) change nothing", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const forgedBody = JSON.stringify({
        invoiceId: session.data.invoiceId,
        status: "success",
        amount: session.data.amount,
        ccy: 980,
        finalAmount: session.data.amount,
        reference: session.id,
        modifiedDate: new Date(Date.now() + 60_000).toISOString(),
      })
      const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
      const foreignSignature = sign("sha256", Buffer.from(forgedBody), privateKey).toString("base64")
      const attempts = [
        { "x-sign": randomBytes(70).toString("base64") },
        {},
        { "x-sign": foreignSignature },
      ]

      const handled = webhooksHandled(getContainer(), attempts.length)
      for (const headers of attempts) {
        const res = await api.post(HOOK_PATH[DEBIT_PROVIDER], forgedBody, {
          headers: { "content-type": "application/json", ...headers },
        })
        expect(res.status).toBe(200) // Medusa answers at once; the provider decides later
      }
      await handled

      const { cart: untouched, session: still } = await sessionOfCart(api, store, cart.id)
      expect(untouched.completed_at).toBeNull()
      expect(still.status).toBe("pending")
      expect(still.data.status).toBe("created")
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("created")
      const calls = await acquiringCalls(env.emulator.control)
      expect(calls.filter((c) => c.includes("/invoice/") && !c.endsWith("/create"))).toEqual([])
    })
  },
})
