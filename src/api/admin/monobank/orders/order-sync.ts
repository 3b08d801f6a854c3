/**
 * "Sync with bank" on an order: re-reads each of its monobank payments from the bank and applies
 * what changed through the same workflows a webhook or callback goes through:
 * - card: Medusa's processPaymentWorkflow for hold / success (as Medusa's core webhook handler
 *   runs it), then syncMonobankInvoiceWorkflow for releases, expiry and refunds made in the bank's
 *   cabinet (as the plugin's webhook subscriber runs it);
 * - installments: the order the plugin's ledger recorded for the session, read under the store id
 *   it was made in, then syncInstallmentSessionWorkflow (as a callback does);
 * - mono checkout: the checkout order's sync (as a callback does).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"
import { readMonobankData } from "../../../../utils/acquiring/payment-data"
import { webhookFacts } from "../../../../utils/acquiring/webhook-facts"
import { syncMonobankInvoiceWorkflow } from "../../../../workflows/acquiring"
import { cardInvoiceReader } from "../../../../workflows/acquiring/utils/card-invoice-reader"
import { coreWebhookInput } from "../../../../workflows/acquiring/reconcile-card-sessions"
import { CARD_STATUS_ROUTE, WEBHOOK_ROUTE } from "../../../../workflows/notifications/notification-plan"
import { syncCheckoutOrderSafely } from "../../../../workflows/checkout/sync-safely"
import { syncInstallmentSessionWorkflow } from "../../../../workflows/installments/sync-installment-session"
import { readSessionInstallmentOrder } from "../../../../workflows/installments/utils/installment-order-reader"
import { describeOrderState } from "../../../../utils/installments/states"
import { messageOf } from "../../../../utils/session-reconcile"
import { checkoutOrderOf, orderPayments } from "./order-facts"
import { providerKindOf } from "../../../../utils/provider-ids"
import type { SyncOutcome } from "./order-facts-response"

async function syncCard(container: MedusaContainer, providerId: string, sessionId: string, data: Record<string, unknown> | null): Promise<SyncOutcome> {
  const stored = readMonobankData(data)
  if (!stored) return { what: "card payment", ok: false, detail: "The payment has no monobank invoice." }
  const what = `invoice ${stored.invoiceId}`
  let record
  try {
    record = await cardInvoiceReader(container)(providerId, stored.invoiceId)
  } catch (error) {
    return { what, ok: false, detail: `monobank could not be read: ${messageOf(error)}` }
  }
  const input = coreWebhookInput(sessionId, stored, record)
  if (WEBHOOK_ROUTE[input.action] === "core" && !(input.action === PaymentActions.AUTHORIZED && stored.status === "hold")) {
    await container.resolve(Modules.WORKFLOW_ENGINE).run(processPaymentWorkflowId, { input })
  }
  const facts = webhookFacts(record)
  if (CARD_STATUS_ROUTE[record.status] === "plugin" || facts.cancelList.length > 0) {
    await syncMonobankInvoiceWorkflow(container).run({ input: { session_id: sessionId, invoice: facts } })
  }
  return { what, ok: true, detail: `monobank says ${record.status}.` }
}

/** Reads the order the ledger recorded for the session (under its store), then applies it as a callback would. */
async function syncInstallments(container: MedusaContainer, providerId: string, sessionId: string): Promise<SyncOutcome> {
  let read
  try {
    read = await readSessionInstallmentOrder(container, providerId, sessionId)
  } catch (error) {
    return { what: "installment order", ok: false, detail: `monobank could not be read: ${messageOf(error)}` }
  }
  const { info } = read
  const what = `installment order ${info.order_id}`
  const said = `monobank says ${info.state}/${info.order_sub_state}: ${describeOrderState(info.state, info.order_sub_state).description}`
  try {
    await syncInstallmentSessionWorkflow(container).run({ input: { session_id: sessionId } })
  } catch (error) {
    return { what, ok: false, detail: `${said} It could not be applied: ${messageOf(error)}` }
  }
  return { what, ok: true, detail: said }
}

export async function syncOrderWithBank(container: MedusaContainer, orderId: string): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = []
  for (const payment of await orderPayments(container, orderId)) {
    const kind = providerKindOf(payment.provider_id)
    if (!payment.payment_session_id || kind === "on_delivery") continue
    if (payment.data?.monobank_checkout) continue // recorded from the checkout order, synced below
    outcomes.push(
      kind === "card"
        ? await syncCard(container, payment.provider_id, payment.payment_session_id, payment.data)
        : await syncInstallments(container, payment.provider_id, payment.payment_session_id)
    )
  }
  const checkout = await checkoutOrderOf(container, orderId)
  if (checkout) {
    const result = await syncCheckoutOrderSafely(container, checkout.cart_id).catch((error) => ({ kind: "failed", message: messageOf(error) }))
    outcomes.push({ what: `checkout order ${checkout.checkout_order_id ?? checkout.cart_id}`, ok: result.kind !== "failed", detail: `Result: ${result.kind.replaceAll("_", " ")}.` })
  }
  return outcomes
}
