/**
 * Runs the notification workflow for one verified delivery, from the plugin's hook route or, for a
 * delivery to Medusa's `/hooks/payment/<provider>`, from the plugin's subscriber beside Medusa's.
 */
import type { MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { handleMonobankNotificationWorkflow } from "./handle-monobank-notification"
import type { NotificationPlan } from "./notification-plan"

/** Emitted by the plugin's hook route once a delivery was handled (`ok: false` when it failed and the bank will send it again). */
export const NOTIFICATION_HANDLED_EVENT = "monobank.notification.handled"

export type NotificationHandledEvent = { provider: string; session_id?: string; action?: string; ok: boolean }

export async function applyMonobankNotification(
  container: MedusaContainer,
  provider: string,
  result: WebhookActionResult,
  medusaAppliesPayment = false
): Promise<NotificationPlan | undefined> {
  try {
    const { result: plan } = await handleMonobankNotificationWorkflow(container).run({
      input: { provider, result, medusa_applies_payment: medusaAppliesPayment },
    })
    return plan
  } catch (error) {
    if (!MedusaError.isMedusaError(error) || (error as MedusaError).type !== MedusaError.Types.NOT_FOUND) throw error
    // The shopper switched payment method meanwhile: the session is gone, nothing to update
    // (money it may have left is the settlement's, src/utils/session-money).
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`monobank: notification for payment session ${result.data?.session_id}, which no longer exists; ignored`)
    return undefined
  }
}
