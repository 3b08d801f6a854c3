import { MonobankApiError, type AcquiringClient } from "../../../../../lib/monobank"
import { hasReceipts, receiptFacts } from "../order-receipts"

const clientListing = (list: () => Promise<unknown>) => ({ listFiscalChecks: list }) as unknown as AcquiringClient

describe("receipts on the order facts", () => {
  it("labels the published check types and statuses and keeps unknown ones as the bank's text", async () => {
    const facts = await receiptFacts(
      clientListing(async () => [
        { id: "c1", type: "sale", status: "done", taxUrl: "https://tax.example.com/c?fn=1", fiscalizationSource: "monopay" },
        { id: "c2", type: "correction", status: "archived", statusDescription: "" },
        {},
      ]),
      "order_1",
      "inv/1"
    )
    expect(facts).toEqual({
      available: true,
      bank_receipt_url: "/admin/monobank/orders/order_1/receipt?invoice=inv%2F1",
      fiscal_checks: [
        { id: "c1", type: "sale", type_label: "Sale", status: "done", status_label: "Registered", status_description: null, tax_url: "https://tax.example.com/c?fn=1", source: "monopay" },
        { id: "c2", type: "correction", type_label: "correction", status: "archived", status_label: "archived", status_description: null, tax_url: null, source: null },
        { id: null, type: null, type_label: "Unknown", status: null, status_label: "Unknown", status_description: null, tax_url: null, source: null },
      ],
    })
  })

  it("says receipts are unavailable, with the bank's reason, when the bank fails", async () => {
    const failing = clientListing(async () => {
      throw new MonobankApiError({ kind: "http", status: 404, errCode: "NOT_FOUND", errText: "invoice not found", method: "GET", path: "/api/merchant/invoice/fiscal-checks" })
    })
    const facts = await receiptFacts(failing, "order_1", "inv1")
    expect(facts).toMatchObject({ available: false, fiscal_checks: [], bank_receipt_url: "/admin/monobank/orders/order_1/receipt?invoice=inv1" })
    expect(facts.reason).toMatch(/^Receipts unavailable: .*invoice not found/)
  })

  it("asks for receipts only for invoices the bank took money for", () => {
    expect(["created", "processing", "hold", "success", "failure", "reversed", "expired", "unknown", null].filter((s) => hasReceipts(s as string | null))).toEqual(["hold", "success", "reversed"])
  })
})
