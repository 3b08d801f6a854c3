/**
 * Issue 6: POST /store/monobank/checkout refuses what it cannot send to the bank, each with a clear
 * error, before any bank call; a cart changed after its checkout order was made is refused too.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { completeCart, createReadyCart } from "../helpers/store-fixtures"
import {
  createCheckoutCart,
  createEuroRegion,
  ON_DELIVERY_PROVIDER,
  seedCheckoutStore,
  startCheckout,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

type Api = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]["api"]
type Row = {
  name: string
  body: (api: Api, fx: CheckoutFixtures) => Promise<Record<string, unknown>>
  message: RegExp
}

const withCart = (extra: Record<string, unknown> = {}) => async (api: Api, fx: CheckoutFixtures) => ({
  cart_id: (await createCheckoutCart(api, fx)).id,
  ...extra,
})

const BAD_REQUESTS: Row[] = [
  { name: "no cart_id", body: async () => ({}), message: /cart_id is required/ },
  { name: "an unknown field", body: withCart({ amount: 1 }), message: /amount/ },
  { name: "a delivery method the bank does not know", body: withCart({ dlv_method_list: ["drone"] }), message: /dlv_method_list/ },
  {
    name: "an empty cart",
    body: async (api, fx) => {
      const { data } = await api.post("/store/carts", { region_id: fx.regionId, sales_channel_id: fx.salesChannelId }, fx.store)
      return { cart_id: data.cart.id }
    },
    message: /is empty/,
  },
  {
    name: "a cart not in hryvnia",
    body: async (api, fx) => {
      const { data: region } = await api.post("/admin/regions", { name: "Europe", currency_code: "eur", countries: ["de"] }, fx.admin)
      const { data } = await api.post("/store/carts", { region_id: region.region.id, sales_channel_id: fx.salesChannelId }, fx.store)
      return { cart_id: data.cart.id }
    },
    message: /hryvnia only.*EUR/,
  },
  {
    name: "installments offered with payments_number below 3",
    body: withCart({ payment_method_list: ["part_purchase"], payments_number: 2 }),
    message: /payments_number: this store allows 3 to 4 installment payments on mono checkout \(got 2\)/,
  },
  {
    name: "installments in more payments than the store allows (medusa-config: 4)",
    body: withCart({ payment_method_list: ["card", "part_purchase"], payments_number: 5 }),
    message: /payments_number: this store allows 3 to 4 installment payments on mono checkout \(got 5\)/,
  },
  {
    name: "installments offered with payments_number above 25",
    body: withCart({ payment_method_list: ["card", "part_purchase"], payments_number: 26 }),
    message: /payments_number: .*3 to 4.* \(got 26\)/,
  },
  {
    name: "more installment payments than the store allows, with the store's default methods",
    body: withCart({ payments_number: 12 }),
    message: /payments_number: this store allows 3 to 4 installment payments on mono checkout \(got 12\)/,
  },
  {
    name: "a cart with goods in a euro region",
    body: async (api, fx) => {
      const region = await createEuroRegion(api, fx)
      const { data } = await api.post(
        "/store/carts",
        { region_id: region, sales_channel_id: fx.salesChannelId, items: [{ variant_id: fx.variantId, quantity: 1 }] },
        fx.store
      )
      return { cart_id: data.cart.id }
    },
    message: /mono checkout takes hryvnia only; cart cart_\w+ is in EUR/,
  },
  {
    name: "a delivery method without a monobank-checkout shipping option",
    body: async (api, fx) => {
      await api.delete(`/admin/shipping-options/${fx.deliveryOptions.np_box}`, fx.admin)
      return withCart({ dlv_method_list: ["np_box"] })(api, fx)
    },
    message: /No mono checkout delivery method \(np_box\) has a shipping option/,
  },
]

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
    })

    async function checkoutCreations() {
      return (await env.emulator.control.calls()).filter((c) => c.method === "POST" && c.path === "/personal/checkout/order")
    }

    it.each(BAD_REQUESTS)("answers 400 for $name, without calling the bank", async ({ body, message }) => {
      const res = await startCheckout(api, fx, await body(api, fx))
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(message)
      expect(await checkoutCreations()).toEqual([])
    })

    it("bounds the storefront's payments_number by the installment setting saved in the admin, lower or higher than medusa-config's", async () => {
      const saveParts = (payments_number: number) =>
        api.post("/admin/monobank/settings/checkout", { values: { payments_number } }, fx.admin)
      const partsSentToBank = async (redirectUrl: string) =>
        (await env.emulator.control.getCheckoutOrder(redirectUrl.split("/").pop()!)).payments_number

      expect((await saveParts(3)).status).toBe(200)
      const refused = await startCheckout(api, fx, { cart_id: (await createCheckoutCart(api, fx)).id, payments_number: 4 })
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/payments_number: this store allows 3 to 3 installment payments on mono checkout \(got 4\)/)
      expect(await checkoutCreations()).toEqual([])

      expect((await saveParts(6)).status).toBe(200)
      const asked = await startCheckout(api, fx, { cart_id: (await createCheckoutCart(api, fx)).id, payments_number: 6 })
      expect(asked.status).toBe(200)
      expect(await partsSentToBank(asked.data.redirect_url)).toBe(6)
      const fewer = await startCheckout(api, fx, { cart_id: (await createCheckoutCart(api, fx)).id, payments_number: 3 })
      expect(await partsSentToBank(fewer.data.redirect_url)).toBe(3)
      const storeDefault = await startCheckout(api, fx, { cart_id: (await createCheckoutCart(api, fx)).id })
      expect(await partsSentToBank(storeDefault.data.redirect_url)).toBe(6)
    })

    it("answers 404 for an unknown cart", async () => {
      const res = await startCheckout(api, fx, { cart_id: "cart_does_not_exist" })
      expect(res.status).toBe(404)
      expect(res.data.message).toMatch(/Cart cart_does_not_exist was not found/)
    })

    it("answers 400 when the cart changed after its checkout order was made, and makes no second bank order", async () => {
      const cart = await createCheckoutCart(api, fx)
      const first = await startCheckout(api, fx, { cart_id: cart.id })
      expect(first.status).toBe(200)

      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: fx.variantId, quantity: 1 }, fx.store)
      const changed = await startCheckout(api, fx, { cart_id: cart.id })
      expect(changed.status).toBe(400)
      expect(changed.data.message).toMatch(/changed after its mono checkout order was made for 1234\.56 UAH \(now 2469\.12 UAH\)/)
      expect(await checkoutCreations()).toHaveLength(1)
    })

    it("refuses payment on delivery chosen in the storefront instead of on the checkout page, so no unpaid order is made", async () => {
      const cart = await createReadyCart(api, fx)
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, fx.store)
      const session = await api
        .post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: ON_DELIVERY_PROVIDER }, fx.store)
        .catch((error: any) => error.response)
      expect(session.status).toBe(400)
      expect(session.data.message).toMatch(/Payment on delivery is offered only on the mono checkout page/)

      const completed = await completeCart(api, fx, cart.id)
      expect(completed.data.type).not.toBe("order")
      const { data } = await api.get(`/store/carts/${cart.id}?fields=completed_at`, fx.store)
      expect(data.cart.completed_at).toBeNull()
    })

    it("answers 400 for a cart that is already an order", async () => {
      const cart = await createCheckoutCart(api, fx)
      const { data } = await startCheckout(api, fx, { cart_id: cart.id })
      await env.emulator.control.completeCheckout(data.redirect_url.split("/").pop(), { delivery_method: "pickup", payment_method: "card" })
      await env.emulator.control.flushWebhooks()

      const again = await startCheckout(api, fx, { cart_id: cart.id })
      expect(again.status).toBe(400)
      expect(again.data.message).toMatch(/already completed/)
    })
  },
})
