import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InvoiceStatusRecord } from "../../../lib/monobank"
import { capturedMinor, coreAction, refundableMinor, SESSION_STATUS, sessionStatus, webhookAction } from "../status"

function record(patch: Partial<InvoiceStatusRecord>): InvoiceStatusRecord {
  return { invoiceId: "inv1", status: "success", amount: 130_456, ccy: 980, ...patch }
}

const cancel = (amount: number, status: "success" | "processing" | "failure", extRef?: string) => ({
  amount,
  status,
  extRef,
  createdDate: "2026-01-01T00:00:00Z",
  modifiedDate: "2026-01-01T00:00:00Z",
})

describe("invoice status -> Medusa", () => {
  it("maps each bank status to the session status of the issue", () => {
    expect(SESSION_STATUS).toEqual({
      created: PaymentSessionStatus.PENDING,
      processing: PaymentSessionStatus.PENDING,
      hold: PaymentSessionStatus.AUTHORIZED,
      success: PaymentSessionStatus.CAPTURED,
      failure: PaymentSessionStatus.ERROR,
      expired: PaymentSessionStatus.CANCELED,
      reversed: PaymentSessionStatus.CANCELED,
      // a status the bank adds before this plugin knows it: wait and read again
      unknown: PaymentSessionStatus.PENDING,
    })
  })

  it("tells the core handler hold = authorized and success = captured", () => {
    expect(webhookAction(record({ status: "hold" }))).toBe(PaymentActions.AUTHORIZED)
    expect(webhookAction(record({ status: "success" }))).toBe(PaymentActions.SUCCESSFUL)
    expect(webhookAction(record({ status: "failure" }))).toBe(PaymentActions.FAILED)
    expect(webhookAction(record({ status: "processing" }))).toBe(PaymentActions.PENDING)
  })

  it("reads a hold reversed by the bank as canceled, a refunded payment as none of the core's business", () => {
    expect(webhookAction(record({ status: "reversed", finalAmount: 0 }))).toBe(PaymentActions.CANCELED)
    expect(
      webhookAction(record({ status: "reversed", finalAmount: 0, cancelList: [cancel(130_456, "success", "ref_1")] }))
    ).toBe(PaymentActions.NOT_SUPPORTED)
    expect(
      webhookAction(
        record({ status: "reversed", finalAmount: 0, cancelList: [cancel(130_456, "success", "hold-release:pay_1")] })
      )
    ).toBe(PaymentActions.CANCELED)
  })
})

describe("reversed with finalAmount > 0: the bank's reading of a partial refund (BANK-NOTES)", () => {
  const partlyRefunded = record({ status: "reversed", finalAmount: 30_456, cancelList: [cancel(100_000, "success")] })

  it("is still a taken payment: the session reads captured, not canceled", () => {
    expect(sessionStatus(partlyRefunded)).toBe(PaymentSessionStatus.CAPTURED)
    expect(webhookAction(partlyRefunded)).toBe(PaymentActions.SUCCESSFUL)
  })

  it("a refund in full and a released hold still read canceled", () => {
    expect(sessionStatus(record({ status: "reversed", finalAmount: 0, cancelList: [cancel(130_456, "success")] }))).toBe(PaymentSessionStatus.CANCELED)
    expect(sessionStatus(record({ status: "reversed", finalAmount: 0 }))).toBe(PaymentSessionStatus.CANCELED)
    expect(sessionStatus(record({ status: "success" }))).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("is not captured again once Medusa holds the capture; captured when it does not yet", () => {
    expect(coreAction(partlyRefunded, "success")).toBe(PaymentActions.AUTHORIZED)
    expect(coreAction(partlyRefunded, "reversed")).toBe(PaymentActions.AUTHORIZED)
    expect(coreAction(record({ status: "success" }), "success")).toBe(PaymentActions.AUTHORIZED)
    expect(coreAction(partlyRefunded, "processing")).toBe(PaymentActions.SUCCESSFUL)
    expect(coreAction(partlyRefunded, undefined)).toBe(PaymentActions.SUCCESSFUL)
    // a full refund or a released hold is never turned into "authorized"
    expect(coreAction(record({ status: "reversed", finalAmount: 0 }), "reversed")).toBe(PaymentActions.CANCELED)
  })
})

describe("captured and refundable amounts", () => {
  it("a debit payment took its amount; completed refunds are added back to finalAmount", () => {
    expect(capturedMinor(record({}))).toBe(130_456)
    const refunded = record({ finalAmount: 100_456, cancelList: [cancel(30_000, "success")] })
    expect(capturedMinor(refunded)).toBe(130_456)
    expect(refundableMinor(refunded)).toBe(100_456)
  })

  it("a refund still processing is not refundable again", () => {
    const pending = record({ finalAmount: 130_456, cancelList: [cancel(30_000, "processing")] })
    expect(capturedMinor(pending)).toBe(130_456)
    expect(refundableMinor(pending)).toBe(100_456)
  })

  it("a partly finalized hold took only the finalized amount; a hold took nothing yet", () => {
    expect(capturedMinor(record({ finalAmount: 100_000 }))).toBe(100_000)
    expect(capturedMinor(record({ status: "hold", finalAmount: 130_456 }))).toBe(0)
    expect(refundableMinor(record({ status: "hold", finalAmount: 130_456 }))).toBe(0)
  })

  it("partially refunded and reported as reversed with finalAmount > 0 still has money to refund", () => {
    const reversed = record({ status: "reversed", finalAmount: 30_456, cancelList: [cancel(100_000, "success")] })
    expect(capturedMinor(reversed)).toBe(130_456)
    expect(refundableMinor(reversed)).toBe(30_456)
  })

  it("failed refunds count for nothing", () => {
    expect(refundableMinor(record({ cancelList: [cancel(30_000, "failure")] }))).toBe(130_456)
  })
})
