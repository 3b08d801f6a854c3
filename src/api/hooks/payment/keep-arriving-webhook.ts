/**
 * Middleware for Medusa's own `POST /hooks/payment/:provider`, card providers only: keeps a signed
 * paid or held invoice record on the plugin's row as the webhook arrives (utils/acquiring/arriving-webhook),
 * then lets Medusa's route answer and queue its handling as always. It never fails the request:
 * whatever goes wrong here, Medusa's handling 5 s later does the whole work as before.
 * Registered in the plugin's `src/api/middlewares.ts`.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { WebhookVerifier } from "../../../lib/monobank"
import { keepArrivingRecord } from "../../../utils/acquiring/arriving-webhook"
import { webhookVerifierOf } from "../../../utils/acquiring/webhook-verifiers"
import { currentCardProvider } from "../../../utils/effective-settings"
import { providerKindOf } from "../../../utils/provider-ids"
import { headerValue, rawBodyBytes } from "../../../utils/raw-body"
import { ledgerOf } from "../../../utils/session-money/ledger"

/** The verifier of a card provider's current token (the admin's saved one over medusa-config's), or undefined. */
async function cardVerifierOf(scope: MedusaContainer, providerId: string): Promise<WebhookVerifier | undefined> {
  const provider = await currentCardProvider(scope, scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  return provider && webhookVerifierOf(scope, provider.options, provider.client)
}

export async function keepArrivingCardWebhook(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const provider = req.params.provider
  if (providerKindOf(provider) !== "card") return next()
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
  next()
}
