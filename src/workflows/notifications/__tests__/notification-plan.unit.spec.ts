import { PaymentActions } from "@medusajs/framework/utils"
import type { MonobankWebhookFacts } from "../../../utils/acquiring/webhook-facts"
import { notificationPlan } from "../notification-plan"

const SESSION = "payses_01PLAN"

function cardResult(action: PaymentActions, status: MonobankWebhookFacts["status"], cancelList: MonobankWebhookFacts["cancelList"] = []) {
  const invoice = { invoiceId: "p2_1", status, amount: 1000, ccy: 980, cancelList, capturedAmount: 1000 } as MonobankWebhookFacts
  return { action, data: { session_id: SESSION, amount: 10, monobank: invoice } }
}

describe("notificationPlan: what the plugin applies of one verified notification", () => {
  it("a paid card invoice: nothing (Medusa's process-payment applies it)", () => {
    expect(notificationPlan("monobank_monobank", cardResult(PaymentActions.SUCCESSFUL, "success"))).toEqual({
      session_id: SESSION,
      sync_invoice: undefined,
      sync_installments: false,
    })
  })

  it.each(["failure", "expired", "reversed"] as const)("a card invoice %s: the plugin's invoice sync", (status) => {
    const plan = notificationPlan("pp_monobank_monobank", cardResult(PaymentActions.FAILED, status))
    expect(plan).toMatchObject({ sync_installments: false, sync_invoice: { status } })
  })

  it("a held invoice with a partial refund: the refund is the plugin's to book", () => {
    const plan = notificationPlan("monobank_monobank", cardResult(PaymentActions.AUTHORIZED, "hold", [{ amount: 100 } as never]))
    expect(plan.sync_invoice?.status).toBe("hold")
  })

  it.each([PaymentActions.FAILED, PaymentActions.CANCELED])("an installment order %s: the installment sync", (action) => {
    expect(notificationPlan("monobank-installments_x", { action, data: { session_id: SESSION, amount: 10 } }).sync_installments).toBe(true)
  })

  it("an approved installment order: no sync (Medusa's process-payment completes the cart)", () => {
    expect(notificationPlan("monobank-installments_x", { action: PaymentActions.AUTHORIZED, data: { session_id: SESSION, amount: 10 } }).sync_installments).toBe(false)
  })

  it("nothing without a session, or for another provider", () => {
    const none = { sync_installments: false }
    expect(notificationPlan("monobank_monobank", { action: PaymentActions.NOT_SUPPORTED })).toEqual(none)
    expect(notificationPlan("stripe_x", { action: PaymentActions.FAILED, data: { session_id: SESSION, amount: 1 } })).toEqual(none)
  })
})
