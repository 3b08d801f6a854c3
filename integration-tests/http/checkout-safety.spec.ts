/**
 * Issue 10 (items 9-11): mono checkout under abuse and slowness. The unauthenticated callback
 * route cannot be used to spend the merchant token's rate limit, a sync that outlived its lock
 * never downgrades a completed checkout order, and the 0-priced mono checkout shipping options
 * cannot be used in the storefront's own checkout. Issue 11 (item 4): the bank refuses a repeated
 * order_ref, so a cart whose create had an unknown outcome goes to checkout with a fresh one.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BANK_READ_INTERVAL_MS } from "../../src/workflows/checkout/sync-safely"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart } from "../helpers/store-fixtures"
import {
  CALLBACK_PATH,
  CHECKOUT_FULFILLMENT_PROVIDER,
  checkoutOrderOfCart,
  createCheckoutCart,
  eventually,
  orderOfCart,
  SHOPPER,
  startCheckout,
  seedCheckoutStore,
  submitCheckoutPage,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(240_000)

const env = useMonobankTestEnvironment()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
    })

    async function sendToCheckout(cartId: string) {
      const res = await startCheckout(api, fx, { cart_id: cartId })
      expect(res.status).toBe(200)
      return res.data.redirect_url.split("/").pop() as string
    }

    async function bankReadsOf(bankOrderId: string) {
      const calls = await env.emulator.control.calls()
      return calls.filter((c) => c.method === "GET" && c.path === `/personal/checkout/order/${bankOrderId}`).length
    }

    async function heldCallbackBody() {
      const [held] = (await env.emulator.control.deliveries()).filter((d) => d.kind === "checkout")
      return held.body
    }

    function postCallback(body: string) {
      return fetch(`${env.storeUrl}${CALLBACK_PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body })
    }

    it("200 callbacks for one cart within 2 s cost at most a handful of bank reads, are all answered, and the paid order is placed once", async () => {
      const cart = await createCheckoutCart(api, fx)
      const bankOrderId = await sendToCheckout(cart.id)
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.completeCheckout(bankOrderId, {
        delivery_method: "pickup",
        payment_method: "card",
        client: { first_name: SHOPPER.first_name, last_name: SHOPPER.last_name, phoneNumber: SHOPPER.phoneNumber, email: SHOPPER.email },
      })
      const body = await heldCallbackBody()
      expect(await bankReadsOf(bankOrderId)).toBe(0)

      const burstStart = Date.now()
      const answers: Promise<Response>[] = []
      for (let round = 0; round < 10; round++) {
        for (let i = 0; i < 20; i++) answers.push(postCallback(body))
        await sleep(200)
      }
      const statuses = (await Promise.all(answers)).map((res) => res.status)
      const burstMs = Date.now() - burstStart
      expect(statuses.filter((status) => status !== 200)).toEqual([])

      await eventually(() => checkoutOrderOfCart(getContainer(), cart.id), (c) => c.status === "completed")
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
      // Whatever follow-up read a coalesced callback asked for has happened by now.
      await sleep(6_000)
      // One read per 5 s interval while the server was still answering the burst (on a loaded
      // machine that outlasts the 2 s of sending), plus one follow-up read.
      const reads = await bankReadsOf(bankOrderId)
      expect(reads).toBeLessThanOrEqual(Math.ceil(burstMs / BANK_READ_INTERVAL_MS) + 1)
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed" })
    })

    it("a sync whose slow bank read outlived its lock never downgrades the checkout order another sync completed meanwhile", async () => {
      const cart = await createCheckoutCart(api, fx)
      const bankOrderId = await sendToCheckout(cart.id)
      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)

      // Every status the row ever takes, in order, written by the database itself.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`CREATE TABLE IF NOT EXISTS test_checkout_status_log (seq serial primary key, id text, status text)`)
      await pg.raw(`
        CREATE OR REPLACE FUNCTION test_log_checkout_status() RETURNS trigger AS $$
        BEGIN INSERT INTO test_checkout_status_log (id, status) VALUES (NEW.id, NEW.status); RETURN NEW; END $$ LANGUAGE plpgsql`)
      await pg.raw(`DROP TRIGGER IF EXISTS test_log_checkout_status ON monobank_checkout_order`)
      await pg.raw(`CREATE TRIGGER test_log_checkout_status AFTER UPDATE ON monobank_checkout_order FOR EACH ROW EXECUTE FUNCTION test_log_checkout_status()`)

      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.completeCheckout(bankOrderId, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.injectFault({ method: "GET", path: `/personal/checkout/order/${bankOrderId}`, count: 1, kind: "slow", delayMs: 9_000 })

      // A: the return page's status request; its bank read hangs while it holds the cart lock.
      const started = Date.now()
      const slow = api.get(`/store/monobank/checkout/${cart.id}`, fx.store).catch((error: any) => error.response)
      await sleep(1_500)
      // The lock runs out while A still waits for the bank (what a too short lock does).
      await getContainer().resolve(Modules.LOCKING).release(cart.id)
      await sleep(Math.max(0, 6_000 - (Date.now() - started)))

      // B: the bank's callback, read fast, places the order.
      await env.emulator.control.releaseWebhooks()
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed" })
      await slow
      await env.emulator.control.flushWebhooks()
      await sleep(1_000)

      const { rows } = await pg.raw(`SELECT status FROM test_checkout_status_log WHERE id = ? ORDER BY seq`, [checkout.id])
      const statuses = rows.map((row: { status: string }) => row.status)
      const firstCompleted = statuses.indexOf("completed")
      expect(firstCompleted).toBeGreaterThanOrEqual(0)
      expect(statuses.slice(firstCompleted).filter((status: string) => status !== "completed")).toEqual([])
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", error: null })
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
      await pg.raw(`DROP TRIGGER IF EXISTS test_log_checkout_status ON monobank_checkout_order`)
    })

    it("refuses a mono checkout shipping option in the storefront's own checkout, even when the store forgot to hide it, and mono checkout still uses it", async () => {
      // The store owner forgot "enabled in store: off" on these two.
      const visible: Record<string, string> = {}
      for (const method of ["pickup", "courier"]) {
        const { data } = await api.post(
          "/admin/shipping-options",
          {
            name: `Visible mono checkout: ${method}`,
            service_zone_id: fx.serviceZoneId,
            shipping_profile_id: fx.shippingProfileId,
            provider_id: CHECKOUT_FULFILLMENT_PROVIDER,
            price_type: "calculated",
            data: { id: method },
            type: { label: method, description: method, code: `visible-${method}` },
            prices: [],
            rules: [],
          },
          fx.admin
        )
        visible[method] = data.shipping_option.id
      }

      const cart = await createReadyCart(api, fx)
      const forged = [
        { option_id: visible.pickup, data: { delivery_method: "pickup" } },
        {
          option_id: visible.courier,
          data: { delivery_method: "courier", address: "Київ, вул. Хрещатик, 1", city: { name: "Київ", ref: "8d5a980d-391c-11dd-90d9-001a92567626" }, checkout_order_id: "x" },
        },
      ]
      for (const body of forged) {
        const res = await api.post(`/store/carts/${cart.id}/shipping-methods`, body, fx.store).catch((error: any) => error.response)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/only on the mono checkout page/)
      }
      const { data } = await api.get(`/store/carts/${cart.id}?fields=*shipping_methods`, fx.store)
      expect(data.cart.shipping_methods.map((m: { shipping_option_id: string }) => m.shipping_option_id)).toEqual([fx.shippingOptionId])

      // The mono checkout flow still puts its shipping option on the order.
      const checkoutCart = await createCheckoutCart(api, fx)
      const res = await startCheckout(api, fx, { cart_id: checkoutCart.id })
      await submitCheckoutPage(res.data.redirect_url, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()
      const { count, order } = await orderOfCart(getContainer(), checkoutCart.id)
      expect(count).toBe(1)
      expect(order.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: fx.deliveryOptions.pickup, amount: 0 })])
    })

    it("after a create whose outcome is unknown, the cart still goes to mono checkout with a fresh order_ref, and a late callback of the abandoned attempt is recognised", async () => {
      const cart = await createCheckoutCart(api, fx)
      // The bank makes the order, but its answer never arrives.
      await env.emulator.control.injectFault({ method: "POST", path: "/personal/checkout/order", count: 1, kind: "reset", afterProcessing: true })
      const lost = await startCheckout(api, fx, { cart_id: cart.id })
      expect(lost.status).toBeGreaterThanOrEqual(400)
      const abandoned = await env.emulator.control.getCheckoutOrderByRef(cart.id)

      const retried = await startCheckout(api, fx, { cart_id: cart.id })
      expect(retried.status).toBe(200)
      const bankOrderId = retried.data.redirect_url.split("/").pop()
      expect(bankOrderId).not.toBe(abandoned.orderId)
      const fresh = await env.emulator.control.getCheckoutOrder(bankOrderId)
      expect(fresh.order_ref).not.toBe(cart.id)
      expect(fresh.order_ref.startsWith(cart.id)).toBe(true)
      // Asking again answers the same page: no third bank order.
      expect((await startCheckout(api, fx, { cart_id: cart.id })).data).toEqual({ redirect_url: retried.data.redirect_url })
      const creates = (await env.emulator.control.calls()).filter((c) => c.method === "POST" && c.path === "/personal/checkout/order")
      expect(creates).toHaveLength(2)

      // A late callback about the abandoned attempt is this cart's: answered 200, nothing placed from it.
      const late = await postCallback(JSON.stringify({ orderId: abandoned.orderId, basket_id: cart.id, generalStatus: "not_authorized" }))
      expect(late.status).toBe(200)
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ checkout_order_id: bankOrderId, status: "awaiting_shopper" })

      await submitCheckoutPage(retried.data.redirect_url, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()
      const checkout = await eventually(() => checkoutOrderOfCart(getContainer(), cart.id), (c) => c.status === "completed")
      expect(checkout).toMatchObject({ status: "completed", checkout_order_id: bankOrderId })
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
    })
  },
})
