/**
 * Refunds of one order that Medusa's refund workflow cannot record on the order. The workflow
 * refunds at the bank first and records the refund on the order afterwards (a credit line, which
 * is an order change); while another order change is open ("Order ... already has an existing
 * active order change": a second refund at the same moment, or an order edit) it answers the admin
 * with an error although the bank refunded and the refund stays on the payment. The admin who
 * tries again must not refund the shopper twice, and two refunds the admin meant must both be made.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { acquiringCalls, adminPayment, checkoutWithMonobank, DEBIT_PROVIDER, sum, webhooksHandled as cardWebhooksHandled } from "./acquiring-helpers"
import {
  chooseInstallments,
  INSTALLMENTS_PROVIDER,
  installmentCalls,
  orderOfCart,
  phoneEndingIn,
} from "./installments-helpers"

jest.setTimeout(180_000)

const CANCEL_PATH = "/api/merchant/invoice/cancel"
const RETURN_PATH = "/api/order/return"
/** How long the bank takes to refund while the admin opens an order edit. */
const SLOW_BANK_MS = 1500

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [DEBIT_PROVIDER, INSTALLMENTS_PROVIDER] })
    })

    function refund(paymentId: string, amount: number) {
      return api.post(`/admin/payments/${paymentId}/refund`, { amount }, fx.admin).catch((error: any) => error.response)
    }

    /** The admin's reaction to a refused refund: the same refund once more. */
    async function retryRefused(paymentId: string, answers: Array<{ status: number }>, amount: number) {
      const retries = []
      for (const answer of answers.filter((a) => a.status !== 200)) retries.push(await refund(paymentId, amount))
      return retries
    }

    async function medusaRefunds(paymentId: string) {
      return (await adminPayment(api, fx.admin, paymentId)).refunds as Array<{ id: string; amount: number }>
    }

    /** What the order itself records: refunds (transactions), credit lines, and what is still owed. */
    async function orderBooks(orderId: string) {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "summary.*", "transactions.*", "credit_lines.*"],
        filters: { id: orderId },
      })
      const order = data[0] as any
      return {
        refunded: -sum(order.transactions.filter((t: any) => t.reference === "refund").map((t: any) => Number(t.amount))),
        credited: sum(order.credit_lines.map((c: any) => Number(c.amount))),
        pendingDifference: Number(order.summary.pending_difference),
      }
    }

    /** The order the bank's notification placed, once its payment is there. */
    async function placedOrder(cartId: string) {
      const until = Date.now() + 30_000
      for (;;) {
        const order = await orderOfCart(getContainer(), cartId)
        if (order?.payment_collections?.[0]?.payments?.length) return order
        if (Date.now() > until) throw new Error(`no order with a payment for cart ${cartId}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }

    function openOrderEdit(orderId: string) {
      return api.post("/admin/order-edits", { order_id: orderId }, fx.admin)
    }

    function cancelOrderEdit(orderId: string) {
      return api.delete(`/admin/order-edits/${orderId}`, fx.admin)
    }

    describe("card payments", () => {
      async function paidOrder() {
        const { cart, session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
        await env.emulator.control.payInvoice(session.data.invoiceId)
        const order = await placedOrder(cart.id)
        return { orderId: order.id as string, paymentId: order.payment_collections[0].payments[0].id as string, invoiceId: session.data.invoiceId as string }
      }

      async function bankRefunds(invoiceId: string) {
        return (await env.emulator.control.getInvoice(invoiceId)).cancelList as Array<{ amount: number; extRef?: string }>
      }

      it("three refunds of one order sent at once, each refused one retried: the bank refunds exactly the three the admin meant", async () => {
        const { orderId, paymentId, invoiceId } = await paidOrder()
        const refundWebhooks = cardWebhooksHandled(getContainer(), 3)

        const answers = await Promise.all([refund(paymentId, 300), refund(paymentId, 300), refund(paymentId, 300)])
        const retries = await retryRefused(paymentId, answers, 300)
        await refundWebhooks

        expect((await bankRefunds(invoiceId)).map((c) => c.amount)).toEqual([30_000, 30_000, 30_000])
        expect(sum((await medusaRefunds(paymentId)).map((r) => r.amount))).toBe(900)
        expect(await orderBooks(orderId)).toEqual({ refunded: 900, credited: 900, pendingDifference: 0 })
        expect([...answers, ...retries].map((a) => a.status)).toEqual([200, 200, 200])
      })

      it("a refund while the order has an open order edit is refused before anything is sent", async () => {
        const { orderId, paymentId, invoiceId } = await paidOrder()
        await openOrderEdit(orderId)

        const refused = await refund(paymentId, 300)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/open .*edit.*Nothing was refunded/)
        expect(await bankRefunds(invoiceId)).toEqual([])
        expect(await medusaRefunds(paymentId)).toEqual([])

        // Once the edit is cancelled, the refund goes through and is recorded everywhere once.
        await cancelOrderEdit(orderId)
        const webhook = cardWebhooksHandled(getContainer(), 1)
        expect((await refund(paymentId, 300)).status).toBe(200)
        await webhook
        expect((await bankRefunds(invoiceId)).map((c) => c.amount)).toEqual([30_000])
        expect(await orderBooks(orderId)).toEqual({ refunded: 300, credited: 300, pendingDifference: 0 })
      })

      it("an order edit opened while the bank refunds: the admin's retry books the refund the bank made; a later refund of the same amount is a new one", async () => {
        const { orderId, paymentId, invoiceId } = await paidOrder()
        await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: SLOW_BANK_MS })
        const webhook = cardWebhooksHandled(getContainer(), 1)

        const pending = refund(paymentId, 300)
        await new Promise((resolve) => setTimeout(resolve, SLOW_BANK_MS / 2))
        await openOrderEdit(orderId)
        const failed = await pending
        expect(failed.status).toBe(400)
        expect(failed.data.message).toMatch(/already has an existing active order change/)
        await webhook
        // Medusa keeps the refund on the payment: the bank did refund.
        expect((await bankRefunds(invoiceId)).map((c) => c.amount)).toEqual([30_000])
        expect((await medusaRefunds(paymentId)).map((r) => r.amount)).toEqual([300])

        await cancelOrderEdit(orderId)
        const retry = await refund(paymentId, 300)
        expect(retry.status).toBe(200)
        expect((await bankRefunds(invoiceId)).map((c) => c.amount)).toEqual([30_000])
        expect((await acquiringCalls(env.emulator.control)).filter((c) => c.endsWith("/cancel"))).toHaveLength(1)
        expect((await medusaRefunds(paymentId)).map((r) => r.amount)).toEqual([300])
        expect(await orderBooks(orderId)).toEqual({ refunded: 300, credited: 300, pendingDifference: 0 })

        // Asked after that, 300 more is a refund of its own.
        const next = cardWebhooksHandled(getContainer(), 1)
        expect((await refund(paymentId, 300)).status).toBe(200)
        await next
        expect((await bankRefunds(invoiceId)).map((c) => c.amount)).toEqual([30_000, 30_000])
        expect(sum((await medusaRefunds(paymentId)).map((r) => r.amount))).toBe(600)
        expect(await orderBooks(orderId)).toEqual({ refunded: 600, credited: 600, pendingDifference: 0 })
      })
    })

    describe("installments", () => {
      async function capturedOrder() {
        const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
        const order = await placedOrder(cart.id)
        const paymentId = order.payment_collections[0].payments[0].id as string
        expect((await api.post(`/admin/payments/${paymentId}/capture`, {}, fx.admin)).status).toBe(200)
        return { orderId: order.id as string, paymentId, bankOrderId: session.data.order_id as string }
      }

      async function bankReturns(bankOrderId: string) {
        return ((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns as Array<{ sum: number }>).map((r) => r.sum)
      }

      it("three refunds of one order sent at once, each refused one retried: the bank returns exactly the three the admin meant", async () => {
        const { orderId, paymentId, bankOrderId } = await capturedOrder()

        const answers = await Promise.all([refund(paymentId, 300), refund(paymentId, 300), refund(paymentId, 300)])
        const retries = await retryRefused(paymentId, answers, 300)

        expect(await bankReturns(bankOrderId)).toEqual([300, 300, 300])
        expect(sum((await medusaRefunds(paymentId)).map((r) => r.amount))).toBe(900)
        expect(await orderBooks(orderId)).toEqual({ refunded: 900, credited: 900, pendingDifference: 0 })
        expect([...answers, ...retries].map((a) => a.status)).toEqual([200, 200, 200])
      })

      it("an order edit opened while the bank returns money: the admin's retry books that return and sends nothing", async () => {
        const { orderId, paymentId, bankOrderId } = await capturedOrder()
        await env.emulator.control.injectFault({ path: RETURN_PATH, count: 1, kind: "slow", delayMs: SLOW_BANK_MS })

        const pending = refund(paymentId, 300)
        await new Promise((resolve) => setTimeout(resolve, SLOW_BANK_MS / 2))
        await openOrderEdit(orderId)
        const failed = await pending
        expect(failed.status).toBe(400)
        expect(failed.data.message).toMatch(/already has an existing active order change/)
        expect(await bankReturns(bankOrderId)).toEqual([300])

        await cancelOrderEdit(orderId)
        const retry = await refund(paymentId, 300)
        expect(retry.status).toBe(200)
        expect(await bankReturns(bankOrderId)).toEqual([300])
        expect((await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/return"))).toHaveLength(1)
        expect((await medusaRefunds(paymentId)).map((r) => r.amount)).toEqual([300])
        expect(await orderBooks(orderId)).toEqual({ refunded: 300, credited: 300, pendingDifference: 0 })
      })
    })
  },
})
