import type { InvoiceStatusRecord } from "../../../lib/monobank"
import type { MonobankData } from "../../../utils/acquiring/payment-data"
import { isStale, latestStored, needsBankConfirmation } from "../webhook"

const base: MonobankData = { invoiceId: "inv1", amount: 1000, ccy: 980, paymentType: "hold", status: "created" }

function record(patch: Partial<InvoiceStatusRecord>): InvoiceStatusRecord {
  return { invoiceId: "inv1", status: "hold", amount: 1000, ccy: 980, modifiedDate: "2026-01-01T10:00:00.000Z", ...patch }
}

describe("webhook ordering", () => {
  const stored = { ...base, status: "success" as const, modifiedDate: "2026-01-01T10:00:05.000Z" }

  it("a webhook older than the stored state is stale; an equal one (duplicate) is not", () => {
    expect(isStale(record({ status: "processing", modifiedDate: "2026-01-01T10:00:01.000Z" }), stored)).toBe(true)
    expect(isStale(record({ status: "success", modifiedDate: stored.modifiedDate }), stored)).toBe(false)
    expect(isStale(record({}), undefined)).toBe(false)
  })

  it("of two states stamped at the same moment, the earlier status is stale (the bank paid at once); an unknown status is not", () => {
    const sameMoment = { modifiedDate: stored.modifiedDate }
    expect(isStale(record({ status: "processing", ...sameMoment }), stored)).toBe(true)
    expect(isStale(record({ status: "created", ...sameMoment }), stored)).toBe(true)
    expect(isStale(record({ status: "reversed", ...sameMoment }), stored)).toBe(false)
    expect(isStale(record({ status: "unknown", ...sameMoment }), stored)).toBe(false)
    expect(isStale(record({ status: "processing", ...sameMoment }), { ...stored, modifiedDate: undefined })).toBe(false)
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
