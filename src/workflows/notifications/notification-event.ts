/**
 * A monobank webhook or callback taken in by the plugin's hook handler (api/hooks/payment), as an
 * event: handled once, a few seconds later, by the plugin's subscriber
 * (src/subscribers/monobank-notification). Delayed and retried as Medusa's own
 * `payment.webhook_received` (the payment module's `webhook_delay` and `webhook_retries`), so a
 * shopper completing the cart meanwhile and the webhook meet as they do in Medusa.
 */
import type { IEventBusModuleService, ProviderWebhookPayload } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { optionalFromCradle, type ModuleScope } from "../../utils/module-container"

export const MONOBANK_NOTIFICATION_EVENT = "monobank.notification_received"

/** The provider as Medusa's webhook route names it (`<identifier>_<id>`) and the delivery as it came. */
export type MonobankNotification = { provider: string; payload: ProviderWebhookPayload["payload"] }

/** Medusa's defaults for its own webhook event. */
const MEDUSA_WEBHOOK_DELAY_MS = 5_000
const MEDUSA_WEBHOOK_ATTEMPTS = 3

export async function emitMonobankNotification(scope: ModuleScope, notification: MonobankNotification): Promise<void> {
  const eventBus = optionalFromCradle<IEventBusModuleService>(scope, Modules.EVENT_BUS)!
  const paymentOptions = (optionalFromCradle<{ options?: { webhook_delay?: number; webhook_retries?: number } }>(scope, Modules.PAYMENT)?.options ?? {})
  await eventBus.emit(
    { name: MONOBANK_NOTIFICATION_EVENT, data: notification },
    { delay: paymentOptions.webhook_delay || MEDUSA_WEBHOOK_DELAY_MS, attempts: paymentOptions.webhook_retries || MEDUSA_WEBHOOK_ATTEMPTS }
  )
}
