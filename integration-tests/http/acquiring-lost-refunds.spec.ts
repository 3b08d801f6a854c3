/**
 * A refund whose answer from the bank was lost (the provider timed out), then asked for again by
 * the admin: the shopper gets the money back once and Medusa books it once, whether the bank
 * applied the refund after the provider gave up or before its answer was lost.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
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

// The provider gives up on the bank after 1 s; the bank answers the faulted refund after 2.5 s.
process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = "1000"
const SLOW_MS = 2500
const CANCEL_PATH = "/api/merchant/invoice/cancel"
const env = useMonobankTestEnvironment()

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    async function paidOrder() {
      const { session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const [order] = await adminOrders(api, fx.admin)
      return { payment: onlyPayment(order), invoiceId: session.data.invoiceId as string }
    }

    function refund(paymentId: string, amount: number) {
      return api.post(`/admin/payments/${paymentId}/refund`, { amount }, fx.admin).catch((error: any) => error.response)
    }

    async function bankRefunds(invoiceId: string) {
      return (await env.emulator.control.getInvoice(invoiceId)).cancelList as Array<{ amount: number; extRef?: string }>
    }

    async function medusaRefunds(paymentId: string) {
      return (await adminPayment(api, fx.admin, paymentId)).refunds as Array<{ id: string; amount: number; note?: string }>
    }

    // The bank reads a partial refund as `success` or as `reversed` with finalAmount > 0: both are run.
    it.each(["success", "reversed"] as const)(
      "applied by the bank after the provider gave up: the late webhook books it once and the admin's retry is refused, not sent (partial refund read as %s)",
      async (partialRefundStatus) => {
        await env.emulator.control.setPartialRefundStatus(partialRefundStatus)
        const { payment, invoiceId } = await paidOrder()
        await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: SLOW_MS })

        const lateWebhook = webhooksHandled(getContainer(), 1)
        const lost = await refund(payment.id, 300)
        expect(lost.status).not.toBe(200)
        expect(lost.data.message).toMatch(/did not answer in time/)
        await lateWebhook
        expect((await medusaRefunds(payment.id)).map((r) => r.amount)).toEqual([300])

        const retry = await refund(payment.id, 300)
        expect(retry.status).toBe(400)
        expect(retry.data.message).toMatch(/monobank already refunded 300\.00 UAH .*answer was lost.*booked/)

        expect(sum((await bankRefunds(invoiceId)).map((c) => c.amount))).toBe(30_000)
        expect(sum((await medusaRefunds(payment.id)).map((r) => r.amount))).toBe(300)
        expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(1)

        // Asked once more after that answer, it is a new refund of its own.
        const meant = webhooksHandled(getContainer(), 1)
        expect((await refund(payment.id, 300)).status).toBe(200)
        await meant
        expect(sum((await bankRefunds(invoiceId)).map((c) => c.amount))).toBe(60_000)
        expect(sum((await medusaRefunds(payment.id)).map((r) => r.amount))).toBe(600)
        expect(await env.emulator.control.getInvoice(invoiceId)).toMatchObject({ status: partialRefundStatus, finalAmount: 130_456 - 60_000 })
        expect((await adminPayment(api, fx.admin, payment.id)).canceled_at).toBeNull()
      }
    )

    it("applied by the bank after the provider gave up, retried before its webhook came: the retry books it without a second bank refund", async () => {
      const { payment, invoiceId } = await paidOrder()
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: SLOW_MS })

      expect((await refund(payment.id, 300)).status).not.toBe(200)
      await waitFor(async () => (await bankRefunds(invoiceId)).length === 1, "the bank to apply the refund")

      const retry = await refund(payment.id, 300)
      expect(retry.status).toBe(200)
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(1)

      // The bank's webhook about that refund comes now: nothing more to book.
      await env.emulator.control.setWebhookMode("deliver")
      const handled = webhooksHandled(getContainer(), 1)
      await env.emulator.control.releaseWebhooks()
      await handled
      expect((await medusaRefunds(payment.id)).map((r) => r.amount)).toEqual([300])
      expect(sum((await bankRefunds(invoiceId)).map((c) => c.amount))).toBe(30_000)
    })

    it("retried while the bank may still apply it: the retry is refused, and the late refund is booked once", async () => {
      const { payment, invoiceId } = await paidOrder()
      // The bank applies this one long after the provider gave up.
      await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: 3 * SLOW_MS })

      const lateWebhook = webhooksHandled(getContainer(), 1)
      expect((await refund(payment.id, 300)).status).not.toBe(200)
      const retry = await refund(payment.id, 300)
      expect(retry.status).toBe(400)
      expect(retry.data.message).toMatch(/monobank has not answered the refund of 300\.00 UAH .*Nothing was sent/)
      expect(await bankRefunds(invoiceId)).toEqual([])

      await lateWebhook
      expect(sum((await bankRefunds(invoiceId)).map((c) => c.amount))).toBe(30_000)
      expect((await medusaRefunds(payment.id)).map((r) => r.amount)).toEqual([300])
      expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(1)
    })

    it("applied by the bank before its answer was lost: the refund is found at the bank and booked once", async () => {
      const { payment, invoiceId } = await paidOrder()
      await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: SLOW_MS, afterProcessing: true })

      const handled = webhooksHandled(getContainer(), 1)
      const res = await refund(payment.id, 300)
      expect(res.status).toBe(200)
      await handled

      const refunds = await medusaRefunds(payment.id)
      expect(refunds.map((r) => r.amount)).toEqual([300])
      expect((await bankRefunds(invoiceId)).map((c) => [c.extRef, c.amount])).toEqual([[refunds[0].id, 30_000]])
      // The emulator logs a call when it answers: this one's answer comes SLOW_MS after the refund was applied.
      const cancelCalls = async () => (await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))
      await waitFor(async () => (await cancelCalls()).length > 0, "the late answer to the refund")
      expect(await cancelCalls()).toHaveLength(1)
    })
  },
})
