/**
 * Medusa's core webhook handler acts only on authorized/captured. This subscriber takes the same
 * `payment.webhook_received` events of the `monobank` card provider and applies what the core
 * leaves out (declines, expiry, released holds, refunds made in the bank's cabinet) through
 * `syncMonobankInvoiceWorkflow`. The provider verifies the signature; forged webhooks stop there.
 */
import { withRawBodyBuffer } from "../utils/raw-body"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IPaymentModuleService, ProviderWebhookPayload } from "@medusajs/framework/types"
import { Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import type { MonobankWebhookFacts, MonobankWebhookResult } from "../utils/acquiring/webhook-facts"
import { providerKindOf } from "../utils/provider-ids"
import { syncMonobankInvoiceWorkflow } from "../workflows/acquiring"

type WebhookEvent = { provider: string; payload: ProviderWebhookPayload["payload"] }

/** Statuses and changes the core handler would drop. */
export function needsPluginHandling(invoice: MonobankWebhookFacts): boolean {
  return ["failure", "expired", "reversed"].includes(invoice.status) || invoice.cancelList.length > 0
}

export default async function monobankAcquiringWebhookHandler({ event, container }: SubscriberArgs<WebhookEvent>) {
  const { provider, payload } = event.data ?? ({} as WebhookEvent)
  if (providerKindOf(provider) !== "card" || !payload) return
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const result = (await paymentModule.getWebhookActionAndData({
    provider,
    payload: withRawBodyBuffer(payload),
  })) as MonobankWebhookResult
  const invoice = result.data?.monobank
  if (!invoice || !result.data?.session_id || !needsPluginHandling(invoice)) return
  await syncMonobankInvoiceWorkflow(container).run({ input: { session_id: result.data.session_id, invoice } })
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "monobank-acquiring-webhook" },
}
