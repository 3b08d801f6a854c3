import type { InvoiceStatusRecord } from "../../../lib/monobank"
import { VerifiedWebhooks } from "../verified-webhooks"

const INVOICE = "p2_invoice"

function record(status: InvoiceStatusRecord["status"], modifiedDate = "2026-11-23T10:00:00Z", invoiceId = INVOICE): InvoiceStatusRecord {
  return { invoiceId, status, amount: 130456, ccy: 980, reference: "payses_01TEST", modifiedDate } as InvoiceStatusRecord
}

function clock(start = 1_000_000) {
  let at = start
  return { now: () => at, advance: (ms: number) => (at += ms) }
}

describe("VerifiedWebhooks: which authorize may take a signed webhook instead of reading the bank", () => {
  it("gives a paid webhook of the same invoice, verified within the minute and not older than the session's state", () => {
    const time = clock()
    const kept = new VerifiedWebhooks({ now: time.now })
    kept.remember(record("success"))
    time.advance(59_000)
    expect(kept.reusableFor(INVOICE, "2026-11-23T09:59:00Z")?.status).toBe("success")
    expect(kept.reusableFor(INVOICE, "2026-11-23T10:00:00Z")?.status).toBe("success")
    expect(kept.reusableFor(INVOICE, undefined)?.status).toBe("success")
  })

  it("gives a held invoice too", () => {
    const kept = new VerifiedWebhooks()
    kept.remember(record("hold"))
    expect(kept.reusableFor(INVOICE, undefined)?.status).toBe("hold")
  })

  it("gives nothing (a bank read) for another invoice", () => {
    const kept = new VerifiedWebhooks()
    kept.remember(record("success"))
    expect(kept.reusableFor("p2_other", undefined)).toBeUndefined()
  })

  it("gives nothing once the webhook was verified more than a minute ago", () => {
    const time = clock()
    const kept = new VerifiedWebhooks({ now: time.now })
    kept.remember(record("success"))
    time.advance(60_001)
    expect(kept.reusableFor(INVOICE, undefined)).toBeUndefined()
  })

  it("gives nothing when the session already stored a newer state, or the webhook has no date to compare", () => {
    const kept = new VerifiedWebhooks()
    kept.remember(record("success"))
    expect(kept.reusableFor(INVOICE, "2026-11-23T10:00:01Z")).toBeUndefined()
    const undated = new VerifiedWebhooks()
    undated.remember({ ...record("success"), modifiedDate: undefined } as unknown as InvoiceStatusRecord)
    expect(undated.reusableFor(INVOICE, "2026-11-23T10:00:00Z")).toBeUndefined()
  })

  it.each(["created", "processing", "failure", "reversed", "expired", "unknown"] as const)(
    "gives nothing for a webhook saying %s",
    (status) => {
      const kept = new VerifiedWebhooks()
      kept.remember(record(status))
      expect(kept.reusableFor(INVOICE, undefined)).toBeUndefined()
    }
  )

  it("forgets a paid record when a newer webhook says the invoice moved on, and keeps it against an older one", () => {
    const kept = new VerifiedWebhooks()
    kept.remember(record("success", "2026-11-23T10:00:00Z"))
    kept.remember(record("processing", "2026-11-23T09:59:00Z"))
    expect(kept.reusableFor(INVOICE, undefined)?.status).toBe("success")
    kept.remember(record("reversed", "2026-11-23T10:01:00Z"))
    expect(kept.reusableFor(INVOICE, undefined)).toBeUndefined()
  })

  it("keeps at most maxEntries invoices, dropping the oldest", () => {
    const kept = new VerifiedWebhooks({ maxEntries: 2 })
    kept.remember(record("success", undefined, "p2_a"))
    kept.remember(record("success", undefined, "p2_b"))
    kept.remember(record("success", undefined, "p2_c"))
    expect(kept.reusableFor("p2_a", undefined)).toBeUndefined()
    expect(kept.reusableFor("p2_b", undefined)).toBeDefined()
    expect(kept.reusableFor("p2_c", undefined)).toBeDefined()
  })
})
