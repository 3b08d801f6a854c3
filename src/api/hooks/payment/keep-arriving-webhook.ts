/**
 * A card webhook as it arrives (./take-notification): its signed paid or held invoice record kept on
 * the plugin's row (utils/acquiring/arriving-webhook), for a shopper who completes the cart before
 * the queued handling runs. It never fails the request: whatever goes wrong here, the handling a
 * few seconds later does the whole work.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { WebhookVerifier } from "../../../lib/monobank"
import { keepArrivingRecord } from "../../../utils/acquiring/arriving-webhook"
import { webhookVerifierOf } from "../../../utils/acquiring/webhook-verifiers"
import { currentCardProvider } from "../../../utils/effective-settings"
import { headerValue, rawBodyBytes } from "../../../utils/raw-body"
import { ledgerOf } from "../../../utils/session-money/ledger"

/** The verifier of a card provider's current token (the admin's saved one over medusa-config's), or undefined. */
async function cardVerifierOf(scope: MedusaContainer, providerId: string): Promise<WebhookVerifier | undefined> {
  const provider = await currentCardProvider(scope, scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  return provider && webhookVerifierOf(scope, provider.options, provider.client)
}

export async function keepArrivingCardWebhook(req: MedusaRequest, provider: string): Promise<void> {
  try {
    const ledger = ledgerOf(req.scope)
    if (ledger) {
      await keepArrivingRecord(
        {
          ledger,
          // The provider's own verifier (one key, one refetch allowance), looked up only for a body
          // that names an invoice of ours. A key refetch not allowed yet is not waited for here.
          verify: async (raw, xSign) => {
            const verifier = await cardVerifierOf(req.scope, `pp_${provider}`)
            return !!verifier && (await verifier.verify(raw, xSign, { maxWaitMs: 0 }))
          },
          now: () => new Date(),
        },
        rawBodyBytes((req as { rawBody?: unknown }).rawBody),
        headerValue(req.headers as Record<string, unknown>, "x-sign")
      )
    }
  } catch (error) {
    req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER).debug?.(`monobank: webhook to ${provider} not kept on arrival: ${(error as Error).message}`)
  }
}
