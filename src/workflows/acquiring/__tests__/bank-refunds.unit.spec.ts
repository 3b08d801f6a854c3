import { bankRefundKey, refreshMedusaRefunds, unseenBankRefunds } from "../steps/bank-refunds"

const item = (amount: number, extRef?: string, status: "success" | "processing" | "failure" = "success") => ({
  amount,
  status,
  extRef,
  createdDate: `2026-01-0${amount % 9 + 1}T00:00:00Z`,
  modifiedDate: "2026-01-01T00:00:00Z",
  rrn: `rrn${amount}`,
})

describe("refunds made in the monobank cabinet", () => {
  it("are the completed cancels that Medusa did not ask for and has not recorded", () => {
    const unseen = unseenBankRefunds(
      {
        cancelList: [
          item(100, "ref_medusa"),
          item(200),
          item(300, "cabinet-1"),
          item(400, undefined, "processing"),
          item(500, "hold-release:pay_1"),
          item(600, "pay_1"),
        ],
      },
      { paymentId: "pay_1", medusaRefundIds: ["ref_medusa"], recorded: [] }
    )
    expect(unseen.map((r) => [r.amount, r.source, r.refundId])).toEqual([
      [200, "bank", null],
      [300, "bank", null],
    ])
  })

  it("are recorded once: a second webhook with the same cancelList finds nothing new", () => {
    const invoice = { cancelList: [item(200), item(300, "cabinet-1")] }
    const first = unseenBankRefunds(invoice, { paymentId: "pay_1", medusaRefundIds: [], recorded: [] })
    const again = unseenBankRefunds(invoice, { paymentId: "pay_1", medusaRefundIds: [], recorded: first })
    expect(first).toHaveLength(2)
    expect(again).toHaveLength(0)
  })

  it("include a refund sent by a Medusa refund Medusa since deleted (its answer was lost), unless another refund books it", () => {
    const invoice = { cancelList: [item(300, "ref_deleted")] }
    const lost = unseenBankRefunds(invoice, { paymentId: "pay_1", medusaRefundIds: ["ref_retry"], recorded: [] })
    expect(lost.map((r) => [r.ref, r.amount, r.source])).toEqual([["ref_deleted", 300, "bank"]])
    const bookedByRetry = unseenBankRefunds(invoice, {
      paymentId: "pay_1",
      medusaRefundIds: ["ref_retry"],
      bookedBankRefunds: ["ref_deleted"],
      recorded: [],
    })
    expect(bookedByRetry).toEqual([])
  })

  it("are keyed by extRef, or by date, amount and rrn when the cabinet set none", () => {
    expect(bankRefundKey(item(300, "cabinet-1"))).toBe("cabinet-1")
    expect(bankRefundKey(item(200))).toBe("bank:2026-01-03T00:00:00Z:200:rrn200")
  })

  it("refresh the status of Medusa's own processing refunds from the cancelList", () => {
    const refreshed = refreshMedusaRefunds(
      [{ ref: "ref_1", amount: 100, status: "processing", source: "medusa" }],
      [item(100, "ref_1", "success")]
    )
    expect(refreshed[0].status).toBe("success")
  })
})
