/**
 * Issue 6: mono checkout end to end, against the emulator over real HTTP. The shopper leaves the
 * cart for the bank's checkout page, picks delivery and payment there, and the bank's callback
 * (only a hint: the plugin reads the order back from the bank) turns the cart into one order.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import syncMonobankCheckoutOrdersJob from "../../src/jobs/sync-monobank-checkout-orders"
import { clearOfScheduledCheckoutSync } from "../helpers/scheduled-runs"
import { TEST_CARDS } from "../../emulator"
import { createAdminHeaders } from "../helpers/admin"
import { completeCart, createReadyCart, startPaymentSession } from "../helpers/store-fixtures"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  CALLBACK_PATH,
  CARD_PROVIDER,
  checkoutOrderOfCart,
  createCheckoutCart,
  eventually,
  INSTALLMENTS_PROVIDER,
  ON_DELIVERY_PROVIDER,
  orderOfCart,
  SHOPPER,
  startCheckout,
  submitCheckoutPage,
  seedCheckoutStore,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
    })

    /** Sends a cart to checkout; returns the bank's order id and page. */
    async function sendToCheckout(cartId: string) {
      const res = await startCheckout(api, fx, { cart_id: cartId })
      expect(res.status).toBe(200)
      const redirectUrl: string = res.data.redirect_url
      return { redirectUrl, bankOrderId: redirectUrl.split("/").pop()! }
    }

    async function callbackBodies() {
      return (await env.emulator.control.deliveries()).filter((d) => d.kind === "checkout")
    }

    function postCallback(body: string) {
      return fetch(`${env.storeUrl}${CALLBACK_PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body })
    }

    it("card + carrier branch: the shopper pays on the checkout page and the callback makes one order with the branch, the address and a captured card payment", async () => {
      const cart = await createCheckoutCart(api, fx, { quantity: 2 })
      const { redirectUrl, bankOrderId } = await sendToCheckout(cart.id)
      const returnUrl = `http://localhost:8000/checkout/monobank?cart=${cart.id}`

      expect(redirectUrl).toBe(`${env.emulator.url}/checkout/${bankOrderId}`)
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({
        order_ref: cart.id,
        amount: 2469.12,
        ccy: 980,
        count: 2,
        products: [{ name: "Вишиванка (M)", cnt: 2, price: 1234.56 }],
        dlv_method_list: ["pickup", "courier", "np_brnm", "np_box"],
        payment_method_list: ["card", "payment_on_delivery", "part_purchase"],
        payments_number: 4,
        dlv_pay_merchant: false,
        hold: false,
        callback_url: `${env.storeUrl}${CALLBACK_PATH}`,
        return_url: returnUrl,
      })
      // Asking again for the same cart answers the same bank order.
      expect((await startCheckout(api, fx, { cart_id: cart.id })).data).toEqual({ redirect_url: redirectUrl })

      const submitted = await submitCheckoutPage(redirectUrl, {
        delivery_method: "np_brnm",
        payment_method: "card",
        pan: TEST_CARDS.visa,
        exp: "12/30",
        cvv: "123",
        cityName: "Київ",
        areaName: "Київська",
        branch_id: "25",
        branch_address: "Київ, вул. Велика Васильківська, 100 (відділення №25)",
      })
      expect(submitted.status).toBe(303)
      expect(submitted.headers.get("location")).toBe(returnUrl)

      await env.emulator.control.flushWebhooks()
      const [callback] = await callbackBodies()
      expect(callback.attempts).toEqual([expect.objectContaining({ status: 200 })])

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order).toMatchObject({ email: SHOPPER.email, currency_code: "uah", total: 2469.12, shipping_total: 0 })
      expect(order.items).toEqual([expect.objectContaining({ quantity: 2, unit_price: 1234.56 })])
      expect(order.shipping_address).toMatchObject({
        first_name: SHOPPER.first_name,
        last_name: SHOPPER.last_name,
        phone: SHOPPER.phoneNumber,
        address_1: "Нова пошта: відділення №25",
        address_2: "Київ, вул. Велика Васильківська, 100 (відділення №25)",
        city: "Київ",
        province: "Київська обл.",
        country_code: "ua",
      })
      expect(order.shipping_methods).toEqual([
        expect.objectContaining({
          name: "Нова пошта: відділення №25 (mono checkout)",
          shipping_option_id: fx.deliveryOptions.np_brnm,
          amount: 0,
          data: expect.objectContaining({
            delivery_method: "np_brnm",
            branch_id: "25",
            branch_address: "Київ, вул. Велика Васильківська, 100 (відділення №25)",
            city: expect.objectContaining({ name: "Київ", ref: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
            checkout_order_id: bankOrderId,
          }),
        }),
      ])
      const payments = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payments).toHaveLength(1)
      expect(payments[0]).toMatchObject({ provider_id: CARD_PROVIDER, amount: 2469.12, captured_at: expect.anything() })
      expect(payments[0].data.monobank_checkout).toMatchObject({
        checkout_order_id: bankOrderId,
        cart_id: cart.id,
        payment_method: "card",
        payment: "captured",
        amount: "2469.12",
      })
      // Recorded from the bank's checkout record: no acquiring invoice, no second charge.
      const bankCalls = (await env.emulator.control.calls()).map((c) => `${c.method} ${c.path}`)
      expect(bankCalls.filter((call) => !call.includes("/personal/checkout/"))).toEqual([])

      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({
        checkout_order_id: bankOrderId,
        status: "completed",
        general_status: "success",
        payment_method: "card",
        delivery_method: "np_brnm",
        cart: { id: cart.id },
        order: { id: order.id },
      })

      // The warehouse ships to the branch: the fulfillment carries the delivery data.
      const { data: full } = await api.get(`/admin/orders/${order.id}?fields=*items`, fx.admin)
      const fulfilled = await api.post(
        `/admin/orders/${order.id}/fulfillments?fields=*fulfillments`,
        { items: full.order.items.map((item: any) => ({ id: item.id, quantity: item.quantity })) },
        fx.admin
      )
      expect(fulfilled.data.order.fulfillments[0]).toMatchObject({
        provider_id: "monobank-checkout_monobank-checkout",
        data: expect.objectContaining({ delivery_method: "np_brnm", branch_id: "25", city: expect.objectContaining({ name: "Київ" }) }),
      })
    })

    it("payment on delivery + courier: the order has an authorized pending payment that the admin captures on delivery", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { redirectUrl, bankOrderId } = await sendToCheckout(cart.id)
      await submitCheckoutPage(redirectUrl, {
        delivery_method: "courier",
        payment_method: "payment_on_delivery",
        cityName: "Львів",
        areaName: "Львівська",
        address: "Львів, пл. Ринок, 1, кв. 2",
      })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order).toMatchObject({ total: 1234.56, shipping_address: { address_1: "Львів, пл. Ринок, 1, кв. 2", city: "Львів" } })
      expect(order.shipping_methods[0]).toMatchObject({
        shipping_option_id: fx.deliveryOptions.courier,
        data: expect.objectContaining({ delivery_method: "courier", address: "Львів, пл. Ринок, 1, кв. 2" }),
      })
      const [payment] = order.payment_collections[0].payments
      expect(payment).toMatchObject({ provider_id: ON_DELIVERY_PROVIDER, amount: 1234.56, captured_at: null })
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({
        checkout_order_id: bankOrderId,
        status: "completed",
        general_status: "payment_on_delivery",
      })

      const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      expect(captured.status).toBe(200)
      expect(captured.data.payment.captured_at).not.toBeNull()
    })

    it("an order paid on the checkout page, then cancelled by the owner: the money stays with the bank (the checkout API gives nothing back), the payment still shows it, and Needs attention names the order with how to refund it", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { redirectUrl } = await sendToCheckout(cart.id)
      await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()
      const { order } = await eventually(() => orderOfCart(getContainer(), cart.id), (found) => found.count === 1)
      expect(order.payment_collections[0].payments[0]).toMatchObject({ provider_id: CARD_PROVIDER, captured_at: expect.anything() })

      const cancelled = await api.post(`/admin/orders/${order.id}/cancel`, {}, fx.admin).catch((error: any) => error.response)
      expect(cancelled.status).toBe(200)
      const rows = (await api.get("/admin/monobank/needs-attention", fx.admin)).data.rows.filter((row: any) => row.medusa_order_id === order.id)
      expect(rows).toEqual([expect.objectContaining({ kind: "cancelled_checkout_payment", happened: expect.stringMatching(/1234\.56 UAH/) })])
      expect(rows[0].action.label).toMatch(/business cabinet/)
    })

    it("installments + pickup: the approved installment purchase is recorded as a captured monobank-installments payment without a second bank order", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { redirectUrl } = await sendToCheckout(cart.id)
      await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "part_purchase" })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order.shipping_methods[0]).toMatchObject({ shipping_option_id: fx.deliveryOptions.pickup, amount: 0 })
      expect(order.shipping_address).toMatchObject({ first_name: SHOPPER.first_name, phone: SHOPPER.phoneNumber, country_code: "ua" })
      const [payment] = order.payment_collections[0].payments
      expect(payment).toMatchObject({ provider_id: INSTALLMENTS_PROVIDER, amount: 1234.56, captured_at: expect.anything() })
      expect(payment.data.monobank_checkout).toMatchObject({ payment_method: "part_purchase", payment: "captured" })
      const installmentCalls = (await env.emulator.control.calls()).filter((c) => c.path.startsWith("/api/order/"))
      expect(installmentCalls).toEqual([])
    })

    it("a paid order whose callbacks were all lost and whose shopper never came back becomes an order on the scheduled sync", async () => {
      await clearOfScheduledCheckoutSync()
      const cart = await createCheckoutCart(api, fx)
      const { redirectUrl } = await sendToCheckout(cart.id)
      const abandoned = await createCheckoutCart(api, fx)
      await sendToCheckout(abandoned.id)

      await env.emulator.control.setWebhookMode("drop")
      await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(0)

      const summary = await syncMonobankCheckoutOrdersJob(getContainer())
      expect(summary).toMatchObject({ checked: 2, synced: 2 })
      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order.payment_collections[0].payments[0]).toMatchObject({ provider_id: CARD_PROVIDER, captured_at: expect.anything() })
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", order: { id: order.id } })
      expect(await checkoutOrderOfCart(getContainer(), abandoned.id)).toMatchObject({ status: "awaiting_shopper", last_checked_at: expect.anything() })

      // The next run right after reads nothing: the completed order is settled, the abandoned one was just read.
      const bankReads = async () => (await env.emulator.control.calls()).filter((c) => c.method === "GET").length
      const readsBefore = await bankReads()
      expect(await syncMonobankCheckoutOrdersJob(getContainer())).toMatchObject({ checked: 0 })
      expect(await bankReads()).toBe(readsBefore)
    })

    it("when the bank cannot be read as the callback arrives, the callback is answered 503; its quick retry is not read again at once, and the follow-up read makes the order", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { bankOrderId } = await sendToCheckout(cart.id)
      // Every read of the order fails until the callback has been answered once.
      await env.emulator.control.injectFault({ method: "GET", path: `/personal/checkout/order/${bankOrderId}`, count: 6, kind: "500" })
      await env.emulator.control.completeCheckout(bankOrderId, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()

      const [callback] = await callbackBodies()
      expect(callback.attempts.map((attempt) => attempt.status)).toEqual([503, 200])
      const readsAfterCallbacks = (await env.emulator.control.calls()).filter((c) => c.method === "GET").length
      expect(readsAfterCallbacks).toBe(6)
      const checkout = await eventually(() => checkoutOrderOfCart(getContainer(), cart.id), (c) => c.status === "completed")
      expect(checkout).toMatchObject({ status: "completed" })
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
    })

    it("when the paid order cannot become a Medusa order (the cart changed meanwhile), every change is undone and the checkout order needs attention", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { redirectUrl } = await sendToCheckout(cart.id)
      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: fx.variantId, quantity: 1 }, fx.store)
      await submitCheckoutPage(redirectUrl, { delivery_method: "np_box", payment_method: "card", cityName: "Київ", branch_id: "7", branch_address: "Поштомат №7" })
      await env.emulator.control.flushWebhooks()

      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(0)
      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)
      expect(checkout).toMatchObject({ status: "needs_attention", general_status: "success" })
      expect(checkout.error).toMatch(/collected 1234\.56 UAH .* costs 2469\.12 UAH/)
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=completed_at,*shipping_methods,*payment_collection.payment_sessions`,
        fx.store
      )
      expect(data.cart).toMatchObject({ completed_at: null, shipping_methods: [] })
      expect(data.cart.payment_collection?.payment_sessions ?? []).toEqual([])

      const { data: status } = await api.get(`/store/monobank/checkout/${cart.id}`, fx.store)
      expect(status.checkout).toMatchObject({ status: "needs_attention", medusa_order_id: null, error: expect.any(String) })
    })

    it("a cart already completed with a card payment in the storefront is not made into a second order when its checkout order is paid too", async () => {
      const cart = await createReadyCart(api, fx)
      // Delivery is chosen on the bank's page: the storefront's shipping (70 UAH) is not asked for.
      const { redirectUrl, bankOrderId } = await sendToCheckout(cart.id)
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({ amount: 1234.56 })

      await env.emulator.control.setWebhookMode("drop")
      const { session } = await startPaymentSession(api, fx, cart.id, CARD_PROVIDER)
      await env.emulator.control.payInvoice(session.data.invoiceId)
      const completed = await completeCart(api, fx, cart.id)
      expect(completed.data.type).toBe("order")

      await env.emulator.control.setWebhookMode("deliver")
      await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()

      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)
      expect(checkout).toMatchObject({ status: "needs_attention", general_status: "success" })
      expect(checkout.order).toBeFalsy()
      expect(checkout.error).toMatch(new RegExp(`already completed as order ${completed.data.order.id} with another payment`))
    })

    it("a callback sent three times at once still makes exactly one order, and forged callbacks for other carts make none", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { bankOrderId } = await sendToCheckout(cart.id)
      const other = await createCheckoutCart(api, fx)
      const { bankOrderId: otherBankOrderId } = await sendToCheckout(other.id)
      const neverSent = await createCheckoutCart(api, fx)

      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.completeCheckout(bankOrderId, {
        delivery_method: "pickup",
        payment_method: "card",
        client: { first_name: SHOPPER.first_name, last_name: SHOPPER.last_name, phoneNumber: SHOPPER.phoneNumber, email: SHOPPER.email },
      })
      const [held] = await callbackBodies()
      const [, , replay] = await Promise.all([
        env.emulator.control.releaseWebhooks({ duplicate: true }),
        postCallback(held.body),
        postCallback(held.body),
      ])
      expect(replay.status).toBe(200)
      const deliveries = await callbackBodies()
      expect(deliveries.flatMap((d) => d.attempts.map((a) => a.status))).toEqual([200, 200])

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order.payment_collections.flatMap((pc: any) => pc.payments)).toHaveLength(1)

      // Forged: the paid order's body, claiming to be about the other carts.
      const paid = JSON.parse(held.body)
      for (const forged of [
        { ...paid, basket_id: other.id, orderId: otherBankOrderId },
        { ...paid, basket_id: other.id },
        { ...paid, basket_id: neverSent.id, orderId: "forged-order" },
      ]) {
        expect((await postCallback(JSON.stringify(forged))).status).toBe(200)
      }
      expect((await orderOfCart(getContainer(), other.id)).count).toBe(0)
      expect((await orderOfCart(getContainer(), neverSent.id)).count).toBe(0)
      expect(await checkoutOrderOfCart(getContainer(), other.id)).toMatchObject({ status: "awaiting_shopper", general_status: "not_authorized" })
      expect(await checkoutOrderOfCart(getContainer(), neverSent.id)).toBeUndefined()
      const { data: otherCart } = await api.get(`/store/carts/${other.id}`, fx.store)
      expect(otherCart.cart.completed_at).toBeNull()
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)

      // The storefront's return page reads the same state.
      const { data: status } = await api.get(`/store/monobank/checkout/${cart.id}`, fx.store)
      expect(status.checkout).toMatchObject({ status: "completed", medusa_order_id: order.id, checkout_order_id: bankOrderId, general_status: "success" })
      expect(status.checkout).not.toHaveProperty("order_id")
      const { data: waiting } = await api.get(`/store/monobank/checkout/${other.id}`, fx.store)
      expect(waiting.checkout).toMatchObject({ status: "awaiting_shopper", medusa_order_id: null })
    })
  },
})
