/**
 * Issue 11: mono checkout callbacks as the bank really sends them. They carry X-Sign (checked with
 * the checkout API's public key; this store requires it), and a paid order's record may come
 * without deliveryAddressInfo or a city reference: it is placed with what is there, not flagged.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  CALLBACK_PATH,
  checkoutOrderOfCart,
  createCheckoutCart,
  orderOfCart,
  seedCheckoutStore,
  startCheckout,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(120_000)

// Read by medusa-config.ts when the test server boots.
process.env.MONOBANK_CHECKOUT_REQUIRE_SIGNATURE = "true"

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
    })

    async function sendToCheckout() {
      const cart = await createCheckoutCart(api, fx)
      const res = await startCheckout(api, fx, { cart_id: cart.id })
      expect(res.status).toBe(200)
      return { cart, bankOrderId: (res.data.redirect_url as string).split("/").pop()! }
    }

    function postCallback(body: string, headers: Record<string, string> = {}) {
      return fetch(`${env.storeUrl}${CALLBACK_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      })
    }

    it("a paid courier order without deliveryAddressInfo nor city reference becomes an order with the street address; the signed callback is accepted", async () => {
      const { cart, bankOrderId } = await sendToCheckout()
      await env.emulator.control.completeCheckout(bankOrderId, {
        delivery_method: "courier",
        payment_method: "card",
        delivery: { address: "Київ, вул. Хрещатик, 1, кв. 5" },
        comment: "Подзвоніть перед доставкою",
      })
      await env.emulator.control.flushWebhooks()

      const [callback] = (await env.emulator.control.deliveries()).filter((d) => d.kind === "checkout")
      expect(callback.headers["X-Sign"]).toEqual(expect.any(String))
      expect(callback.attempts).toEqual([expect.objectContaining({ status: 200 })])

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect(count).toBe(1)
      expect(order.shipping_address).toMatchObject({ address_1: "Київ, вул. Хрещатик, 1, кв. 5", country_code: "ua" })
      expect(order.shipping_address.city ?? null).toBeNull()
      expect(order.shipping_methods[0].data).toMatchObject({ delivery_method: "courier", address: "Київ, вул. Хрещатик, 1, кв. 5" })
      expect(order.shipping_methods[0].data.city).toBeUndefined()
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", error: null })
    })

    it("refuses callbacks that are unsigned or whose X-Sign does not verify, and reads nothing from the bank", async () => {
      const { cart, bankOrderId } = await sendToCheckout()
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.completeCheckout(bankOrderId, { delivery_method: "pickup", payment_method: "card" })
      const [held] = (await env.emulator.control.deliveries()).filter((d) => d.kind === "checkout")
      const bankReadsBefore = (await env.emulator.control.calls()).filter((c) => c.path.includes(bankOrderId)).length

      const unsigned = await postCallback(held.body)
      expect(unsigned.status).toBe(401)
      // Refused: 401 when the key was just fetched; 503 (call again) while the cached key may not be
      // refetched yet, since the bank may have rotated it.
      const forged = await postCallback(held.body.replace(/}$/, ', "x": 1}'), { "x-sign": held.headers["X-Sign"] })
      expect([401, 503]).toContain(forged.status)
      const otherKey = await postCallback(held.body, { "x-sign": Buffer.from("not a signature").toString("base64") })
      expect([401, 503]).toContain(otherKey.status)

      expect((await env.emulator.control.calls()).filter((c) => c.path.includes(bankOrderId)).length).toBe(bankReadsBefore)
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(0)

      // the bank's own signed callback still goes through
      const genuine = await postCallback(held.body, { "x-sign": held.headers["X-Sign"] })
      expect(genuine.status).toBe(200)
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)
    })
  },
})
