/**
 * Issue "Money by construction", defect 15.3: a mono checkout order is a hryvnia order (ccy 980).
 * A cart moved to a euro region after it was sent to the bank is never turned into an order from
 * the bank's hryvnia record, even when its total reads the same number: the store owner is told
 * (needs attention) and no order is made. (A cart already in euro is refused before the bank is
 * asked: see checkout-route.spec.ts.)
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  checkoutOrderOfCart,
  createCheckoutCart,
  createEuroRegion,
  eventually,
  orderOfCart,
  seedCheckoutStore,
  startCheckout,
  submitCheckoutPage,
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

    it("a cart moved to a euro region while the shopper pays in hryvnia on the checkout page becomes no order and needs attention", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { data } = await startCheckout(api, fx, { cart_id: cart.id })
      const bankOrderId: string = data.redirect_url.split("/").pop()

      const euroRegion = await createEuroRegion(api, fx)
      const { data: moved } = await api.post(`/store/carts/${cart.id}?fields=currency_code,total`, { region_id: euroRegion }, fx.store)
      expect(moved.cart).toMatchObject({ currency_code: "eur", total: cart.total })

      await submitCheckoutPage(data.redirect_url, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()
      expect(await env.emulator.control.getCheckoutOrder(bankOrderId)).toMatchObject({ status: "paid", record: { ccy: 980 } })

      // A callback coming within seconds of the last bank read is followed up once that interval is over.
      const checkout = await eventually(() => checkoutOrderOfCart(getContainer(), cart.id), (found) => found.status !== "awaiting_shopper")
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(0)
      expect(checkout).toMatchObject({ status: "needs_attention", general_status: "success" })
      expect(checkout.error).toMatch(new RegExp(`checkout order ${bankOrderId} was paid in UAH, but cart ${cart.id} is in EUR`))

      const { data: attention } = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(attention.rows).toEqual([
        expect.objectContaining({ kind: "checkout_order", id: checkout.id, medusa_order_id: null, happened: expect.stringContaining("is in EUR") }),
      ])

      // The storefront asking again is refused too, before the bank is asked.
      const again = await startCheckout(api, fx, { cart_id: cart.id })
      expect(again.status).toBe(400)
      expect(again.data.message).toMatch(/hryvnia only; cart .* is in EUR/)
      const creations = (await env.emulator.control.calls()).filter((c) => c.method === "POST" && c.path === "/personal/checkout/order")
      expect(creations).toHaveLength(1)
    })

    it("a cart moved to a euro region that covers Ukraine is not made an order in euro paid by the bank's hryvnia order", async () => {
      // The store owner moved Ukraine to a euro region; the hryvnia region keeps Poland.
      await api.post(`/admin/regions/${fx.regionId}`, { countries: ["pl"] }, fx.admin)
      const cart = await createCheckoutCart(api, fx)
      const { data } = await startCheckout(api, fx, { cart_id: cart.id })
      expect(data.redirect_url).toEqual(expect.any(String))
      const euroRegion = await createEuroRegion(api, fx, ["ua"])
      await api.post(`/store/carts/${cart.id}`, { region_id: euroRegion }, fx.store)

      await submitCheckoutPage(data.redirect_url, { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await orderOfCart(getContainer(), cart.id)
      expect({ count, currency_code: order?.currency_code }).toEqual({ count: 0, currency_code: undefined })
      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)
      expect(checkout).toMatchObject({ status: "needs_attention", general_status: "success" })
      expect(checkout.error).toMatch(/was paid in UAH, but cart .* is in EUR/)
    })
  },
})
