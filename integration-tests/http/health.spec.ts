import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
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

      it("refuses anonymous callers", async () => {
        const res = await api.get("/admin/monobank/health").catch((e: any) => e.response)
        expect(res.status).toBe(401)
      })
    })
  },
})
