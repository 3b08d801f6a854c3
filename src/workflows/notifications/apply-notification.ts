/**
 * Applies one verified delivery as ./notification-plan chooses, from the plugin's subscriber
 * (src/subscribers/monobank-notification): Medusa's process-payment workflow for money held or
 * taken (as Medusa's own webhook subscriber would run it), then the plugin's sync for what that
 * leaves out (card declines, expiry, released holds and refunds made in the bank's cabinet;
 * installment failures). Each runs as its own workflow, under its own lock.
 */
import type { MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"
import { syncMonobankInvoiceWorkflow } from "../acquiring/sync-monobank-invoice"
import { syncInstallmentSessionWorkflow } from "../installments/sync-installment-session"
import { notificationPlan, type NotificationPlan } from "./notification-plan"

export async function applyMonobankNotification(container: MedusaContainer, provider: string, result: WebhookActionResult): Promise<NotificationPlan> {
  const plan = notificationPlan(provider, result)
  if (!plan.session_id) return plan
  if (plan.process_payment) await container.resolve(Modules.WORKFLOW_ENGINE).run(processPaymentWorkflowId, { input: result })
  try {
    if (plan.sync_invoice) await syncMonobankInvoiceWorkflow(container).run({ input: { session_id: plan.session_id, invoice: plan.sync_invoice } })
    if (plan.sync_installments) await syncInstallmentSessionWorkflow(container).run({ input: { session_id: plan.session_id, complete_cart: false } })
  } catch (error) {
    if (!MedusaError.isMedusaError(error) || (error as MedusaError).type !== MedusaError.Types.NOT_FOUND) throw error
    // The shopper switched payment method meanwhile: the session is gone, nothing to update
    // (money it may have left is the settlement's, src/utils/session-money).
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`monobank: notification for payment session ${plan.session_id}, which no longer exists; ignored`)
  }
  return plan
}
