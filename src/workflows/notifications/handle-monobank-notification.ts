/**
 * One verified bank notification (a card webhook or an installments callback), applied by one
 * workflow: Medusa's process-payment workflow for money held or taken (it locks the cart,
 * authorizes or captures, completes the cart) and the plugin's sync of what Medusa's steps leave
 * out. What runs is decided by ./notification-plan, as data.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { syncMonobankInvoiceWorkflow } from "../acquiring/sync-monobank-invoice"
import { syncInstallmentSessionWorkflow } from "../installments/sync-installment-session"
import { notificationPlan } from "./notification-plan"

export type HandleMonobankNotificationInput = {
  /** `<identifier>_<id>` or `pp_<identifier>_<id>`. */
  provider: string
  /** What the provider read of the verified notification (`getWebhookActionAndData`). */
  result: WebhookActionResult
  /** Medusa's own webhook subscriber runs process-payment for this delivery (a `/hooks/payment/<provider>` one). */
  medusa_applies_payment?: boolean
}

export const handleMonobankNotificationWorkflowId = "monobank-handle-notification"

export const handleMonobankNotificationWorkflow = createWorkflow(handleMonobankNotificationWorkflowId, (input: HandleMonobankNotificationInput) => {
  const plan = transform({ input }, ({ input }) => notificationPlan(input.provider, input.result, input.medusa_applies_payment))
  when({ plan }, ({ plan }) => plan.process_payment).then(() => {
    processPaymentWorkflow.runAsStep({ input: input.result })
  })
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
