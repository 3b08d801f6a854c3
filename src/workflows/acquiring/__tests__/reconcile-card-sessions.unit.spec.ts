import { PaymentActions } from "@medusajs/framework/utils"
import { MonobankApiError, type InvoiceStatusRecord } from "../../../lib/monobank"
import type { MonobankData } from "../../../utils/acquiring/payment-data"
import { isBankUnavailable } from "../utils/card-invoice-reader"
import { CARD_STATUS_ROUTE, cardLastReconciledAt, coreWebhookInput } from "../reconcile-card-sessions"

const stored: MonobankData = { invoiceId: "inv_1", amount: 130456, ccy: 980, paymentType: "debit", status: "created" }
const record = (over: Partial<InvoiceStatusRecord>): InvoiceStatusRecord =>
  ({ invoiceId: "inv_1", status: "created", amount: 130456, ccy: 980, reference: "payses_1", ...over }) as InvoiceStatusRecord

describe("what a reconciled card invoice status becomes", () => {
  it("a debit paid at the bank reaches Medusa's handler as captured, for the amount taken, in hryvnia", () => {
    expect(coreWebhookInput("payses_1", stored, record({ status: "success", finalAmount: 130456 }))).toEqual({
      action: PaymentActions.SUCCESSFUL,
      data: { session_id: "payses_1", amount: 1304.56 },
    })
  })

  it("a hold reaches it as authorized", () => {
    expect(coreWebhookInput("payses_1", stored, record({ status: "hold" })).action).toBe(PaymentActions.AUTHORIZED)
  })

  it("a capture Medusa already holds is not captured again", () => {
    expect(coreWebhookInput("payses_1", { ...stored, status: "success" }, record({ status: "success", finalAmount: 130456 })).action).toBe(
      PaymentActions.AUTHORIZED
    )
  })

  it("sends hold/success to Medusa's webhook workflow, failure/expiry/release to the plugin's, and waits on the rest", () => {
    expect(CARD_STATUS_ROUTE).toEqual({
      created: "wait",
      processing: "wait",
      hold: "core",
      success: "core",
      failure: "plugin",
      expired: "plugin",
      reversed: "plugin",
      unknown: "wait",
    })
  })

  it("reads its own read mark only when it is a string", () => {
    expect(cardLastReconciledAt({ lastReconciledAt: "2026-11-22T12:00:00.000Z" })).toBe("2026-11-22T12:00:00.000Z")
    expect(cardLastReconciledAt({ lastReconciledAt: 5 })).toBeUndefined()
    expect(cardLastReconciledAt(null)).toBeUndefined()
  })
})

describe("when the card reconcile stops for the run", () => {
  const error = (init: Partial<ConstructorParameters<typeof MonobankApiError>[0]>) =>
    new MonobankApiError({ kind: "http", method: "GET", path: "/api/merchant/invoice/status", attempts: 1, ...init } as any)

  it("stops when the bank does not answer, fails or rate-limits", () => {
    expect(isBankUnavailable(error({ kind: "timeout" }))).toBe(true)
    expect(isBankUnavailable(error({ kind: "network" }))).toBe(true)
    expect(isBankUnavailable(error({ status: 502 }))).toBe(true)
    expect(isBankUnavailable(error({ status: 429 }))).toBe(true)
  })

  it("goes on with the next session when the bank refuses only this one", () => {
    expect(isBankUnavailable(error({ status: 404, errCode: "NOT_FOUND" }))).toBe(false)
  })
})
