/**
 * Money going back through the `monobank` provider: partial refunds from the admin, refunds made in
 * the bank's cabinet, cancelling an uncaptured order (hold released), an unpaid invoice withdrawn,
 * and a hold the bank reversed after 9 days. Partial refunds also with the bank reading them as
 * `reversed` with `finalAmount` > 0 (emulator `setPartialRefundStatus("reversed")`). With the
 * merchant's fiscalization on (emulator `setFiscalization(true)`), a partial refund and a partial
 * capture carry receipt lines that add up to their amount.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
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
  completeCart,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  onlyPayment,
  sum,
  webhooksHandled,
} from "./acquiring-helpers"

jest.setTimeout(120_000)

// Registers "monobank-fiscal" / "monobank-fiscal-hold" in medusa-config.ts: the providers with `fiscalBasket: true`.
process.env.MONOBANK_FISCAL_BASKET = "true"
const FISCAL_PROVIDER = "pp_monobank_monobank-fiscal"
const FISCAL_HOLD_PROVIDER = "pp_monobank_monobank-fiscal-hold"

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
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, FISCAL_PROVIDER, FISCAL_HOLD_PROVIDER] })
    })

    /** A paid order: the shopper paid on the hosted page and the webhooks were handled. */
    async function paidOrder(provider: string, quantity?: number) {
      const { session } = await checkoutWithMonobank(api, fx, provider, { quantity })
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

    describe('the bank reads a partial refund as "reversed" with finalAmount > 0', () => {
      beforeEach(() => env.emulator.control.setPartialRefundStatus("reversed"))

      /** What a store owner looks at: the order keeps its payment and its refunds match the bank's. */
      async function expectPartlyRefunded(orderId: string, paymentId: string, invoiceId: string, refundedMinor: number) {
        const invoice = await env.emulator.control.getInvoice(invoiceId)
        expect(invoice).toMatchObject({ status: "reversed", finalAmount: 130_456 - refundedMinor })
        expect(sum(invoice.cancelList.filter((c: any) => c.status === "success").map((c: any) => c.amount))).toBe(refundedMinor)

        const after = await adminPayment(api, fx.admin, paymentId)
        expect(after.canceled_at).toBeNull()
        expect(sum(after.captures.map((c: any) => Number(c.amount)))).toBe(1304.56)
        expect(Math.round(sum(after.refunds.map((r: any) => Number(r.amount))) * 100)).toBe(refundedMinor)

        const { data } = await api.get(`/admin/orders/${orderId}?fields=id,status,payment_status`, fx.admin)
        expect(data.order.status).not.toBe("canceled")
        expect(data.order.payment_status).toBe("partially_refunded")

        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: sessions } = await query.graph({ entity: "payment", fields: ["id", "payment_session.status"], filters: { id: paymentId } })
        expect(sessions[0].payment_session.status).toBe("authorized")
        return after
      }

      it("two partial refunds and a cabinet refund are each booked once, the order stays paid, and a repeated webhook moves nothing", async () => {
        const { order, payment, invoiceId } = await paidOrder(DEBIT_PROVIDER)

        expect((await refund(payment.id, 300)).status).toBe(200)
        expect((await refund(payment.id, 500.5)).status).toBe(200)
        await expectPartlyRefunded(order.id, payment.id, invoiceId, 80_050)

        // A refund made in the cabinet: its webhook (reversed, finalAmount > 0) is the store's only news of it.
        const handled = webhooksHandled(getContainer(), 1)
        await bank.cancelInvoice({ invoiceId, amount: 10_000, extRef: "cabinet-1" })
        await handled
        await expectPartlyRefunded(order.id, payment.id, invoiceId, 90_050)

        // The bank sends that webhook again later.
        const last = (await env.emulator.control.deliveries()).filter((d) => d.subject === invoiceId).at(-1)!
        expect(JSON.parse(last.body)).toMatchObject({ status: "reversed", finalAmount: 130_456 - 90_050 })
        const replayed = webhooksHandled(getContainer(), 1)
        const replay = await fetch(last.url, { method: "POST", headers: { "Content-Type": "application/json", ...last.headers }, body: last.body })
        expect(replay.status).toBe(200)
        await replayed

        const after = await expectPartlyRefunded(order.id, payment.id, invoiceId, 90_050)
        expect(after.refunds.map((r: any) => Number(r.amount)).sort((a: number, b: number) => a - b)).toEqual([100, 300, 500.5])
        expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(3)
        const tooMuch = await refund(payment.id, 404.07)
        expect(tooMuch.status).toBe(400)
      })
    })

    it.each(["success", "reversed"] as const)(
      "a payment partly refunded in the cabinet before the cart completed still becomes the order, its refund booked once (partial refund read as %s)",
      async (partialRefundStatus) => {
        await env.emulator.control.setPartialRefundStatus(partialRefundStatus)
        const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
        const invoiceId = session.data.invoiceId as string
        await env.emulator.control.setWebhookMode("hold")
        await env.emulator.control.payInvoice(invoiceId)
        await bank.cancelInvoice({ invoiceId, amount: 10_000, extRef: "cabinet-early" })
        expect(await env.emulator.control.getInvoice(invoiceId)).toMatchObject({ status: partialRefundStatus, finalAmount: 120_456 })

        const completed = await completeCart(api, store, cart.id)
        expect(completed.status).toBe(200)
        expect(completed.data.type).toBe("order")

        await env.emulator.control.setWebhookMode("deliver")
        // Medusa handles each webhook about 5 s after it answered it.
        const released = await env.emulator.control.releaseWebhooks()
        await env.emulator.control.flushWebhooks()
        await webhooksHandled(getContainer(), released, 60_000)

        const [order] = await adminOrders(api, fx.admin)
        const payment = await adminPayment(api, fx.admin, onlyPayment(order).id)
        expect(payment.canceled_at).toBeNull()
        expect(sum(payment.captures.map((c: any) => Number(c.amount)))).toBe(1304.56)
        expect(payment.refunds.map((r: any) => Number(r.amount))).toEqual([100])
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,status,payment_status`, fx.admin)
        expect(data.order).toMatchObject({ payment_status: "partially_refunded" })
        expect(data.order.status).not.toBe("canceled")
        expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(1)
      }
    )

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

    describe("the merchant's fiscalization is on (a PRRO is linked)", () => {
      type FiscalLine = { name: string; code: string; qty: number; sum: number }
      const linesTotal = (items: FiscalLine[]) => items.reduce((total, item) => total + item.sum * item.qty, 0)

      beforeEach(() => env.emulator.control.setFiscalization(true))

      it("a partial refund of a 3-unit cart with delivery sends receipt lines that add up to the refunded kopecks, with the product's tax codes", async () => {
        const { data: listed } = await api.get(`/admin/products?fields=id,variants.id`, fx.admin)
        const product = listed.products.find((candidate: any) => candidate.variants.some((variant: any) => variant.id === fx.variantId))
        await api.post(`/admin/products/${product.id}`, { metadata: { monobank_tax: "1" } }, fx.admin)
        const { payment, invoiceId } = await paidOrder(FISCAL_PROVIDER, 3)
        expect((await env.emulator.control.getInvoice(invoiceId)).merchantPaymInfo?.basketOrder).toHaveLength(2)

        const res = await refund(payment.id, 1000.01)
        expect(res.status).toBe(200)

        const invoice = await env.emulator.control.getInvoice(invoiceId)
        expect(invoice.cancelList.map((c: any) => [c.amount, c.status])).toEqual([[100_001, "success"]])
        const [receipt] = invoice.fiscalItems ?? []
        expect(receipt).toMatchObject({ operation: "cancel", amount: 100_001, extRef: (await adminPayment(api, fx.admin, payment.id)).refunds[0].id })
        expect(linesTotal(receipt.items)).toBe(100_001)
        expect(new Set(receipt.items.map((item: FiscalLine) => item.code)).size).toBe(2)
        expect(receipt.items.filter((item: FiscalLine & { tax?: number[] }) => item.tax?.join() === "1").length).toBeGreaterThan(0)
        expect(receipt.items.filter((item: FiscalLine) => item.name.startsWith("Доставка"))).toEqual([expect.not.objectContaining({ tax: expect.anything() })])
        for (const item of receipt.items) expect(Number.isInteger(item.qty) && Number.isInteger(item.sum)).toBe(true)
      })

      it("a partial capture of a hold sends receipt lines that add up to the captured kopecks", async () => {
        const { payment, invoiceId } = await paidOrder(FISCAL_HOLD_PROVIDER, 3)

        const confirmed = webhooksHandled(getContainer(), 1)
        const res = await api.post(`/admin/payments/${payment.id}/capture`, { amount: 1000.5 }, fx.admin).catch((error: any) => error.response)
        expect(res.status).toBe(200)
        await confirmed

        const invoice = await env.emulator.control.getInvoice(invoiceId)
        expect(invoice).toMatchObject({ status: "success", finalAmount: 100_050 })
        const [receipt] = invoice.fiscalItems ?? []
        expect(receipt).toMatchObject({ operation: "finalize", amount: 100_050 })
        expect(linesTotal(receipt.items)).toBe(100_050)
      })
    })
  },
})
