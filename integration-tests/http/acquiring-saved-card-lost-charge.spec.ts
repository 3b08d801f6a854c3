/**
 * A saved-card charge whose answer from the bank was lost (the provider timed out; the bank charged
 * the card after it gave up): the bank's signed webhook names the invoice, so the cart still
 * becomes one order with that payment, and the card is charged once. Found by the fault soak.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { toMinorUnits } from "../../src/lib/monobank"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { adminOrders, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, orderLinked, webhooksHandled, type Api } from "./acquiring-helpers"

jest.setTimeout(120_000)

// The provider gives up on the bank after 1 s; the bank charges the card 2.5 s after the request.
process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = "1000"
const SLOW_MS = 2500
const WALLET_PAYMENT_PATH = "/api/merchant/wallet/payment"
const env = useMonobankTestEnvironment()

async function loggedInCustomer(api: Api, fx: StoreFixtures) {
  const email = `buyer-${Date.now()}@example.test`
  const password = "correct horse battery staple"
  const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
  await api.post("/store/customers", { email, first_name: "Леся", last_name: "Українка" }, { headers: { ...fx.store.headers, authorization: `Bearer ${registration.token}` } })
  const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
  return { authorization: `Bearer ${login.token}` }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })


    it("the bank charged the saved card after the provider gave up: its webhook makes the order, and the card is charged once", async () => {
      const shopper = { ...fx, store: { headers: { ...fx.store.headers, ...(await loggedInCustomer(api, fx)) } } }
      // First order on the hosted page saves the card.
      const first = await createReadyCart(api, shopper)
      const { session: firstSession } = await startPaymentSession(api, shopper, first.id, DEBIT_PROVIDER, { save_card: true })
      const saved = webhooksHandled(getContainer(), 2)
      await env.emulator.control.payInvoice(firstSession.data.invoiceId)
      await saved
      expect((await completeCart(api, shopper.store, first.id)).data.type).toBe("order")
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: customers } = await query.graph({ entity: "customer", fields: ["id", "account_holders.*"] })
      const holder = customers.flatMap((c: any) => c.account_holders ?? []).find((h: any) => h.provider_id === DEBIT_PROVIDER)
      const [card] = await getContainer()
        .resolve<IPaymentModuleService>(Modules.PAYMENT)
        .listPaymentMethods({ provider_id: DEBIT_PROVIDER, context: { account_holder: holder } } as any)

      // Second order with the saved card: the bank's answer to the charge comes too late.
      const cart = await createReadyCart(api, shopper)
      await startPaymentSession(api, shopper, cart.id, DEBIT_PROVIDER, { payment_method_id: card.id })
      await env.emulator.control.injectFault({ path: WALLET_PAYMENT_PATH, count: 1, kind: "slow", delayMs: SLOW_MS })
      const lost = await completeCart(api, shopper.store, cart.id)
      expect(lost.data.type).not.toBe("order")
      // The bank charges, its webhook comes; Medusa handles a webhook 5 s after it arrives.
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
      await env.emulator.control.flushWebhooks()
      await orderLinked(getContainer(), cart.id, 30_000)

      const charged = (await env.emulator.control.deliveries())
        .map((d) => d.subject)
        .filter((id) => id !== firstSession.data.invoiceId)
      const invoiceIds = [...new Set(charged)]
      expect(invoiceIds).toHaveLength(1)
      const invoice = await env.emulator.control.getInvoice(invoiceIds[0])
      expect(invoice).toMatchObject({ origin: "wallet-payment", status: "success" })

      // The shopper comes back (or the webhook already did it): one order, paid by that invoice.
      const again = await completeCart(api, shopper.store, cart.id)
      expect(again.data.type).toBe("order")
      const order = (await adminOrders(api, fx.admin)).find((o) => o.id === again.data.order.id)
      const payment = onlyPayment(order)
      expect(payment.data.invoiceId).toBe(invoice.invoiceId)
      expect(payment.captures).toHaveLength(1)
      expect(toMinorUnits(payment.captures[0].amount, 980)).toBe(invoice.finalAmount)
      expect(await adminOrders(api, fx.admin)).toHaveLength(2)
    })
  },
})
