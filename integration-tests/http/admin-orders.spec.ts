/**
 * The order widget's routes and the needs-attention list: what the bank says of an order's
 * payment, "Sync with bank" applying a change whose webhook was lost, and the rows a person acts on.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../../src/modules/monobank-checkout"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { adminOrders, adminPayment, checkoutWithMonobank, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, webhooksHandled } from "./acquiring-helpers"
import { customerHeaders, everyAdminRoute, sendAs } from "./admin-route-helpers"
import { chooseInstallments, INSTALLMENTS_PROVIDER, orderOfCart, phoneEndingIn, webhooksHandled as installmentCallbackHandled } from "./installments-helpers"

jest.setTimeout(180_000)

const env = useMonobankTestEnvironment()
const NINE_DAYS_MS = 9 * 24 * 60 * 60 * 1000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER] })
    })

    async function paidOrder(provider: string) {
      const { session } = await checkoutWithMonobank(api, fx, provider)
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const [order] = await adminOrders(api, fx.admin)
      return { order, payment: onlyPayment(order), invoiceId: session.data.invoiceId as string }
    }

    const widget = (orderId: string) => api.get(`/admin/monobank/orders/${orderId}`, fx.admin).catch((e: any) => e.response)

    it("shows a held card payment in words, with the bank's status, card, hold expiry and nothing flagged", async () => {
      const { order, invoiceId } = await paidOrder(HOLD_PROVIDER)
      const res = await widget(order.id)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ medusa_order_id: order.id, monobank: true, checkout: null, needs_attention: [] })
      const [payment] = res.data.payments
      expect(payment).toMatchObject({
        method: "Card, held",
        bank_id: { label: "Invoice", value: invoiceId },
        bank_status: "hold",
        meaning: expect.stringMatching(/held on the card/),
        masked_card: expect.stringMatching(/^424242\*+4242$/),
        hold_expires_soon: false,
        capture_means: expect.stringMatching(/charges the held money/),
      })
      const expires = new Date(payment.hold_expires_at).getTime() - Date.now()
      expect(expires).toBeGreaterThan(8 * 24 * 3600_000)
      expect(expires).toBeLessThan(NINE_DAYS_MS + 60_000)
    })

    it("a debit reads 'Card, charged at once', with nothing to capture; an unknown order is 404", async () => {
      const { order } = await paidOrder(DEBIT_PROVIDER)
      const [payment] = (await widget(order.id)).data.payments
      expect(payment).toMatchObject({ method: "Card, charged at once", bank_status: "success" })
      expect(payment.capture_means).toBeUndefined()
      expect((await widget("order_does_not_exist")).status).toBe(404)
    })

    it("an installment purchase the shopper confirmed says, before Capture payment, that capturing confirms the goods were handed over; after the capture it no longer does", async () => {
      const confirmed = installmentCallbackHandled(getContainer())
      const { cart } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
      await confirmed
      const order = await orderOfCart(getContainer(), cart.id)
      const [before] = (await widget(order.id)).data.payments
      expect(before).toMatchObject({ bank_status: "IN_PROCESS", bank_sub_state: "WAITING_FOR_STORE_CONFIRM", capture_means: expect.stringMatching(/received the goods.*monobank pays the store/) })

      await api.post(`/admin/payments/${order.payment_collections[0].payments[0].id}/capture`, {}, fx.admin)
      const [after] = (await widget(order.id)).data.payments
      expect(after.bank_status).toBe("SUCCESS")
      expect(after.capture_means).toBeUndefined()
    })

    it("Sync with bank applies a hold the bank released while its webhook was lost, and the order then needs attention", async () => {
      const { order, payment, invoiceId } = await paidOrder(HOLD_PROVIDER)
      await env.emulator.control.setWebhookMode("drop")
      await env.emulator.control.advanceClock(NINE_DAYS_MS + 60_000)
      expect((await env.emulator.control.getInvoice(invoiceId)).status).toBe("reversed")
      expect((await adminPayment(api, fx.admin, payment.id)).canceled_at).toBeFalsy()
      expect((await widget(order.id)).data.payments[0].bank_status).toBe("reversed")

      const synced = await api.post(`/admin/monobank/orders/${order.id}/sync`, {}, fx.admin)
      expect(synced.data.outcomes).toEqual([{ what: `invoice ${invoiceId}`, ok: true, detail: "monobank says reversed." }])
      expect((await adminPayment(api, fx.admin, payment.id)).canceled_at).toBeTruthy()

      const list = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(list.data.rows).toEqual([
        expect.objectContaining({ kind: "released_hold", id: payment.id, medusa_order_id: order.id, subject: `Invoice ${invoiceId}`, happened: expect.stringContaining(invoiceId) }),
      ])
      expect((await widget(order.id)).data.needs_attention).toHaveLength(1)
    })

    it("lists a paid checkout order that could not become an order, and its resolve re-reads the bank and says it is still open", async () => {
      const checkout = getContainer().resolve<MonobankCheckoutModuleService>(MONOBANK_CHECKOUT_MODULE)
      const [row] = await checkout.createMonobankCheckoutOrders([
        { cart_id: "cart_gone", checkout_order_id: "bank-order-unknown", redirect_url: "http://127.0.0.1:9/checkout/1", amount: 100, currency_code: "uah", status: "needs_attention", error: "the cart's product is gone" },
      ])
      const list = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(list.data.rows).toEqual([
        expect.objectContaining({ kind: "checkout_order", id: row.id, medusa_order_id: null, subject: "Checkout order bank-order-unknown", happened: expect.stringContaining("the cart's product is gone"), action: expect.objectContaining({ resolve: "sync" }) }),
      ])
      const path = `/admin/monobank/needs-attention/checkout_order/${row.id}/resolve`
      const resolved = await api.post(path, { action: "sync" }, fx.admin)
      expect(resolved.data).toMatchObject({ resolved: false, status: "needs_attention" })

      const bad = (body: object, p = path) => api.post(p, body, fx.admin).catch((e: any) => e.response)
      expect((await bad({ action: "delete" })).status).toBe(400)
      expect((await bad({})).status).toBe(400)
      expect((await bad({ action: "sync" }, `/admin/monobank/needs-attention/released_hold/${row.id}/resolve`)).status).toBe(400)
      expect((await bad({ action: "sync" }, "/admin/monobank/needs-attention/checkout_order/mbchk_nope/resolve")).status).toBe(404)
    })

    it("every order and needs-attention route answers 401 to an anonymous caller and to a customer", async () => {
      const customer = await customerHeaders(api, getContainer())
      for (const route of everyAdminRoute) {
        expect([route.path, (await sendAs(api, route, undefined)).status]).toEqual([route.path, 401])
        expect([route.path, (await sendAs(api, route, customer)).status]).toEqual([route.path, 401])
      }
    })
  },
})
