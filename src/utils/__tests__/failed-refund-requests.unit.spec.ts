import { failedRequestsAwaitingRetry, type MedusaRefundRow } from "../failed-refund-requests"
import { withRefundMark } from "../refund-mark"

const row = (id: string, at: string, metadata: Record<string, unknown> | null = null): MedusaRefundRow => ({
  id,
  created_at: new Date(at),
  metadata,
})
const requestFailed = { at: "2026-01-01T10:00:01.000Z", status: 400 }

// Refunds marked before the mark had its own key carry flat keys; both are read.
describe.each([
  {
    marks: "the refund mark",
    failed: withRefundMark(null, { request_failed: requestFailed }),
    retryRefused: withRefundMark(null, { request_failed: requestFailed, failed_request_retry_refused: true }),
  },
  {
    marks: "the older flat metadata keys",
    failed: { monobank_request_failed: requestFailed },
    retryRefused: { monobank_request_failed: requestFailed, monobank_failed_request_retry_refused: true },
  },
])("failedRequestsAwaitingRetry, with $marks", ({ failed, retryRefused }) => {
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
    expect(failedRequestsAwaitingRetry([row("ref_b", "2026-01-01T10:00:00Z", retryRefused)])).toEqual([])
    expect(failedRequestsAwaitingRetry([])).toEqual([])
  })
})

it("a retry refused under the new mark counts for a refund failed under the older flat key", () => {
  const legacy = { monobank_request_failed: requestFailed }
  expect(failedRequestsAwaitingRetry([row("ref_b", "2026-01-01T10:00:00Z", withRefundMark(legacy, { failed_request_retry_refused: true }))])).toEqual([])
})
