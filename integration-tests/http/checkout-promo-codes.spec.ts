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
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  checkoutOrderOfCart,
  createCheckoutCart,
  checkoutPageOf,
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
  },
})
