/**
 * The bank clients and webhook verifiers of one running application, held by its
 * `monobank-settings` module (so two applications in one process, as in the tests, share none) and
 * closed when the application shuts down. One client per credentials and address: a client holds
 * keep-alive connections. One verifier per token and address: one cached key, one allowance of key
 * refetches (forged webhooks cannot make the store fetch the bank's key more often), and a delivery
 * verified once is not checked again by the other handler of the same webhook.
 */
import { AcquiringClient, createWebhookVerifier, InstallmentsClient, type WebhookVerifier } from "../../lib/monobank"

/** How many clients (and verifiers) of each kind are kept; past it the oldest is closed. */
const MAX_KEPT = 8

export type AcquiringCredentials = { token: string; baseUrl?: string; timeoutMs?: number }
export type InstallmentsCredentials = { storeId: string; secret: string; baseUrl?: string; timeoutMs?: number }
export type VerifierSettings = { token: string; baseUrl?: string; webhookKeyRefreshIntervalMs?: number }

/** A client of its own, for code that keeps it itself (a provider's configured credentials). */
export function newAcquiringClient({ token, baseUrl, timeoutMs }: AcquiringCredentials): AcquiringClient {
  return new AcquiringClient({ token, baseUrl, timeoutMs })
}

export function newInstallmentsClient({ storeId, secret, baseUrl, timeoutMs }: InstallmentsCredentials): InstallmentsClient {
  return new InstallmentsClient({ storeId, secret, baseUrl, timeoutMs })
}

/** The value kept under `key`, built on first use; past MAX_KEPT the oldest is dropped (and closed, when it can be). */
export function keptClient<C extends object>(kept: Map<string, C>, key: string, build: () => C): C {
  let client = kept.get(key)
  if (!client) {
    client = build()
    kept.set(key, client)
    if (kept.size > MAX_KEPT) {
      const [oldestKey, oldest] = kept.entries().next().value as [string, C]
      kept.delete(oldestKey)
      void (oldest as { close?: () => Promise<void> }).close?.().catch(() => undefined)
    }
  }
  return client
}

export class BankClients {
  private readonly acquiring = new Map<string, AcquiringClient>()
  private readonly installments = new Map<string, InstallmentsClient>()
  private readonly verifiers = new Map<string, WebhookVerifier>()

  acquiringFor(credentials: AcquiringCredentials): AcquiringClient {
    const { token, baseUrl, timeoutMs } = credentials
    return keptClient(this.acquiring, JSON.stringify([token, baseUrl, timeoutMs]), () => newAcquiringClient(credentials))
  }

  installmentsFor(credentials: InstallmentsCredentials): InstallmentsClient {
    const { storeId, secret, baseUrl, timeoutMs } = credentials
    return keptClient(this.installments, JSON.stringify([storeId, secret, baseUrl, timeoutMs]), () => newInstallmentsClient(credentials))
  }

  /** The verifier of webhooks signed for `token` at `baseUrl`; `client` fetches the bank's key when it needs one. */
  webhookVerifierFor(settings: VerifierSettings, client: Pick<AcquiringClient, "getPublicKey">): WebhookVerifier {
    return keptClient(this.verifiers, JSON.stringify([settings.token, settings.baseUrl]), () =>
      createWebhookVerifier({
        fetchPublicKey: async () => (await client.getPublicKey()).key,
        minRefreshIntervalMs: settings.webhookKeyRefreshIntervalMs,
      })
    )
  }

  /** Closes every kept client (the application is shutting down); a later call builds new ones. */
  async close(): Promise<void> {
    const clients = [...this.acquiring.values(), ...this.installments.values()]
    this.acquiring.clear()
    this.installments.clear()
    this.verifiers.clear()
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)))
  }
}
