import { readRefundMark, REFUND_MARK_KEY, withRefundMark, writeRefundMark } from "../refund-mark"

describe("the refund mark", () => {
  it("reads what it wrote, and keeps the refund's other metadata", () => {
    const metadata = withRefundMark({ note: "kept" }, { books: "ref_gone", booked_by: "webhook" })
    expect(metadata).toEqual({ note: "kept", [REFUND_MARK_KEY]: { books: "ref_gone", booked_by: "webhook" } })
    expect(readRefundMark(metadata)).toEqual({ books: "ref_gone", booked_by: "webhook" })
  })

  it("adds facts to the mark without losing the earlier ones", () => {
    const first = withRefundMark(null, { request_failed: { at: "2026-01-01T10:00:00Z", status: 400, reason: "order change" } })
    expect(readRefundMark(withRefundMark(first, { failed_request_retry_refused: true }))).toEqual({
      request_failed: { at: "2026-01-01T10:00:00Z", status: 400, reason: "order change" },
      failed_request_retry_refused: true,
    })
  })

  it("reads each of the six flat keys refunds were marked with before", () => {
    const legacy = {
      monobank_bank_refund: "ref_gone",
      monobank_booked_by: "webhook",
      monobank_retry_refused: true,
      monobank_request_failed: { at: "2026-01-01T10:00:00Z", status: 400 },
      monobank_replaces_refund: "ref_failed",
      monobank_failed_request_retry_refused: true,
    }
    expect(readRefundMark(legacy)).toEqual({
      books: "ref_gone",
      booked_by: "webhook",
      retry_refused: true,
      request_failed: { at: "2026-01-01T10:00:00Z", status: 400 },
      replaces: "ref_failed",
      failed_request_retry_refused: true,
    })
  })

  it("writes the mark's own key only: a row with flat keys gets their facts copied into it", () => {
    const metadata = withRefundMark({ monobank_bank_refund: "ref_gone", monobank_booked_by: "webhook" }, { retry_refused: true })
    expect(metadata[REFUND_MARK_KEY]).toEqual({ books: "ref_gone", booked_by: "webhook", retry_refused: true })
    expect(metadata).not.toHaveProperty("monobank_retry_refused")
    expect(readRefundMark(metadata)).toEqual({ books: "ref_gone", booked_by: "webhook", retry_refused: true })
  })

  it("drops a fact that does not parse, and keeps the rest", () => {
    expect(readRefundMark({ [REFUND_MARK_KEY]: { books: "", booked_by: "someone", retry_refused: "yes", replaces: "ref_failed" } })).toEqual({
      replaces: "ref_failed",
    })
    expect(readRefundMark({ [REFUND_MARK_KEY]: "garbage" })).toEqual({})
    expect(readRefundMark(null)).toEqual({})
  })

  it("writes through the payment module's refund update, from the row as last read", async () => {
    const updates: unknown[] = []
    await writeRefundMark({ updateRefunds: async (data) => updates.push(data) }, { id: "ref_1", metadata: { note: "kept" } }, { replaces: "ref_0" })
    expect(updates).toEqual([{ id: "ref_1", metadata: { note: "kept", [REFUND_MARK_KEY]: { replaces: "ref_0" } } }])
  })
})
