/**
 * Issue 27 (item 9): mono checkout delivery methods beyond the first four. The Nova Poshta cargo
 * branch (`np_cargo`) becomes an order like a carrier branch; a method the plugin does not know yet
 * still becomes an order, on a fallback shipping option, flagged for the store owner.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  CHECKOUT_FULFILLMENT_PROVIDER,
  checkoutOrderOfCart,
  createCheckoutCart,
  eventually,
  orderOfCart,
  SHOPPER,
  startCheckout,
  seedCheckoutStore,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures
    let cargoOptionId: string

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
      // The store owner adds the cargo branch the way the other methods were set up.
      const { data } = await api.post(
        "/admin/shipping-options",
        {
          name: "mono checkout: np_cargo",
          service_zone_id: fx.serviceZoneId,
          shipping_profile_id: fx.shippingProfileId,
          provider_id: CHECKOUT_FULFILLMENT_PROVIDER,
          price_type: "calculated",
          data: { id: "np_cargo" },
          type: { label: "np_cargo", description: "mono checkout np_cargo", code: "monobank-np_cargo" },
          prices: [],
          rules: [{ attribute: "enabled_in_store", operator: "eq", value: "false" }],
        },
        fx.admin
      )
      cargoOptionId = data.shipping_option.id
    })

    async function sendToCheckout(cartId: string) {
      const res = await startCheckout(api, fx, { cart_id: cartId })
      expect(res.status).toBe(200)
      return (res.data.redirect_url as string).split("/").pop()!
    }

    it("a cargo branch chosen on the checkout page becomes an order shipped to that branch", async () => {
      const cart = await createCheckoutCart(api, fx)
      const bankOrderId = await sendToCheckout(cart.id)
      expect((await env.emulator.control.getCheckoutOrder(bankOrderId)).dlv_method_list).toContain("np_cargo")

      await env.emulator.control.completeCheckout(bankOrderId, {
        delivery_method: "np_cargo",
        payment_method: "card",
        client: SHOPPER,
        delivery: { branch_id: "3", branch_address: "Київ, вул. Колекторна, 38", cityName: "Київ" },
      })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await eventually(() => orderOfCart(getContainer(), cart.id), (found) => found.count === 1)
      expect(count).toBe(1)
      expect(order.shipping_address).toMatchObject({ address_1: "Нова пошта: вантажне відділення №3", address_2: "Київ, вул. Колекторна, 38" })
      expect(order.shipping_methods).toEqual([
        expect.objectContaining({
          name: "Нова пошта: вантажне відділення №3 (mono checkout)",
          shipping_option_id: cargoOptionId,
          amount: 0,
          data: expect.objectContaining({ delivery_method: "np_cargo", branch_id: "3", branch_address: "Київ, вул. Колекторна, 38" }),
        }),
      ])
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", error: null })
      const { data } = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(data.rows.filter((row: any) => row.medusa_order_id === order.id)).toEqual([])
    })

    it("a delivery method the plugin does not know becomes an order on the pickup option, with the bank's words kept, and needs attention", async () => {
      const cart = await createCheckoutCart(api, fx)
      const bankOrderId = await sendToCheckout(cart.id)

      await env.emulator.control.completeCheckout(bankOrderId, {
        delivery_method: "pickup",
        bank_delivery_method: "ukrposhta",
        bank_delivery_method_desc: "Укрпошта, відділення",
        payment_method: "card",
        client: SHOPPER,
        delivery: { branch_id: "01001", branch_address: "Київ, вул. Хрещатик, 22", cityName: "Київ" },
      })
      await env.emulator.control.flushWebhooks()

      const { count, order } = await eventually(() => orderOfCart(getContainer(), cart.id), (found) => found.count === 1)
      expect(count).toBe(1)
      expect(order.shipping_address).toMatchObject({ address_1: "Укрпошта, відділення", address_2: "Київ, вул. Хрещатик, 22" })
      expect(order.shipping_methods).toEqual([
        expect.objectContaining({
          name: expect.stringContaining("Укрпошта, відділення"),
          shipping_option_id: fx.deliveryOptions.pickup,
          data: expect.objectContaining({ delivery_method: "pickup", bank_delivery_method: "ukrposhta", branch_id: "01001" }),
        }),
      ])
      expect(order.shipping_methods[0].name).toContain("ukrposhta")

      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)
      expect(checkout).toMatchObject({ status: "needs_attention", error: expect.stringContaining("ukrposhta") })
      const { data } = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(data.rows).toEqual([
        expect.objectContaining({
          kind: "checkout_order",
          id: checkout.id,
          medusa_order_id: order.id,
          happened: expect.stringContaining("ukrposhta"),
          action: expect.objectContaining({ resolve: "acknowledge" }),
        }),
      ])

      // A later callback or the reconcile reads the bank again: the flag stays, no second order.
      await api.post(`/admin/monobank/needs-attention/checkout_order/${checkout.id}/resolve`, { action: "sync" }, fx.admin).catch((e: any) => e.response)
      expect((await checkoutOrderOfCart(getContainer(), cart.id)).status).toBe("needs_attention")
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(1)

      // The store owner has looked at it: the row goes.
      const resolved = await api.post(`/admin/monobank/needs-attention/checkout_order/${checkout.id}/resolve`, { action: "acknowledge" }, fx.admin)
      expect(resolved.data).toMatchObject({ resolved: true })
      expect((await api.get("/admin/monobank/needs-attention", fx.admin)).data.rows).toEqual([])
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed" })
    })
  },
})
