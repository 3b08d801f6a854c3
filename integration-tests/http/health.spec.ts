import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../../src/modules/monobank-checkout"
import { createAdminHeaders } from "../helpers/admin"

jest.setTimeout(120_000)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describe("GET /admin/monobank/health", () => {
      it("is mounted by the plugin and reports each monobank API without revealing secrets", async () => {
        const admin = await createAdminHeaders(getContainer())
        const res = await api.get("/admin/monobank/health", admin)

        expect(res.status).toBe(200)
        expect(res.data.plugin.name).toBe("medusa-payment-monobank")
        expect(Object.keys(res.data.apis).sort()).toEqual(["acquiring", "checkout", "installments"])
        expect(JSON.stringify(res.data)).not.toMatch(/token|secret/i)
      })

      it("reports mono checkout as configured and counts the paid checkout orders that need the store owner's attention", async () => {
        const admin = await createAdminHeaders(getContainer())
        const before = await api.get("/admin/monobank/health", admin)
        expect(before.data.apis.checkout).toMatchObject({
          configured: true,
          needsAttention: 0,
          providers: expect.arrayContaining([
            expect.objectContaining({ id: "monobank-checkout_monobank-checkout", module: "fulfillment" }),
            expect.objectContaining({ id: "pp_monobank-on-delivery_monobank-on-delivery", module: "payment" }),
          ]),
        })

        const checkout = getContainer().resolve<MonobankCheckoutModuleService>(MONOBANK_CHECKOUT_MODULE)
        const row = (cart_id: string, status: "needs_attention" | "completed") => ({
          cart_id,
          checkout_order_id: `bank-${cart_id}`,
          redirect_url: "http://127.0.0.1:9/checkout/1",
          amount: 100,
          currency_code: "uah",
          status,
        })
        await checkout.createMonobankCheckoutOrders([row("cart_a", "needs_attention"), row("cart_b", "completed"), row("cart_c", "needs_attention")])
        const after = await api.get("/admin/monobank/health", admin)
        expect(after.data.apis.checkout.needsAttention).toBe(2)
      })

      it("refuses anonymous callers", async () => {
        const res = await api.get("/admin/monobank/health").catch((e: any) => e.response)
        expect(res.status).toBe(401)
      })
    })
  },
})
