/**
 * Money going back through the `monobank` provider: partial refunds from the admin, refunds made in
 * the bank's cabinet, cancelling an uncaptured order (hold released), an unpaid invoice withdrawn,
 * and a hold the bank reversed after 9 days.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { AcquiringClient } from "../../src/lib/monobank"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  acquiringCalls,
  adminOrders,
  adminPayment,
  checkoutWithMonobank,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  onlyPayment,
  sum,
  webhooksHandled,
} from "./acquiring-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()
const NINE_DAYS_MS = 9 * 24 * 60 * 60 * 1000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    let bank: AcquiringClient

    beforeAll(() => {
      bank = new AcquiringClient({ token: env.emulator.acquiringToken, baseUrl: env.emulator.url })
    })
    afterAll(async () => {
      await bank?.close()
    })

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    /** A paid order: the shopper paid on the hosted page and the webhooks were handled. */
    async function paidOrder(provider: string) {
      const { session } = await checkoutWithMonobank(api, fx, provider)
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const [order] = await adminOrders(api, fx.admin)
      return { order, payment: onlyPayment(order), invoiceId: session.data.invoiceId as string }
    }

    async function refund(paymentId: string, amount: number) {
      const confirmed = webhooksHandled(getContainer(), 1)
      const res = await api
        .post(`/admin/payments/${paymentId}/refund`, { amount }, fx.admin)
        .catch((error: any) => error.response)
      if (res.status === 200) await confirmed
      else confirmed.cancel()
      return res
    }

    it("refunds twice partially; a third refund above what is left fails and bank and Medusa agree", async () => {
      const { payment, invoiceId } = await paidOrder(DEBIT_PROVIDER)

      expect((await refund(payment.id, 300)).status).toBe(200)
      expect((await refund(payment.id, 500.5)).status).toBe(200)
      const tooMuch = await refund(payment.id, 600)
      expect(tooMuch.status).toBe(400)
      expect(tooMuch.data.message).toMatch(/more than the captured amount/)

      const refunds = (await adminPayment(api, fx.admin, payment.id)).refunds
      expect(refunds.map((r: any) => r.amount).sort()).toEqual([300, 500.5])
      const invoice = await env.emulator.control.getInvoice(invoiceId)
      expect(invoice.status).toBe("success")
      expect(invoice.cancelList.map((c: any) => [c.extRef, c.amount, c.status])).toEqual(
        expect.arrayContaining([
          [refunds.find((r: any) => r.amount === 300).id, 30_000, "success"],
          [refunds.find((r: any) => r.amount === 500.5).id, 50_050, "success"],
        ])
      )
      expect(invoice.finalAmount).toBe(130_456 - 80_050)
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(2)
    })

    it("books a refund made in the monobank cabinet as one Medusa refund, even if its webhook comes twice", async () => {
      const { payment, invoiceId } = await paidOrder(DEBIT_PROVIDER)
      await env.emulator.control.setWebhookMode("duplicate")

      const handled = webhooksHandled(getContainer(), 2)
      await bank.cancelInvoice({ invoiceId, amount: 20_000 })
      await handled

      const { refunds } = await adminPayment(api, fx.admin, payment.id)
      expect(refunds).toHaveLength(1)
      expect(refunds[0]).toMatchObject({ amount: 200 })
      expect(refunds[0].note).toMatch(/monobank cabinet/)
      // Booked without asking the bank to refund again.
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(1)
      const [order] = await adminOrders(api, fx.admin)
      expect(order.payment_collections[0].refunded_amount).toBe(200)
    })

    it("refuses a refund above what the bank still holds, with the amount left", async () => {
      const { payment, invoiceId } = await paidOrder(DEBIT_PROVIDER)
      // The cabinet refund's webhook has not reached Medusa yet.
      await env.emulator.control.setWebhookMode("hold")
      await bank.cancelInvoice({ invoiceId, amount: 100_000, extRef: "cabinet-1" })

      const refused = await api
        .post(`/admin/payments/${payment.id}/refund`, { amount: 500 }, fx.admin)
        .catch((error: any) => error.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/only 304\.56 UAH is left to refund/)

      await env.emulator.control.setWebhookMode("deliver")
      const handled = webhooksHandled(getContainer(), 1)
      await env.emulator.control.releaseWebhooks()
      await handled
      const { refunds } = await adminPayment(api, fx.admin, payment.id)
      expect(refunds.map((r: any) => r.amount)).toEqual([1000])
      const invoice = await env.emulator.control.getInvoice(invoiceId)
      expect(sum(invoice.cancelList.map((c: any) => c.amount))).toBe(100_000)
    })

    it("cancelling an uncaptured order releases the hold at the bank", async () => {
      const { order, payment, invoiceId } = await paidOrder(HOLD_PROVIDER)
      expect((await env.emulator.control.getInvoice(invoiceId)).status).toBe("hold")

      const released = webhooksHandled(getContainer(), 1)
      const res = await api.post(`/admin/orders/${order.id}/cancel`, {}, fx.admin)
      expect(res.status).toBe(200)
      await released

      expect((await adminPayment(api, fx.admin, payment.id)).canceled_at).toBeTruthy()
      const invoice = await env.emulator.control.getInvoice(invoiceId)
      expect(invoice).toMatchObject({ status: "reversed", finalAmount: 0 })
      expect(invoice.cancelList).toHaveLength(1)
      expect((await adminPayment(api, fx.admin, payment.id)).refunds).toHaveLength(0)
    })

    it("an unpaid invoice is withdrawn at the bank when the cart changes and its session goes", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const { data } = await api.get(`/store/carts/${cart.id}?fields=*items`, store)
      await api.post(`/store/carts/${cart.id}/line-items/${data.cart.items[0].id}`, { quantity: 2 }, store)

      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice).toMatchObject({ status: "expired", removed: true })
      await expect(env.emulator.control.payInvoice(session.data.invoiceId)).rejects.toThrow()
    })

    it("a hold the bank reversed after 9 days cancels the Medusa payment without another bank call", async () => {
      const { payment, invoiceId } = await paidOrder(HOLD_PROVIDER)

      const reversed = webhooksHandled(getContainer(), 1)
      await env.emulator.control.advanceClock(NINE_DAYS_MS + 60_000)
      await reversed

      expect((await env.emulator.control.getInvoice(invoiceId)).status).toBe("reversed")
      const after = await adminPayment(api, fx.admin, payment.id)
      expect(after.canceled_at).toBeTruthy()
      expect(after.captures).toHaveLength(0)
      const calls = await acquiringCalls(env.emulator.control)
      expect(calls.filter((c) => c.endsWith("/cancel") || c.endsWith("/finalize") || c.endsWith("/remove"))).toEqual([])
    })
  },
})
