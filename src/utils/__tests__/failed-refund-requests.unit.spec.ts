import { FAILED_REQUEST_RETRY_REFUSED, failedRequestToRetry, REQUEST_FAILED, type MedusaRefundRow } from "../failed-refund-requests"

const row = (id: string, at: string, metadata: Record<string, unknown> | null = null): MedusaRefundRow => ({
  id,
  created_at: new Date(at),
  metadata,
})
const failed = { [REQUEST_FAILED]: { at: "2026-01-01T10:00:01.000Z", status: 400 } }

describe("failedRequestToRetry", () => {
  it("takes the payment's latest refund when Medusa answered its request with an error", () => {
    const others = [row("ref_b", "2026-01-01T10:00:00Z", failed), row("ref_a", "2026-01-01T09:00:00Z")]
    expect(failedRequestToRetry(others)?.id).toBe("ref_b")
  })

  it("a refund made after the failed one ends it: that refund was the retry or a refund of its own", () => {
    const others = [row("ref_b", "2026-01-01T10:00:00Z", failed), row("ref_c", "2026-01-01T10:05:00Z")]
    expect(failedRequestToRetry(others)).toBeUndefined()
  })

  it("never a refund whose request succeeded, nor one whose retry was already refused once", () => {
    expect(failedRequestToRetry([row("ref_a", "2026-01-01T10:00:00Z", { other: true })])).toBeUndefined()
    expect(failedRequestToRetry([row("ref_b", "2026-01-01T10:00:00Z", { ...failed, [FAILED_REQUEST_RETRY_REFUSED]: true })])).toBeUndefined()
    expect(failedRequestToRetry([])).toBeUndefined()
  })
})
