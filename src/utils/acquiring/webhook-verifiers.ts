/**
 * The webhook verifier of a card provider's token, shared by the provider's handling of a webhook
 * and the check made as it arrives (api/hooks/payment/take-notification): the application's one per token and bank
 * address (modules/monobank-settings/bank-clients).
 */
import type { AcquiringClient, WebhookVerifier } from "../../lib/monobank"
import { bankClientsOf } from "../effective-settings"
import type { ModuleScope } from "../module-container"
import type { MonobankOptions } from "./options"

export function webhookVerifierOf(
  scope: ModuleScope,
  options: Pick<MonobankOptions, "token" | "baseUrl" | "webhookKeyRefreshIntervalMs">,
  client: Pick<AcquiringClient, "getPublicKey">
): WebhookVerifier {
  return bankClientsOf(scope).webhookVerifierFor(options, client)
}
