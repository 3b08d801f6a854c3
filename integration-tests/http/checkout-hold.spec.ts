/**
 * Issue 6, card payments held on the mono checkout page (store option `hold: true`): the order is
 * placed with an authorized payment; Medusa captures it only once the bank shows it charged
 * (finalized in the business cabinet), and never after the bank released the hold: then the
 * payment is canceled and the order shows under needs attention (defect 15.2).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { syncDueCheckoutOrders } from "../../src/workflows/checkout/reconcile"
import {
  CARD_PROVIDER,
  checkoutOrderOfCart,
  createCheckoutCart,
  eventually,
  orderOfCart,
  seedCheckoutStore,
  startCheckout,
  submitCheckoutPage,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(120_000)

const HOLD_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000

const env = useMonobankTestEnvironment()
beforeAll(() => {
  process.env.MONOBANK_CHECKOUT_HOLD = "true"
})
afterAll(() => {
  delete process.env.MONOBANK_CHECKOUT_HOLD
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
    })

    async function placeHeldOrder() {
      const cart = await createCheckoutCart(api, fx)
      const { data } = await startCheckout(api, fx, { cart_id: cart.id })
      const bankOrderId: string = data.redirect_url.split("/").pop()
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({ hold: true })
      await submitCheckoutPage(data.redirect_url, {
        delivery_method: "np_box",
        payment_method: "card",
        cityName: "Київ",
        branch_id: "7",
        branch_address: "Київ, поштомат №7",
      })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      const payments = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payments).toHaveLength(1)
      expect(payments[0]).toMatchObject({ provider_id: CARD_PROVIDER, amount: 1234.56, captured_at: null })
      expect(payments[0].data.monobank_checkout).toMatchObject({ payment: "authorized", payment_status: "hold" })
      return { cartId: cart.id, bankOrderId, orderId: order.id, paymentId: payments[0].id as string }
    }

    function capture(paymentId: string) {
      return api.post(`/admin/payments/${paymentId}/capture`, {}, fx.admin).catch((error: any) => error.response)
    }

    it("places the order with an authorized payment, refuses to capture while the bank holds it, and captures once it was finalized in the cabinet", async () => {
      const { cartId, bankOrderId, paymentId } = await placeHeldOrder()

      const refused = await capture(paymentId)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/still held: finalize it in the monobank business cabinet/)

      await env.emulator.control.finalizeCheckoutHold(bankOrderId)
      await env.emulator.control.flushWebhooks()
      // The bank was read moments ago (the order was placed): the callback's follow-up read brings the change.
      const finalized = await eventually(() => checkoutOrderOfCart(getContainer(), cartId), (c) => c.general_status === "success")
      expect(finalized).toMatchObject({ status: "completed", general_status: "success", error: null })

      const captured = await capture(paymentId)
      expect(captured.status).toBe(200)
      expect(captured.data.payment).toMatchObject({ captured_at: expect.anything(), amount: 1234.56 })
      expect((await orderOfCart(getContainer(), cartId)).count).toBe(1)
      // Read from the checkout record only: no acquiring invoice was made or charged.
      const bankCalls = (await env.emulator.control.calls()).map((c) => `${c.method} ${c.path}`)
      expect(bankCalls.filter((call) => !call.includes("/personal/checkout/"))).toEqual([])
    })

    it("the order widget names the held mono checkout card payment, its checkout order and what to do, not an empty card block", async () => {
      const { bankOrderId, orderId, paymentId } = await placeHeldOrder()

      const { data } = await api.get(`/admin/monobank/orders/${orderId}`, fx.admin)
      expect(data.payments).toEqual([
        expect.objectContaining({
          payment_id: paymentId,
          method: "mono checkout, card, held",
          bank_id: { label: "Checkout order", value: bankOrderId },
          meaning: expect.stringContaining("finalize the hold in the monobank business cabinet"),
        }),
      ])
      expect(data.checkout).toMatchObject({ checkout_order_id: bankOrderId, payment_method: "card" })
    })

    async function needsAttentionRows() {
      return (await api.get("/admin/monobank/needs-attention", fx.admin)).data.rows as any[]
    }

    async function paymentOf(cartId: string) {
      return (await orderOfCart(getContainer(), cartId)).order.payment_collections[0].payments[0]
    }

    it("a hold the bank released after the order was placed: the order's payment is canceled, the order needs attention, the checkout order stays completed", async () => {
      const { cartId, bankOrderId, orderId, paymentId } = await placeHeldOrder()
      expect(await needsAttentionRows()).toEqual([])

      await env.emulator.control.advanceClock(HOLD_LIFETIME_MS + 1000)
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({ status: "hold_expired" })
      await env.emulator.control.flushWebhooks()
      // The bank was read moments ago (the order was placed): the callback's follow-up read brings the change.
      const payment = await eventually(() => paymentOf(cartId), (p) => !!p.canceled_at)
      expect(payment).toMatchObject({ id: paymentId, canceled_at: expect.anything(), captured_at: null })

      const checkout = await checkoutOrderOfCart(getContainer(), cartId)
      expect(checkout).toMatchObject({ status: "completed", general_status: "fail", order: { id: orderId } })
      expect(checkout.error).toMatch(new RegExp(`failed checkout order ${bankOrderId} .* after it became order ${orderId}`))

      const rows = await needsAttentionRows()
      expect(rows).toEqual([
        expect.objectContaining({
          kind: "released_checkout_hold",
          id: checkout.id,
          medusa_order_id: orderId,
          subject: `Checkout order ${bankOrderId}`,
          happened: expect.stringMatching(new RegExp(`released the card hold of checkout order ${bankOrderId}.*order is no longer paid`)),
          plugin_did: expect.stringMatching(/payment canceled/),
          action: { label: "Cancel the order, or ask the shopper to pay again" },
        }),
      ])
      expect((await api.get(`/admin/monobank/orders/${orderId}`, fx.admin)).data.needs_attention).toHaveLength(1)

      const refused = await capture(paymentId)
      expect(refused.status).toBe(400)
      expect((await paymentOf(cartId)).captured_at).toBeNull()

      // Canceling the order is the store owner's answer: the row goes away.
      const canceled = await api.post(`/admin/orders/${orderId}/cancel`, {}, fx.admin).catch((error: any) => error.response)
      expect(canceled.status).toBe(200)
      expect(await needsAttentionRows()).toEqual([])
    })

    it("a hold released while every callback was lost is found by the scheduled sync, and the order needs attention", async () => {
      const { cartId, bankOrderId, orderId } = await placeHeldOrder()
      await env.emulator.control.setWebhookMode("drop")
      await env.emulator.control.advanceClock(HOLD_LIFETIME_MS + 1000)
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({ status: "hold_expired" })

      // Run as the scheduler would, a few minutes on: the order was read when it was placed.
      const later = () => new Date(Date.now() + 10 * 60_000)
      const payment = await eventually(
        async () => {
          await syncDueCheckoutOrders(getContainer(), { now: later() })
          return paymentOf(cartId)
        },
        (p) => !!p.canceled_at
      )
      expect(payment.canceled_at).toBeTruthy()
      expect(await checkoutOrderOfCart(getContainer(), cartId)).toMatchObject({ status: "completed", general_status: "fail" })
      expect(await needsAttentionRows()).toEqual([expect.objectContaining({ kind: "released_checkout_hold", medusa_order_id: orderId })])
    })

    it("a finalized hold is not listed and its captured payment stays as it is when the scheduled sync reads it again", async () => {
      const { cartId, bankOrderId, paymentId } = await placeHeldOrder()
      await env.emulator.control.finalizeCheckoutHold(bankOrderId)
      await env.emulator.control.flushWebhooks()
      await eventually(() => checkoutOrderOfCart(getContainer(), cartId), (c) => c.general_status === "success")
      expect((await capture(paymentId)).status).toBe(200)

      await syncDueCheckoutOrders(getContainer(), { now: new Date(Date.now() + 10 * 60_000) })
      expect(await paymentOf(cartId)).toMatchObject({ canceled_at: null, captured_at: expect.anything() })
      expect(await needsAttentionRows()).toEqual([])
    })
  },
})
