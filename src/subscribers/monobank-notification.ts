/**
 * Each monobank webhook and callback the plugin's hook handler queued (src/api/hooks/payment/take-notification),
 * handled once: the provider verifies it on its raw bytes and says what it means (a forged delivery
 * stops there), then src/workflows/notifications applies it, Medusa's process-payment workflow for
 * money held or taken and the plugin's sync for the rest.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { isNotifiedProvider } from "../utils/provider-ids"
import { withRawBodyBuffer } from "../utils/raw-body"
import { applyMonobankNotification } from "../workflows/notifications"
import { MONOBANK_NOTIFICATION_EVENT, type MonobankNotification } from "../workflows/notifications/notification-event"

export default async function monobankNotificationHandler({ event, container }: SubscriberArgs<MonobankNotification>) {
  const { provider, payload } = event.data ?? ({} as MonobankNotification)
  if (!isNotifiedProvider(provider) || !payload) return
  const result = await container.resolve<IPaymentModuleService>(Modules.PAYMENT).getWebhookActionAndData({
    provider,
    payload: withRawBodyBuffer(payload),
  })
  await applyMonobankNotification(container, provider, result)
}

export const config: SubscriberConfig = {
  event: MONOBANK_NOTIFICATION_EVENT,
  context: { subscriberId: "monobank-notification" },
}
