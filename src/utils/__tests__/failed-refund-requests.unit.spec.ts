import { FAILED_REQUEST_RETRY_REFUSED, failedRequestsAwaitingRetry, REQUEST_FAILED, type MedusaRefundRow } from "../failed-refund-requests"

const row = (id: string, at: string, metadata: Record<string, unknown> | null = null): MedusaRefundRow => ({
  id,
  created_at: new Date(at),
  metadata,
})
const failed = { [REQUEST_FAILED]: { at: "2026-01-01T10:00:01.000Z", status: 400 } }

describe("failedRequestsAwaitingRetry", () => {
  it("takes every refund Medusa answered with an error, oldest first", () => {
    const others = [row("ref_c", "2026-01-01T11:00:00Z", failed), row("ref_b", "2026-01-01T10:00:00Z", failed), row("ref_a", "2026-01-01T09:00:00Z")]
    expect(failedRequestsAwaitingRetry(others).map((r) => r.id)).toEqual(["ref_b", "ref_c"])
  })

  it("a refund made after the failed one does not hide it: the admin may retry after another refund", () => {
    const others = [row("ref_b", "2026-01-01T10:00:00Z", failed), row("ref_c", "2026-01-01T10:05:00Z")]
    expect(failedRequestsAwaitingRetry(others).map((r) => r.id)).toEqual(["ref_b"])
  })

  it("never a refund whose request succeeded, nor one whose retry was already refused once", () => {
    expect(failedRequestsAwaitingRetry([row("ref_a", "2026-01-01T10:00:00Z", { other: true })])).toEqual([])
    expect(failedRequestsAwaitingRetry([row("ref_b", "2026-01-01T10:00:00Z", { ...failed, [FAILED_REQUEST_RETRY_REFUSED]: true })])).toEqual([])
    expect(failedRequestsAwaitingRetry([])).toEqual([])
  })
})
