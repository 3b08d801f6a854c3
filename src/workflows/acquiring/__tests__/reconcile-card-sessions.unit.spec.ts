import { PaymentActions } from "@medusajs/framework/utils"
import { MonobankApiError, type InvoiceStatusRecord } from "../../../lib/monobank"
import type { MonobankData } from "../../../utils/acquiring/payment-data"
import { isBankUnavailable } from "../utils/card-invoice-reader"
import { isDueSession } from "../../../utils/session-reconcile"
import { CARD_SCHEDULE, coreWebhookInput } from "../reconcile-card-sessions"
import { CARD_STATUS_ROUTE } from "../../notifications/notification-plan"

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
    const routes = (statuses: (keyof typeof CARD_STATUS_ROUTE)[]) => statuses.map((status) => CARD_STATUS_ROUTE[status])
    expect(routes(["hold", "success"])).toEqual(["core", "core"])
    expect(routes(["failure", "expired", "reversed"])).toEqual(["plugin", "plugin", "plugin"])
    expect(routes(["created", "processing", "unknown"])).toEqual(["wait", "wait", "wait"])
    expect(Object.keys(CARD_STATUS_ROUTE)).toHaveLength(8)
  })

  it("reads a card session by its own read mark, and for as long as the invoice it sent can be paid and a hold then lives", () => {
    const now = new Date("2026-11-22T12:00:00.000Z")
    const DAY = 24 * 60 * 60 * 1000
    const session = (ageDays: number, data: Record<string, unknown>) => ({ created_at: new Date(now.getTime() - ageDays * DAY), data })
    expect(isDueSession(session(1, { lastReconciledAt: "2026-11-22T11:59:00.000Z" }), CARD_SCHEDULE, now)).toBe(false)
    expect(isDueSession(session(1, { lastReconciledAt: "2026-11-22T09:00:00.000Z" }), CARD_SCHEDULE, now)).toBe(true)
    expect(isDueSession(session(1, { lastReconciledAt: 5 }), CARD_SCHEDULE, now)).toBe(true)
    // A 30-day invoice: 30 + 9 + 1 days; the bank's default 24 hours: 1 + 9 + 1.
    expect(isDueSession(session(39.9, { validUntil: new Date(now.getTime() - 9.9 * DAY).toISOString() }), CARD_SCHEDULE, now)).toBe(true)
    expect(isDueSession(session(11.1, { validUntil: new Date(now.getTime() - 10.1 * DAY).toISOString() }), CARD_SCHEDULE, now)).toBe(false)
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
