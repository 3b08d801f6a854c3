/**
 * A card paid at the bank whose webhook made Medusa's payment (authorized and captured) while the
 * cart could not become an order: Medusa's processPaymentWorkflow completes the cart with
 * `continueOnPermanentFailure`, so the payment stays without an order and Medusa never looks at
 * it again. Here the store owner takes the card provider off the cart's region while the shopper
 * pays. The plugin's job completes such carts again, and gives the money back (and says so under
 * Needs attention) when the cart still cannot become an order after the retry window, or at once
 * when the shopper replaced the paid session and the order was paid another way.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { completePaidCarts, COMPLETION_RETRY_WINDOW_MS } from "../../src/workflows/session-money/complete-paid-carts"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { watchPaymentProcessing } from "../helpers/workflow-runs"
import { adminOrders, checkoutWithMonobank, DEBIT_PROVIDER, HOLD_PROVIDER } from "./acquiring-helpers"

jest.setTimeout(180_000)

const SYSTEM_PROVIDER = "pp_system_default"
const env = useMonobankTestEnvironment()

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out")
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    const providers = [HOLD_PROVIDER, DEBIT_PROVIDER, SYSTEM_PROVIDER]

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: providers })
    })

    const payments = () => getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
    const setRegionProviders = (ids: string[]) => api.post(`/admin/regions/${fx.regionId}`, { payment_providers: ids }, fx.admin)

    /**
     * Paid at the bank; the webhook makes the captured payment, the cart's completion fails. The
     * webhook's workflow completes the cart after it books the payment, so the test waits for the
     * run to end before the region gets its providers back.
     */
    async function paidWithoutOrder() {
      const started = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      await setRegionProviders([SYSTEM_PROVIDER])
      const processing = await watchPaymentProcessing(getContainer())
      await env.emulator.control.payInvoice(started.session.data.invoiceId)
      await env.emulator.control.flushWebhooks()
      await processing.waitFor().finally(() => processing.stop())
      const capturedPayment = async () => {
        const [payment] = await payments().listPayments({ payment_session_id: started.session.id }, { relations: ["captures"] })
        return payment?.captures?.length ? payment : undefined
      }
      await waitFor(async () => !!(await capturedPayment()))
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      return { ...started, payment: (await capturedPayment())! }
    }

    const later = (ms: number) => new Date(Date.now() + ms)

    it("the job makes the order once the cart can be completed, on the money the bank took", async () => {
      const { cart, payment, session } = await paidWithoutOrder()
      await setRegionProviders(providers)

      const summary = await completePaidCarts(getContainer(), { now: later(3 * 60_000) })

      expect(summary).toMatchObject({ checked: 1, completed: 1 })
      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      expect(orders[0].payment_collections[0].payments.map((p: any) => p.id)).toEqual([payment.id])
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice.status).toBe("success")
      expect(invoice.cancelList ?? []).toHaveLength(0)
      // Done: the next run finds nothing.
      expect(await completePaidCarts(getContainer(), { now: later(4 * 60_000) })).toMatchObject({ checked: 0 })
      expect((await api.get(`/store/carts/${cart.id}`, fx.store).catch((e: any) => e.response)).status).toBeDefined()
    })

    it("while the retry window lasts the money stays; after it, the payment is refunded, the bank gives everything back and the store owner is told", async () => {
      const { cart, payment, session } = await paidWithoutOrder()

      const early = await completePaidCarts(getContainer(), { now: later(5 * 60_000) })
      expect(early).toMatchObject({ checked: 1, waiting: 1, given_back: 0 })
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("success")

      const late = await completePaidCarts(getContainer(), { now: later(COMPLETION_RETRY_WINDOW_MS + 3 * 60_000) })
      expect(late).toMatchObject({ checked: 1, given_back: 1 })

      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      const givenBack = (invoice.cancelList ?? []).filter((item: any) => item.status !== "failure").reduce((sum: number, item: any) => sum + (item.amount ?? 0), 0)
      expect(givenBack).toBe(invoice.amount)
      // Medusa's books show it too: the payment is refunded in full.
      const [after] = await payments().listPayments({ id: payment.id }, { relations: ["refunds"] })
      expect(after.refunds!.reduce((sum: number, refund: any) => sum + Number(refund.amount), 0)).toBe(Number(payment.amount))
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      const { data } = await api.get("/admin/monobank/needs-attention", fx.admin)
      const rows = JSON.stringify(data)
      expect(rows).toContain(cart.id)
      // Given back once: the next run has nothing to do.
      expect(await completePaidCarts(getContainer(), { now: later(COMPLETION_RETRY_WINDOW_MS + 8 * 60_000) })).toMatchObject({ checked: 0 })
    })

    it("the shopper then paid the same cart another way: the order stands on that payment and the job gives the monobank money back", async () => {
      const { cart, payment, session, collectionId, store } = await paidWithoutOrder()
      await setRegionProviders(providers)
      // The storefront starts over with another method: Medusa replaces the paid session.
      await api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: SYSTEM_PROVIDER }, store)
      const completed = await api.post(`/store/carts/${cart.id}/complete`, {}, store)
      expect(completed.data.type).toBe("order")

      expect(await completePaidCarts(getContainer(), { now: later(3 * 60_000) })).toMatchObject({ checked: 1, given_back: 1 })

      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      const givenBack = (invoice.cancelList ?? []).filter((item: any) => item.status !== "failure").reduce((sum: number, item: any) => sum + (item.amount ?? 0), 0)
      expect(givenBack).toBe(invoice.amount)
      const [after] = await payments().listPayments({ id: payment.id }, { relations: ["refunds"] })
      expect(after.refunds!.reduce((sum: number, refund: any) => sum + Number(refund.amount), 0)).toBe(Number(payment.amount))
      const { data } = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(JSON.stringify(data)).toContain(cart.id)
      expect(await completePaidCarts(getContainer(), { now: later(8 * 60_000) })).toMatchObject({ checked: 0 })
    })

    it("the shopper started over on the paid cart and has not paid again: the replaced session's money goes back after the retry window", async () => {
      const { cart, payment, session, collectionId, store } = await paidWithoutOrder()
      await setRegionProviders(providers)
      await api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: DEBIT_PROVIDER }, store)

      expect(await completePaidCarts(getContainer(), { now: later(5 * 60_000) })).toMatchObject({ checked: 1, waiting: 1 })
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).cancelList ?? []).toHaveLength(0)

      expect(await completePaidCarts(getContainer(), { now: later(COMPLETION_RETRY_WINDOW_MS + 3 * 60_000) })).toMatchObject({ given_back: 1 })
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      const givenBack = (invoice.cancelList ?? []).filter((item: any) => item.status !== "failure").reduce((sum: number, item: any) => sum + (item.amount ?? 0), 0)
      expect(givenBack).toBe(invoice.amount)
      const [after] = await payments().listPayments({ id: payment.id }, { relations: ["refunds"] })
      expect(after.refunds!.reduce((sum: number, refund: any) => sum + Number(refund.amount), 0)).toBe(Number(payment.amount))
      expect(JSON.stringify((await api.get("/admin/monobank/needs-attention", fx.admin)).data)).toContain(cart.id)
    })
  },
})
