import type { InvoiceStatusRecord } from "../../../lib/monobank"
import { applyStatus, readMonobankData, statusFacts, type MonobankData } from "../payment-data"
import { isStale, latestStored, needsBankConfirmation } from "../../../providers/monobank/webhook"
import { paymentMethodIdFor, walletIdFor } from "../../../providers/monobank/wallet"

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

describe("webhook ordering", () => {
  const stored = { ...base, status: "success" as const, modifiedDate: "2026-01-01T10:00:05.000Z" }

  it("a webhook older than the stored state is stale; an equal one (duplicate) is not", () => {
    expect(isStale(record({ status: "processing", modifiedDate: "2026-01-01T10:00:01.000Z" }), stored)).toBe(true)
    expect(isStale(record({ status: "success", modifiedDate: stored.modifiedDate }), stored)).toBe(false)
    expect(isStale(record({}), undefined)).toBe(false)
  })

  it("asks the bank when a webhook goes backwards or money went back", () => {
    expect(needsBankConfirmation(record({ status: "processing", modifiedDate: "2026-01-01T11:00:00.000Z" }), stored)).toBe(true)
    expect(needsBankConfirmation(record({ status: "reversed" }), undefined)).toBe(true)
    expect(needsBankConfirmation(record({ status: "hold" }), { ...base, status: "processing" })).toBe(false)
  })

  it("compares against the newest of session and payment data", () => {
    const latest = latestStored({
      sessionData: { ...base, status: "hold", modifiedDate: "2026-01-01T10:00:00.000Z" },
      paymentData: { ...base, status: "success", modifiedDate: "2026-01-01T10:05:00.000Z" },
    })
    expect(latest?.status).toBe("success")
  })
})

describe("wallet ids", () => {
  it("derives the same walletId for a customer every time, without revealing the customer id", () => {
    expect(walletIdFor("cus_01ABC")).toBe(walletIdFor("cus_01ABC"))
    expect(walletIdFor("cus_01ABC")).not.toBe(walletIdFor("cus_01ABD"))
    expect(walletIdFor("cus_01ABC")).not.toContain("cus_01ABC")
  })

  it("names a saved card without exposing its token", () => {
    const id = paymentMethodIdFor("token-123")
    expect(id).toMatch(/^mbcard_[\w-]{24}$/)
    expect(id).not.toContain("token-123")
  })
})
