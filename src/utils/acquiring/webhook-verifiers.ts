/**
 * One webhook verifier per merchant token and bank address for the process, shared by the
 * provider's handling of a webhook and the check made as it arrives (api/hooks/payment): one cached
 * key, one allowance of key refetches (forged webhooks cannot make the store fetch the bank's key
 * more often), and a delivery verified once is not checked again.
 */
import { createWebhookVerifier, type AcquiringClient, type WebhookVerifier } from "../../lib/monobank"
import type { MonobankOptions } from "./options"

const MAX_KEPT_VERIFIERS = 8
const verifiers = new Map<string, WebhookVerifier>()

export function webhookVerifierOf(
  options: Pick<MonobankOptions, "token" | "baseUrl" | "webhookKeyRefreshIntervalMs">,
  client: Pick<AcquiringClient, "getPublicKey">
): WebhookVerifier {
  const key = JSON.stringify([options.token, options.baseUrl])
  let verifier = verifiers.get(key)
  if (!verifier) {
    verifier = createWebhookVerifier({
      fetchPublicKey: async () => (await client.getPublicKey()).key,
      minRefreshIntervalMs: options.webhookKeyRefreshIntervalMs,
    })
    verifiers.set(key, verifier)
    if (verifiers.size > MAX_KEPT_VERIFIERS) verifiers.delete(verifiers.keys().next().value as string)
  }
  return verifier
}
