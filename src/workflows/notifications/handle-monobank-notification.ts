/**
 * The plugin's side of one verified bank notification (a card webhook or an installments
 * callback): what Medusa's own webhook handling leaves out, chosen by ./notification-plan as data
 * (card declines, expiry, released holds and refunds made in the bank's cabinet; installment
 * failures). Medusa's process-payment workflow applies money held or taken.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncMonobankInvoiceWorkflow } from "../acquiring/sync-monobank-invoice"
import { syncInstallmentSessionWorkflow } from "../installments/sync-installment-session"
import { notificationPlan } from "./notification-plan"

export type HandleMonobankNotificationInput = {
  /** `<identifier>_<id>` or `pp_<identifier>_<id>`. */
  provider: string
  /** What the provider read of the verified notification (`getWebhookActionAndData`). */
  result: WebhookActionResult
}

export const handleMonobankNotificationWorkflowId = "monobank-handle-notification"

export const handleMonobankNotificationWorkflow = createWorkflow(handleMonobankNotificationWorkflowId, (input: HandleMonobankNotificationInput) => {
  const plan = transform({ input }, ({ input }) => notificationPlan(input.provider, input.result))
  when({ plan }, ({ plan }) => !!plan.sync_invoice).then(() => {
    const syncInput = transform({ plan }, ({ plan }) => ({ session_id: plan.session_id!, invoice: plan.sync_invoice! }))
    syncMonobankInvoiceWorkflow.runAsStep({ input: syncInput })
  })
  when({ plan }, ({ plan }) => plan.sync_installments).then(() => {
    const syncInput = transform({ plan }, ({ plan }) => ({ session_id: plan.session_id!, complete_cart: false }))
    syncInstallmentSessionWorkflow.runAsStep({ input: syncInput })
  })
  return new WorkflowResponse(plan)
})
