/**
 * Medusa's core webhook handler completes the cart on `authorized` / `captured` and drops the
 * rest. This subscriber takes the same `payment.webhook_received` events of the
 * `monobank-installments` provider and, for failures (FAIL/*: declined, timed out, rejected by the
 * store), brings the payment session up to date so the storefront can show why. The provider
 * verifies the signature first; a forged or unsigned callback stops there.
 */
import { withRawBodyBuffer } from "../utils/raw-body"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IPaymentModuleService, ProviderWebhookPayload } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, PaymentActions, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { providerKindOf } from "../utils/provider-ids"
import { syncInstallmentSessionWorkflow } from "../workflows/installments"

type WebhookEvent = { provider: string; payload: ProviderWebhookPayload["payload"] }

const HANDLED_HERE: readonly string[] = [PaymentActions.FAILED, PaymentActions.CANCELED]

export default async function monobankInstallmentsCallbackHandler({ event, container }: SubscriberArgs<WebhookEvent>) {
  const { provider, payload } = event.data ?? ({} as WebhookEvent)
  if (providerKindOf(provider) !== "installments" || !payload) return
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const result = await paymentModule.getWebhookActionAndData({ provider, payload: withRawBodyBuffer(payload) })
  const sessionId = result.data?.session_id
  if (!sessionId || !HANDLED_HERE.includes(result.action)) return
  try {
    await syncInstallmentSessionWorkflow(container).run({ input: { session_id: sessionId, complete_cart: false } })
  } catch (error) {
    if (!MedusaError.isMedusaError(error) || (error as MedusaError).type !== MedusaError.Types.NOT_FOUND) throw error
    // The shopper switched payment method meanwhile: the session is gone, nothing to update.
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`monobank installments: callback for session ${sessionId}, which no longer exists; ignored`)
  }
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "monobank-installments-callback" },
}
