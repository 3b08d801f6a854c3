/**
 * Receipts on the order widget: with the merchant's fiscalization on (emulator
 * `setFiscalization(true)`), a paid card order shows its sale check in
 * `GET /admin/monobank/orders/:id`, a partial refund adds a return check, and the bank's receipt
 * downloads as a PDF through the admin. A bank that fails on fiscal checks leaves the rest of the
 * facts standing and says the receipts are unavailable.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { adminOrders, checkoutWithMonobank, onlyPayment, webhooksHandled } from "./acquiring-helpers"

jest.setTimeout(120_000)

// Registers "monobank-fiscal" in medusa-config.ts: the provider with `fiscalBasket: true`, whose partial refunds carry receipt lines.
process.env.MONOBANK_FISCAL_BASKET = "true"
const FISCAL_PROVIDER = "pp_monobank_monobank-fiscal"

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [FISCAL_PROVIDER] })
      await env.emulator.control.setFiscalization(true)
    })

    async function paidOrder() {
      const { session } = await checkoutWithMonobank(api, fx, FISCAL_PROVIDER, { quantity: 3 })
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const [order] = await adminOrders(api, fx.admin)
      return { order, payment: onlyPayment(order), invoiceId: session.data.invoiceId as string }
    }

    const widget = async (orderId: string) => (await api.get(`/admin/monobank/orders/${orderId}`, fx.admin)).data
    const fiscalNumber = (url: string) => new URL(url).searchParams.get("fn")

    it("shows the sale check of a paid order, adds a return check after a partial refund, and downloads the bank's receipt as a PDF", async () => {
      const { order, payment, invoiceId } = await paidOrder()

      const paid = await widget(order.id)
      const [facts] = paid.payments
      expect(facts.bank_status).toBe("success")
      expect(facts.receipts).toMatchObject({ available: true, bank_receipt_url: `/admin/monobank/orders/${order.id}/receipt?invoice=${invoiceId}` })
      expect(facts.receipts.fiscal_checks).toEqual([
        expect.objectContaining({ id: `${invoiceId}-check-0`, type: "sale", type_label: "Sale", status: "done", status_label: "Registered", source: "monopay" }),
      ])
      const saleUrl = facts.receipts.fiscal_checks[0].tax_url
      expect(saleUrl).toMatch(/^https:\/\/tax\.example\.com\//)
      expect(fiscalNumber(saleUrl)).toMatch(/^\d{10}$/)

      const confirmed = webhooksHandled(getContainer(), 1)
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 1000 }, fx.admin)).status).toBe(200)
      await confirmed
      const refunded = (await widget(order.id)).payments[0].receipts.fiscal_checks
      expect(refunded.map((check: { type: string }) => check.type)).toEqual(["sale", "return"])
      expect(fiscalNumber(refunded[1].tax_url)).not.toBe(fiscalNumber(saleUrl))

      const pdf = await api.get(facts.receipts.bank_receipt_url, { ...fx.admin, responseType: "arraybuffer" })
      expect(pdf.status).toBe(200)
      expect(pdf.headers["content-type"]).toBe("application/pdf")
      expect(Buffer.from(pdf.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")
    })

    it("does not hand out a receipt of an invoice that is not this order's", async () => {
      const { order } = await paidOrder()
      const res = await api.get(`/admin/monobank/orders/${order.id}/receipt?invoice=someone-elses`, fx.admin).catch((e: any) => e.response)
      expect(res.status).toBe(404)
      // A missing or malformed invoice id is refused by name before anything is read.
      for (const query of ["", "?invoice=", "?invoice=..%2Fpubkey", `?invoice=x&extra=1`]) {
        const refused = await api.get(`/admin/monobank/orders/${order.id}/receipt${query}`, fx.admin).catch((e: any) => e.response)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/invoice|extra|Unrecognized/i)
      }
    })

    it("answers 200 with the rest of the facts and says receipts are unavailable when the bank fails on fiscal checks", async () => {
      const { order, invoiceId } = await paidOrder()
      await env.emulator.control.injectFault({ method: "GET", path: "/api/merchant/invoice/fiscal-checks", count: 10, kind: "500" })
      try {
        const res = await api.get(`/admin/monobank/orders/${order.id}`, fx.admin)
        expect(res.status).toBe(200)
        const [facts] = res.data.payments
        expect(facts).toMatchObject({ bank_status: "success", bank_id: { label: "Invoice", value: invoiceId } })
        expect(facts.stale_reason).toBeUndefined()
        expect(facts.receipts).toMatchObject({ available: false, fiscal_checks: [], reason: expect.stringMatching(/^Receipts unavailable/) })
      } finally {
        await env.emulator.control.clearFaults()
      }
    })
  },
})
