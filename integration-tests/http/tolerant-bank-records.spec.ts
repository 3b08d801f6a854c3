/**
 * Issue 27, items 5-8: the bank's records in the real-world shapes public code reads (sources in
 * src/lib/monobank/__fixtures__), sent by the emulator with every `recordShapes` option on. A paid
 * order is still made, and money still goes back, when the installments data has null timestamps
 * and no store_order_id, when acquiring records carry null amounts, and when a mono checkout
 * callback comes wrapped in `result`.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { RECORD_SHAPES } from "../../emulator"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { adminOrders, adminPayment, checkoutWithMonobank, DEBIT_PROVIDER, onlyPayment, webhooksHandled } from "./acquiring-helpers"
import {
  CARD_PROVIDER,
  checkoutOrderOfCart,
  createCheckoutCart,
  INSTALLMENTS_PROVIDER,
  orderOfCart,
  seedCheckoutStore,
  startCheckout,
  type CheckoutFixtures,
} from "./checkout-helpers"
import { confirmedInstallmentOrder } from "./installments-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment({ recordShapes: [...RECORD_SHAPES] })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()), [CARD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER])
    })

    it("installments: order/data with null timestamps and no store_order_id; the callback still makes the order, and a return still goes back", async () => {
      const { order, payment, bankOrderId } = await confirmedInstallmentOrder(api, fx, getContainer())
      expect(order).toBeDefined()
      expect(payment.amount).toBeGreaterThan(0)

      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)).status).toBe(200)
      const refunded = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, fx.admin).catch((error: any) => error.response)
      expect(refunded.status).toBe(200)
      const bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      expect(bankOrder).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
      expect(bankOrder.returns).toEqual([expect.objectContaining({ sum: 100 })])
    })

    it("acquiring: finalAmount and the refund's amount and ccy null; the webhook still makes the paid order, and a refund is still booked", async () => {
      const { session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const paid = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await paid
      const [order] = await adminOrders(api, fx.admin)
      expect(order).toBeDefined()
      const payment = onlyPayment(order)
      expect(payment.captured_at).not.toBeNull()

      const confirmed = webhooksHandled(getContainer(), 1)
      const refunded = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 300 }, fx.admin).catch((error: any) => error.response)
      expect(refunded.status).toBe(200)
      await confirmed
      expect((await adminPayment(api, fx.admin, payment.id)).refunds.map((r: any) => r.amount)).toEqual([300])
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice.cancelList).toEqual([expect.objectContaining({ amount: 30_000, status: "success" })])
    })

    it("mono checkout: a callback wrapped as { result } still makes the order", async () => {
      const cart = await createCheckoutCart(api, fx)
      const started = await startCheckout(api, fx, { cart_id: cart.id })
      expect(started.status).toBe(200)
      const bankOrderId = (started.data.redirect_url as string).split("/").pop()!
      await env.emulator.control.completeCheckout(bankOrderId, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()

      const [callback] = (await env.emulator.control.deliveries()).filter((d) => d.kind === "checkout")
      expect(JSON.parse(callback.body)).toEqual({ result: expect.objectContaining({ orderId: bankOrderId }) })
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", error: null })
    })
  },
})
