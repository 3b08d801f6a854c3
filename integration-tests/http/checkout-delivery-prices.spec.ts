/**
 * Issue 30 (part 3): delivery prices in mono checkout. The bank's checkout page asks the store what
 * delivery costs; the store answers with the Medusa prices of the shipping options it maps to each
 * delivery method (free above a threshold through a conditional price), the shopper pays goods and
 * delivery, and the Medusa order carries the same total and shipping price as the bank.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  checkoutOrderOfCart,
  createCheckoutCart,
  checkoutPageOf,
  createEuroRegion,
  eventually,
  orderOfCart,
  orderPlacedFor,
  priceDeliveryOption,
  SHOPPER,
  seedCheckoutStore,
  submitCheckoutPage,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()
const PRICES_PATH = "/hooks/monobank/checkout/delivery-prices"
const BRANCH = { cityName: "Київ", branch_id: "25", branch_address: "Київ, вул. Хрещатик, 22" }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    const priceOption = (optionId: string, amount: number, freeFrom?: number) => priceDeliveryOption(api, fx.admin, optionId, amount, freeFrom)

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
      await priceOption(fx.deliveryOptions.np_brnm, 60)
      await priceOption(fx.deliveryOptions.courier, 120, 2000)
      // pickup and np_box keep the provider's calculated price: 0.
      await env.emulator.control.setCheckoutDeliveryPriceUrl(`${env.storeUrl}${PRICES_PATH}`)
    })

    it("the page shows the store's price per method; the shopper pays goods and delivery; the Medusa order has the bank's total and the shipping price", async () => {
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)

      const html = await (await fetch(redirectUrl)).text()
      expect(html).toContain('data-testid="delivery-price-np_brnm">+ 60 UAH')
      expect(html).toContain('data-testid="delivery-price-courier">+ 120 UAH')
      expect(html).toContain('data-testid="delivery-price-pickup">+ 0 UAH')

      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH })
      const bankOrderId = redirectUrl.split("/").pop()!
      const bank = (await env.emulator.control.getCheckoutOrder(bankOrderId)).record
      expect(bank.amount).toBe(1294.56)

      const order = await orderPlacedFor(getContainer(), env.emulator.control, cart.id)
      expect(order.total).toBe(1294.56)
      expect(order.item_total).toBe(1234.56)
      expect(order.shipping_total).toBe(60)
      expect(order.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: fx.deliveryOptions.np_brnm, amount: 60 })])
      const payments = order.payment_collections.flatMap((collection: any) => collection.payments)
      expect(payments.map((payment: any) => payment.amount)).toEqual([1294.56])
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", delivery_quotes: expect.objectContaining({ np_brnm: "60.00" }) })
    })

    it("courier delivery is free from the store's item-total threshold and paid below it", async () => {
      const small = await createCheckoutCart(api, fx)
      const large = await createCheckoutCart(api, fx, { quantity: 2 })
      const smallUrl = await checkoutPageOf(api, fx, small.id)
      const largeUrl = await checkoutPageOf(api, fx, large.id)
      expect(await (await fetch(largeUrl)).text()).toContain('data-testid="delivery-price-courier">+ 0 UAH')

      for (const url of [smallUrl, largeUrl]) {
        await submitCheckoutPage(url, { delivery_method: "courier", payment_method: "card", cityName: "Київ", address: "вул. Велика Васильківська, 1, кв. 2" })
      }
      const paidSmall = await orderPlacedFor(getContainer(), env.emulator.control, small.id)
      const paidLarge = await orderPlacedFor(getContainer(), env.emulator.control, large.id)
      expect([paidSmall.total, paidSmall.shipping_total]).toEqual([1354.56, 120])
      expect([paidLarge.total, paidLarge.shipping_total]).toEqual([2469.12, 0])
    })

    it("a price changed after the shopper paid: the order keeps the price the bank's page was given", async () => {
      await env.emulator.control.setWebhookMode("hold")
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH })
      await priceOption(fx.deliveryOptions.np_brnm, 80)

      await env.emulator.control.setWebhookMode("deliver")
      await env.emulator.control.releaseWebhooks()
      const order = await orderPlacedFor(getContainer(), env.emulator.control, cart.id)
      expect([order.total, order.shipping_total]).toEqual([1294.56, 60])
    })

    it("answers for this store's checkout orders only, leaves out methods it does not price, and keeps only its own prices", async () => {
      const cart = await createCheckoutCart(api, fx)
      await checkoutPageOf(api, fx, cart.id)
      const ask = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${env.storeUrl}${PRICES_PATH}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })

      const priced = await ask({ orderRef: cart.id, phoneNumber: SHOPPER.phoneNumber, methods: ["np_brnm", "ukrposhta", "np_cargo"], city: "Київ" })
      expect(priced.status).toBe(200)
      expect(await priced.json()).toEqual({ deliveryPriceList: [{ method: "np_brnm", price: 60 }] })

      const unknown = await ask({ orderRef: "cart_nobody", methods: ["np_brnm"] })
      expect(unknown.status).toBe(404)
      expect(((await unknown.json()) as { deliveryPriceList: unknown[] }).deliveryPriceList).toEqual([])
      expect((await ask({ methods: ["np_brnm"] })).status).toBe(400)

      // What a caller sends is never kept: only the store's own price for the methods asked.
      const posing = await ask({ orderRef: cart.id, methods: ["np_brnm"], deliveryPriceList: [{ method: "np_brnm", price: 1 }] })
      expect(await posing.json()).toEqual({ deliveryPriceList: [{ method: "np_brnm", price: 60 }] })
      expect(((await checkoutOrderOfCart(getContainer(), cart.id)) as any).delivery_quotes).toEqual({ np_brnm: "60.00" })
    })

    /** What the shopper's browser sends when paying on a page it opened earlier (no fresh page load). */
    async function payOnOpenPage(redirectUrl: string, form: Record<string, string>) {
      const res = await fetch(redirectUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...SHOPPER, pan: "4242424242424242", exp: "12/30", cvv: "123", payment_method: "card", ...form }).toString(),
        redirect: "manual",
      })
      expect(res.status).toBe(303)
    }

    /** The order the callbacks make, or the needs-attention record they leave. */
    async function settled(cartId: string) {
      await env.emulator.control.flushWebhooks()
      const record = await eventually(() => checkoutOrderOfCart(getContainer(), cartId), (found) => found.status === "completed" || found.status === "needs_attention")
      return { record, order: (await orderOfCart(getContainer(), cartId)).order }
    }

    it("a quote made while the cart was grown past the free-delivery threshold is not what the paid order uses once the cart shrank back", async () => {
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      const { data: grown } = await api.get(`/store/carts/${cart.id}?fields=*items`, fx.store)
      const itemId = grown.cart.items[0].id
      await api.post(`/store/carts/${cart.id}/line-items/${itemId}`, { quantity: 2 }, fx.store)
      await fetch(redirectUrl) // the page asks the store what delivery costs for the grown cart
      await api.post(`/store/carts/${cart.id}/line-items/${itemId}`, { quantity: 1 }, fx.store)

      await payOnOpenPage(redirectUrl, { delivery_method: "courier", cityName: "Київ", address: "вул. Велика Васильківська, 1, кв. 2" })
      const { record, order } = await settled(cart.id)
      // Either the order costs what delivery costs for this cart, or the owner is told; never free delivery below the threshold.
      if (record.status === "completed") expect([order.total, order.shipping_total]).toEqual([1354.56, 120])
      else expect(order).toBeUndefined()
      expect(record.delivery_quotes?.courier).not.toBe("0.00")
    })

    it("a quote made while the cart was in a euro region is not priced as hryvnia for the paid order", async () => {
      const euroRegion = await createEuroRegion(api, fx)
      await api.post(
        `/admin/shipping-options/${fx.deliveryOptions.np_brnm}`,
        { price_type: "flat", prices: [{ currency_code: "uah", amount: 60 }, { currency_code: "eur", amount: 5 }] },
        fx.admin
      )
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      await api.post(`/store/carts/${cart.id}`, { region_id: euroRegion }, fx.store)
      await fetch(redirectUrl) // priced while the cart is in euro
      await api.post(`/store/carts/${cart.id}`, { region_id: fx.regionId }, fx.store)

      await payOnOpenPage(redirectUrl, { delivery_method: "np_brnm", ...BRANCH })
      const { record, order } = await settled(cart.id)
      if (record.status === "completed") expect([order.total, order.shipping_total]).toEqual([1294.56, 60])
      else expect(order).toBeUndefined()
      expect(record.delivery_quotes?.np_brnm).not.toBe("5.00")
    })

    it("once the bank holds the money, the delivery-prices route cannot change the quote the shopper paid", async () => {
      await env.emulator.control.setWebhookMode("hold")
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH })
      await priceOption(fx.deliveryOptions.np_brnm, 80)

      const late = await fetch(`${env.storeUrl}${PRICES_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderRef: cart.id, methods: ["np_brnm"] }),
      })
      expect(((await late.json()) as { deliveryPriceList: unknown[] }).deliveryPriceList).toEqual([])
      expect((await checkoutOrderOfCart(getContainer(), cart.id)).delivery_quotes.np_brnm).toBe("60.00")

      await env.emulator.control.setWebhookMode("deliver")
      await env.emulator.control.releaseWebhooks()
      const order = await orderPlacedFor(getContainer(), env.emulator.control, cart.id)
      expect([order.total, order.shipping_total]).toEqual([1294.56, 60])
    })
  },
})
