import { PaymentActions } from "@medusajs/framework/utils"
import type { MonobankWebhookFacts } from "../../../utils/acquiring/webhook-facts"
import { notificationPlan } from "../notification-plan"

const SESSION = "payses_01PLAN"

function cardResult(action: PaymentActions, status: MonobankWebhookFacts["status"], cancelList: MonobankWebhookFacts["cancelList"] = []) {
  const invoice = { invoiceId: "p2_1", status, amount: 1000, ccy: 980, cancelList, capturedAmount: 1000 } as MonobankWebhookFacts
  return { action, data: { session_id: SESSION, amount: 10, monobank: invoice } }
}

describe("notificationPlan: what one verified notification sets going", () => {
  it.each([PaymentActions.PENDING, PaymentActions.REQUIRES_MORE, PaymentActions.PENDING_AUTHORIZATION])("a card invoice still in the works (%s): nothing yet", (action) => {
    expect(notificationPlan("monobank_monobank", cardResult(action, "processing"))).toEqual({ session_id: SESSION, process_payment: false, sync_invoice: undefined, sync_installments: false })
  })

  it("a paid card invoice: Medusa's process-payment, nothing of the plugin's", () => {
    expect(notificationPlan("monobank_monobank", cardResult(PaymentActions.SUCCESSFUL, "success"))).toEqual({
      session_id: SESSION,
      process_payment: true,
      sync_invoice: undefined,
      sync_installments: false,
    })
  })

  it.each(["failure", "expired", "reversed"] as const)("a card invoice %s: the plugin's invoice sync", (status) => {
    const plan = notificationPlan("pp_monobank_monobank", cardResult(PaymentActions.FAILED, status))
    expect(plan).toMatchObject({ process_payment: false, sync_installments: false, sync_invoice: { status } })
  })

  it("a held invoice with a partial refund: the refund is the plugin's to book", () => {
    const plan = notificationPlan("monobank_monobank", cardResult(PaymentActions.AUTHORIZED, "hold", [{ amount: 100 } as never]))
    expect(plan).toMatchObject({ process_payment: true, sync_invoice: { status: "hold" } })
  })

  it.each([PaymentActions.FAILED, PaymentActions.CANCELED])("an installment order %s: the installment sync", (action) => {
    expect(notificationPlan("monobank-installments_x", { action, data: { session_id: SESSION, amount: 10 } })).toMatchObject({ process_payment: false, sync_installments: true })
  })

  it("an approved installment order: Medusa's process-payment completes the cart, no sync", () => {
    expect(notificationPlan("monobank-installments_x", { action: PaymentActions.AUTHORIZED, data: { session_id: SESSION, amount: 10 } })).toMatchObject({
      process_payment: true,
      sync_installments: false,
    })
  })

  it("nothing without a session, or for another provider", () => {
    const none = { process_payment: false, sync_installments: false }
    expect(notificationPlan("monobank_monobank", { action: PaymentActions.NOT_SUPPORTED })).toEqual(none)
    expect(notificationPlan("stripe_x", { action: PaymentActions.FAILED, data: { session_id: SESSION, amount: 1 } })).toEqual(none)
  })
})
