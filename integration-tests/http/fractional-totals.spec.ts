/**
 * Issue 10, defect 7: cart totals that are not whole kopecks. Medusa does not round (10% off 99.99
 * is 89.991); the bank takes whole kopecks. Every API is sent the amount rounded half-up, receipt
 * lines add up to exactly that amount, and the cart still completes.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { adminOrders, adminPayment, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, sessionOfCart, webhooksHandled } from "./acquiring-helpers"
import { INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER, orderOfCart, seedCheckoutStore, startCheckout, submitCheckoutPage, type CheckoutFixtures } from "./checkout-helpers"
import { orderOfCart as installmentOrderOfCart, phoneEndingIn, webhooksHandled as installmentCallbackHandled } from "./installments-helpers"
import { addProduct, createTenPercentPromotion, discountedCart, startSession, sum } from "./rounding-helpers"

jest.setTimeout(180_000)

// Registers "monobank-fiscal" in medusa-config.ts: the debit provider with `fiscalBasket: true`.
process.env.MONOBANK_FISCAL_BASKET = "true"
const FISCAL_PROVIDER = "pp_monobank_monobank-fiscal"

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures
    /** 99.99 UAH: 89.991 after the promotion. */
    let towel: string
    /** 100.05 UAH each: 90.045 after the promotion, half a kopeck that two lines cannot both keep. */
    let shirt: string
    let scarf: string

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedCheckoutStore(api, admin, [HOLD_PROVIDER, DEBIT_PROVIDER, FISCAL_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER])
      towel = await addProduct(api, fx, "Рушник", 99.99)
      shirt = await addProduct(api, fx, "Сорочка", 100.05)
      scarf = await addProduct(api, fx, "Шарф", 100.05)
      await createTenPercentPromotion(api, fx)
    })

    it("card: 159.991 UAH is charged as 15999 kopecks, the cart completes, and capture and a full refund move exactly that", async () => {
      const cart = await discountedCart(api, fx, [towel])
      expect(cart.total).toBe(159.991)

      const { response, session } = await startSession(api, fx, cart.id, HOLD_PROVIDER)
      expect(response.status).toBe(200)
      expect(session.data).toMatchObject({ amount: 15999, ccy: 980 })
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice).toMatchObject({ amount: 15999 })
      expect(invoice.merchantPaymInfo?.basketOrder).toBeUndefined()

      const paid = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await paid
      expect((await sessionOfCart(api, fx.store, cart.id)).cart.completed_at).toBeTruthy()
      const [order] = await adminOrders(api, fx.admin)
      const payment = onlyPayment(order)
      expect(payment.amount).toBe(159.991)

      const captureConfirmed = webhooksHandled(getContainer(), 1)
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)).status).toBe(200)
      await captureConfirmed
      expect(await env.emulator.control.getInvoice(session.data.invoiceId)).toMatchObject({ status: "success", finalAmount: 15999 })
      expect((await adminPayment(api, fx.admin, payment.id)).captured_at).not.toBeNull()

      const refundConfirmed = webhooksHandled(getContainer(), 1)
      const refund = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 159.991 }, fx.admin).catch((error: any) => error.response)
      expect(refund.status).toBe(200)
      await refundConfirmed
      const refunded = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(refunded.cancelList.map((item: { amount: number }) => item.amount)).toEqual([15999])
      expect(refunded.finalAmount).toBe(0)
    })

    it("card with a fiscal basket: the basket lines add up exactly to the charged kopecks and the debit payment is fully captured", async () => {
      const cart = await discountedCart(api, fx, [towel, shirt, scarf])
      expect(cart.total).toBe(340.081)

      const { response, session } = await startSession(api, fx, cart.id, FISCAL_PROVIDER)
      expect(response.status).toBe(200)
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice.amount).toBe(34008)
      const basket = invoice.merchantPaymInfo?.basketOrder as Array<{ name: string; qty: number; sum: number; total: number }>
      // 89.991, 90.045, 90.045, 70: each line within a kopeck of Medusa's, the half kopeck to the first.
      expect(basket.map((line) => [line.qty, line.sum, line.total])).toEqual([
        [1, 8999, 8999],
        [1, 9005, 9005],
        [1, 9004, 9004],
        [1, 7000, 7000],
      ])
      expect(sum(basket.map((line) => line.total))).toBe(invoice.amount)

      const paid = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await paid
      const back = await completeCart(api, fx.store, cart.id)
      expect(back.data).toMatchObject({ type: "order" })
      const payment = onlyPayment((await adminOrders(api, fx.admin))[0])
      expect(payment).toMatchObject({ amount: 340.081, captured_at: expect.anything() })
    })

    it("card with a fiscal basket and a whole total: lines with half kopecks still make a basket instead of an error", async () => {
      const cart = await discountedCart(api, fx, [shirt, scarf])
      expect(cart.total).toBe(250.09)

      const { response, session } = await startSession(api, fx, cart.id, FISCAL_PROVIDER)
      expect(response.status).toBe(200)
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice.amount).toBe(25009)
      const basket = invoice.merchantPaymInfo?.basketOrder as Array<{ total: number }>
      expect(basket.map((line) => line.total)).toEqual([9005, 9004, 7000])
    })

    it("installments: total_sum is the rounded total and the products, one per cart line, add up to it exactly; the cart completes", async () => {
      const cart = await discountedCart(api, fx, [towel, shirt, scarf])
      const callback = installmentCallbackHandled(getContainer())
      const { response, session } = await startSession(api, fx, cart.id, INSTALLMENTS_PROVIDER, { client_phone: phoneEndingIn(1) })
      expect(response.status).toBe(200)
      const bankOrder = await env.emulator.control.getInstallmentOrder(session.data.order_id)
      expect(bankOrder.total_sum).toBe(340.08)
      expect(bankOrder.products).toEqual([
        { name: "Рушник (One)", count: 1, sum: 89.99 },
        { name: "Сорочка (One)", count: 1, sum: 90.05 },
        { name: "Шарф (One)", count: 1, sum: 90.04 },
        { name: "Доставка: Courier", count: 1, sum: 70 },
      ])
      await callback

      const order = await installmentOrderOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()
      const [payment] = order.payment_collections[0].payments
      expect(payment.captured_at).not.toBeNull()
    })

    it("mono checkout: the bank is asked for 89.99 UAH, and what it collected matches the 89.991 cart, which becomes a paid order", async () => {
      const cart = await discountedCart(api, fx, [towel], { shipping: false })
      expect(cart.total).toBe(89.991)

      const res = await startCheckout(api, fx, { cart_id: cart.id })
      expect(res.status).toBe(200)
      const bankOrderId = String(res.data.redirect_url).split("/").pop()!
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({
        amount: 89.99,
        count: 1,
        products: [{ name: "Рушник (One)", cnt: 1, price: 89.99 }],
      })

      await submitCheckoutPage(res.data.redirect_url, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order.total).toBe(89.991)
      const payments = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payments).toEqual([expect.objectContaining({ amount: 89.991, captured_at: expect.anything() })])
      expect(payments[0].data.monobank_checkout).toMatchObject({ amount: "89.99", payment: "captured" })
    })
  },
})
