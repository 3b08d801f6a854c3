/**
 * Issue #30, part 1: "from X ₴ × N payments" under a product's price comes from the plugin's public
 * store route: the numbers of payments the store offers, the monthly payment rounded up to the
 * kopeck, and no offer where the region has no installments or the price is outside the limits.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { DEBIT_PROVIDER } from "./acquiring-helpers"
import { INSTALLMENTS_PROVIDER } from "./installments-helpers"

jest.setTimeout(120_000)

useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [INSTALLMENTS_PROVIDER, DEBIT_PROVIDER] })
    })

    const prices = (query: Record<string, string>) =>
      api.get(`/store/monobank/installment-prices?${new URLSearchParams(query)}`, fx.store).catch((error: any) => error.response)

    it("a price in a region with installments: each number of payments the store offers, the monthly payment rounded up to the kopeck", async () => {
      const { status, data } = await prices({ region_id: fx.regionId, amount: "1000" })
      expect(status).toBe(200)
      expect(data.installments).toEqual({
        provider_id: INSTALLMENTS_PROVIDER,
        currency_code: "uah",
        parts: [3, 4, 6],
        min_total: null,
        max_total: null,
        payments: [
          { parts_count: 3, per_part: "333.34" },
          { parts_count: 4, per_part: "250.00" },
          { parts_count: 6, per_part: "166.67" },
        ],
      })
    })

    it("the store's saved limits and numbers of payments apply at once; a price outside the limits gets no offer", async () => {
      const saved = await api.post("/admin/monobank/settings/installments", { values: { minOrderTotal: "500", maxOrderTotal: "50000", allowedParts: [4, 10] } }, fx.admin)
      expect(saved.status).toBe(200)

      expect((await prices({ region_id: fx.regionId, amount: "1234.56" })).data.installments).toMatchObject({
        parts: [4, 10],
        min_total: "500",
        max_total: "50000",
        payments: [
          { parts_count: 4, per_part: "308.64" },
          { parts_count: 10, per_part: "123.46" },
        ],
      })
      expect((await prices({ region_id: fx.regionId, amount: "499.99" })).data).toEqual({ installments: null, reason: "Installments are offered for orders from 500 to 50000 UAH" })
      expect((await prices({ region_id: fx.regionId, amount: "50000.01" })).data.installments).toBeNull()
    })

    it("a region without the installments provider gets no offer", async () => {
      await api.post(`/admin/regions/${fx.regionId}`, { payment_providers: [DEBIT_PROVIDER] }, fx.admin)
      expect((await prices({ region_id: fx.regionId, amount: "1000" })).data).toEqual({ installments: null, reason: "This region does not offer installments" })
    })

    it("refuses a bad query naming the parameter, and an unknown region", async () => {
      const noAmount = await prices({ region_id: fx.regionId })
      expect(noAmount.status).toBe(400)
      expect(noAmount.data.message).toMatch(/amount is required/)
      const negative = await prices({ region_id: fx.regionId, amount: "-5" })
      expect(negative.status).toBe(400)
      expect(negative.data.message).toMatch(/amount must be a positive price/)
      const extra = await prices({ region_id: fx.regionId, amount: "10", parts: "4" })
      expect(extra.status).toBe(400)
      expect(extra.data.message).toMatch(/unknown parameter\(s\): parts/)
      const unknownRegion = await prices({ region_id: "reg_missing", amount: "10" })
      expect(unknownRegion.status).toBe(404)
    })
  },
})
