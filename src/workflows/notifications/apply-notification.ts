/**
 * Runs the plugin's side of one verified delivery, from the plugin's subscriber beside Medusa's own
 * webhook handler (src/subscribers/monobank-payment-webhook).
 */
import type { MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { handleMonobankNotificationWorkflow } from "./handle-monobank-notification"
import type { NotificationPlan } from "./notification-plan"

export async function applyMonobankNotification(
  container: MedusaContainer,
  provider: string,
  result: WebhookActionResult
): Promise<NotificationPlan | undefined> {
  try {
    const { result: plan } = await handleMonobankNotificationWorkflow(container).run({ input: { provider, result } })
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
