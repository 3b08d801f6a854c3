import type { InvoiceStatusRecord } from "../../../lib/monobank"
import { applyStatus, readMonobankData, statusFacts, type MonobankData } from "../payment-data"

const base: MonobankData = { invoiceId: "inv1", amount: 1000, ccy: 980, paymentType: "hold", status: "created" }

function record(patch: Partial<InvoiceStatusRecord>): InvoiceStatusRecord {
  return { invoiceId: "inv1", status: "hold", amount: 1000, ccy: 980, modifiedDate: "2026-01-01T10:00:00.000Z", ...patch }
}

describe("payment data kept in Medusa", () => {
  it("never copies the card token or wallet data, only a masked PAN and whether the card was saved", () => {
    const facts = statusFacts(
      record({
        status: "success",
        paymentInfo: { maskedPan: "424242******4242", terminal: "T", paymentSystem: "visa", paymentMethod: "pan" },
        walletData: { cardToken: "secret-token", walletId: "w1", status: "created" },
      })
    )
    expect(JSON.stringify(facts)).not.toContain("secret-token")
    expect(facts).toMatchObject({ maskedPan: "424242******4242", cardSaved: true, status: "success" })
  })

  it("applies a newer status and keeps the reason of a failure only while it fails", () => {
    const failed = applyStatus(base, record({ status: "failure", failureReason: "Card declined", errCode: "59" }))
    expect(failed).toMatchObject({ status: "failure", failureReason: "Card declined", errCode: "59" })
    expect(applyStatus(failed, record({ status: "expired", modifiedDate: "2026-01-01T11:00:00.000Z" })).failureReason).toBeUndefined()
  })

  it("does not let an older status overwrite a newer one", () => {
    const held = applyStatus(base, record({ status: "hold", modifiedDate: "2026-01-01T10:00:01.000Z" }))
    expect(applyStatus(held, record({ status: "processing", modifiedDate: "2026-01-01T10:00:00.000Z" })).status).toBe("hold")
  })

  it("reads only data that has an invoice", () => {
    expect(readMonobankData({ session_id: "payses_1" })).toBeUndefined()
    expect(readMonobankData({ ...base, extra: 1 })).toMatchObject({ invoiceId: "inv1", extra: 1 })
  })
})
