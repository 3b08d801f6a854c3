/**
 * Issue 30 (part 2): promo codes in mono checkout. The bank's checkout page asks the store whether
 * a code applies; the store answers from Medusa's promotions for that cart, and the paid order is
 * placed with the promotion applied, so that Medusa's total, discount and shipping price are the
 * bank's to the kopeck.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { toBankMinorUnits } from "../../src/utils/medusa-money"
import { createAdminHeaders } from "../helpers/admin"
import { SHIPPING_ADDRESS } from "../helpers/store-fixtures"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  checkoutOrderOfCart,
  createCheckoutCart,
  checkoutPageOf,
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
const BRANCH = { cityName: "Київ", branch_id: "25", branch_address: "Київ, вул. Хрещатик, 22" }
const DAY_MS = 24 * 60 * 60 * 1000
/** The plugin's one rounding rule, as the bank is paid. */
const kopecks = (amount: number) => toBankMinorUnits(amount, "uah")

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    async function promotion(code: string, extra: Record<string, unknown> = {}) {
      const res = await api
        .post(
          "/admin/promotions",
          {
            code,
            type: "standard",
            status: "active",
            is_automatic: false,
            application_method: { type: "percentage", target_type: "items", allocation: "across", value: 10 },
            ...extra,
          },
          fx.admin
        )
        .catch((error: any) => error.response)
      expect(res.status).toBe(200)
      return res.data.promotion as { id: string; code: string }
    }

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
      await priceDeliveryOption(api, fx.admin, fx.deliveryOptions.np_brnm, 60)
      await promotion("SPRING10")
      await env.emulator.control.setCheckoutDeliveryPriceUrl(`${env.storeUrl}/hooks/monobank/checkout/delivery-prices`)
      await env.emulator.control.setCheckoutPromoCodeUrl(`${env.storeUrl}/hooks/monobank/checkout/promo-codes`)
    })

    /** The shopper types a code into the page's promo field and presses "Apply code". */
    async function applyOnPage(redirectUrl: string, code: string) {
      const res = await fetch(redirectUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "apply_promo", promo_code: code, phoneNumber: SHOPPER.phoneNumber }).toString(),
      })
      return { status: res.status, html: await res.text() }
    }

    it("a code and a paid delivery on the bank's page: the Medusa order has the bank's total, discount and shipping price to the kopeck", async () => {
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)

      const applied = await applyOnPage(redirectUrl, "SPRING10")
      expect(applied.status).toBe(200)
      // 10 % of 1234.56 is 123.456: the order costs 1111.10, so the code takes off 123.46.
      expect(applied.html).toContain("Promo code SPRING10: −123.46 UAH")
      expect(applied.html).toContain('data-testid="amount">1111.1 UAH')

      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH, promo_code: "SPRING10" })
      const bank = await env.emulator.control.getCheckoutOrder(redirectUrl.split("/").pop()!)
      expect(bank.record.amount).toBe(1171.1)
      expect(bank).toMatchObject({ promo: { code: "SPRING10", discount: 123.46 }, deliveryPrice: 60 })

      const order = await orderPlacedFor(getContainer(), env.emulator.control, cart.id)
      expect(kopecks(order.total)).toBe(kopecks(bank.record.amount))
      expect(kopecks(order.discount_total)).toBe(kopecks(bank.promo!.discount))
      expect(order.shipping_total).toBe(bank.deliveryPrice)
      expect(order.items.flatMap((item: any) => item.adjustments.map((adjustment: any) => adjustment.code))).toEqual(["SPRING10"])
      const [payment] = order.payment_collections.flatMap((collection: any) => collection.payments)
      expect(kopecks(payment.amount)).toBe(kopecks(bank.record.amount))
      expect(await checkoutOrderOfCart(getContainer(), cart.id)).toMatchObject({ status: "completed", promo_quotes: { SPRING10: "123.46" } })
    })

    it("an unknown, an expired and a used-up code are refused on the page, and the shopper still pays without one", async () => {
      const { data } = await api.post(
        "/admin/campaigns",
        { name: "Winter", campaign_identifier: "winter", starts_at: new Date(Date.now() - 30 * DAY_MS), ends_at: new Date(Date.now() - DAY_MS) },
        fx.admin
      )
      await promotion("WINTER", { campaign_id: data.campaign.id })
      const once = await promotion("ONCE", { limit: 1 })
      // Another order used it already.
      await getContainer().resolve(Modules.PROMOTION).registerUsage(
        [{ action: "addItemAdjustment", code: once.code, item_id: "item_elsewhere", amount: 10 } as any],
        { customer_id: null, customer_email: "someone@example.test" } as any
      )

      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      for (const [code, reason] of [
        ["NOPE", "NOPE is not a valid promo code for this order"],
        ["WINTER", "WINTER is not a valid promo code for this order"],
        ["ONCE", "ONCE has been used up"],
      ]) {
        const refused = await applyOnPage(redirectUrl, code)
        expect(refused.status).toBe(400)
        expect(refused.html).toContain(reason)
      }

      await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "card" })
      const order = await orderPlacedFor(getContainer(), env.emulator.control, cart.id)
      expect([order.total, order.discount_total]).toEqual([1234.56, 0])
      expect((await checkoutOrderOfCart(getContainer(), cart.id)).promo_quotes).toBeNull()
    })

    it("a code accepted on the page but cleared before paying is not applied to the order", async () => {
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      expect((await applyOnPage(redirectUrl, "SPRING10")).status).toBe(200)

      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH, promo_code: "" })
      const order = await orderPlacedFor(getContainer(), env.emulator.control, cart.id)
      expect([order.total, order.discount_total, order.shipping_total]).toEqual([1294.56, 0, 60])
    })

    /** A code taking a fixed sum off the goods (UAH). */
    const fixedOff = (value: number) => ({ application_method: { type: "fixed", target_type: "items", allocation: "across", value, currency_code: "uah" } })

    async function promotionUse(code: string) {
      const [found] = await getContainer().resolve(Modules.PROMOTION).listPromotions({ code }, { select: ["id", "used"] })
      return found.used
    }

    /** Waits for the bank's callbacks to make an order of the cart or leave it in needs attention. */
    async function settledCheckout(cartId: string) {
      await env.emulator.control.flushWebhooks()
      return eventually(() => checkoutOrderOfCart(getContainer(), cartId), (record) => record.status === "completed" || record.status === "needs_attention")
    }

    it("a limit-1 code whose discount equals the delivery price: the paid order has the code applied and its use counted once", async () => {
      await promotion("SAME60", { limit: 1, ...fixedOff(60) })
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      expect((await applyOnPage(redirectUrl, "SAME60")).status).toBe(200)
      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH, promo_code: "SAME60" })
      const bank = await env.emulator.control.getCheckoutOrder(redirectUrl.split("/").pop()!)
      // 60 off and 60 for delivery: the bank collects the goods' price, as it would with no code and free delivery.
      expect(bank.record.amount).toBe(1234.56)

      const record = await settledCheckout(cart.id)
      expect(record.status).toBe("completed")
      const { order } = await orderOfCart(getContainer(), cart.id)
      expect(order.items.flatMap((item: any) => item.adjustments.map((adjustment: any) => adjustment.code))).toEqual(["SAME60"])
      expect([order.total, order.discount_total, order.shipping_total]).toEqual([1234.56, 60, 60])
      expect(await promotionUse("SAME60")).toBe(1)
    })

    it("two accepted codes with the same discount: the paid order is not placed with a guessed code but flagged in needs attention", async () => {
      await promotion("FIRST50", fixedOff(50))
      await promotion("OTHER50", fixedOff(50))
      const cart = await createCheckoutCart(api, fx)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)
      expect((await applyOnPage(redirectUrl, "FIRST50")).status).toBe(200)
      expect((await applyOnPage(redirectUrl, "OTHER50")).status).toBe(200)
      await submitCheckoutPage(redirectUrl, { delivery_method: "np_brnm", payment_method: "card", ...BRANCH, promo_code: "OTHER50" })

      const record = await settledCheckout(cart.id)
      expect(record.status).toBe("needs_attention")
      expect(record.error).toMatch(/FIRST50.*OTHER50|OTHER50.*FIRST50/)
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(0)
      expect([await promotionUse("FIRST50"), await promotionUse("OTHER50")]).toEqual([0, 0])
    })

    it("a cart with an automatic promotion and tax: the promo total quoted to the bank's page is the Medusa order's total", async () => {
      await api.post("/admin/tax-regions", { country_code: "ua", provider_id: "tp_system", default_tax_rate: { rate: 20, name: "ПДВ", code: "VAT" } }, fx.admin)
      await promotion("AUTO5", { is_automatic: true, code: "AUTO5", application_method: { type: "percentage", target_type: "items", allocation: "across", value: 5 } })
      const { data } = await api.post(
        "/store/carts",
        { region_id: fx.regionId, sales_channel_id: fx.salesChannelId, shipping_address: SHIPPING_ADDRESS, items: [{ variant_id: fx.variantId, quantity: 1 }] },
        fx.store
      )
      const cart = data.cart as { id: string; total: number; tax_total: number; discount_total: number }
      expect(cart.tax_total).toBeGreaterThan(0)
      expect(cart.discount_total).toBeGreaterThan(0)
      const redirectUrl = await checkoutPageOf(api, fx, cart.id)

      const asked = await fetch(`${env.storeUrl}/hooks/monobank/checkout/promo-codes?${new URLSearchParams({ basket_id: cart.id, promo_code: "SPRING10" })}`)
      const quote = (await asked.json()) as { success: boolean; data: { total_amount: number } }
      expect(quote.success).toBe(true)
      expect((await applyOnPage(redirectUrl, "SPRING10")).status).toBe(200)
      await submitCheckoutPage(redirectUrl, { delivery_method: "pickup", payment_method: "card", promo_code: "SPRING10" })

      const record = await settledCheckout(cart.id)
      expect([record.status, record.error]).toEqual(["completed", null])
      const { order } = await orderOfCart(getContainer(), cart.id)
      expect(kopecks(order.total)).toBe(kopecks(quote.data.total_amount))
      expect(order.items.flatMap((item: any) => item.adjustments.map((adjustment: any) => adjustment.code)).sort()).toEqual(["AUTO5", "SPRING10"])
    })
  },
})
