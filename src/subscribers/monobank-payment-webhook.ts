/**
 * Card webhooks and installment callbacks, delivered to Medusa's `/hooks/payment/<provider>`.
 * Medusa's core subscriber applies money held or taken; this one applies what Medusa's leaves out
 * (card declines, expiry, released holds, refunds made in the bank's cabinet; installment
 * failures), as src/workflows/notifications chooses. The provider verifies the
 * signature; a forged delivery stops there. Both subscribers ask the provider about the same
 * delivery, which reads it once (provider-base).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IPaymentModuleService, ProviderWebhookPayload } from "@medusajs/framework/types"
import { Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { isNotifiedProvider } from "../utils/provider-ids"
import { withRawBodyBuffer } from "../utils/raw-body"
import { applyMonobankNotification } from "../workflows/notifications"

type WebhookEvent = { provider: string; payload: ProviderWebhookPayload["payload"] }

export default async function monobankPaymentWebhookHandler({ event, container }: SubscriberArgs<WebhookEvent>) {
  const { provider, payload } = event.data ?? ({} as WebhookEvent)
  if (!isNotifiedProvider(provider) || !payload) return
  const result = await container.resolve<IPaymentModuleService>(Modules.PAYMENT).getWebhookActionAndData({
    provider,
    payload: withRawBodyBuffer(payload),
  })
  await applyMonobankNotification(container, provider, result)
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "monobank-payment-webhook" },
}
