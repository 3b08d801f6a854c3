/**
 * The one place where code that talks to the bank asks "what are my settings now": the options
 * from medusa-config.ts with what the store owner saved in the admin (module `monobank-settings`)
 * laid over them. Read from the database on every call, so a save applies at once on every
 * server; outside a running application (module and unit tests) the configured options stand.
 * Bank clients come from the same module (its `bankClients`), so they live and close with the
 * application.
 */
import type { AcquiringClient } from "../lib/monobank"
import { MedusaError } from "@medusajs/framework/utils"
import {
  BankClients,
  MONOBANK_SETTINGS_MODULE,
  type KeptInstallmentsStore,
  type MonobankSettingsModuleService,
  type SettingsApi,
  type StoredSettings,
} from "../modules/monobank-settings"
import type { AcquiringCredentials } from "../modules/monobank-settings/bank-clients"
import { readCheckoutOptions, type CheckoutOptions } from "./checkout/options"
import { parseMonobankOptions, type MonobankOptions } from "./acquiring/options"
import { resolveInstallmentsOptions, type ResolvedInstallmentsOptions } from "./installments/options"
import { optionalFromCradle, type ModuleScope } from "./module-container"
import { monobankProviderOptions } from "./monobank-configuration"

/** What the store owner saved in the admin for one API, read through the scope's settings module (undefined without one). */
export async function storedSettingsOf<A extends SettingsApi>(scope: ModuleScope, api: A): Promise<StoredSettings<A> | undefined> {
  const service = settingsModuleOf(scope)
  return service ? service.storedSettings(api) : undefined
}

function settingsModuleOf(scope: ModuleScope): MonobankSettingsModuleService | undefined {
  return optionalFromCradle<MonobankSettingsModuleService>(scope, MONOBANK_SETTINGS_MODULE)
}

/** Where a scope without the settings module (a unit test's stand-in) keeps its clients. */
const clientsOutsideAnApplication = new BankClients()

/** The bank clients and webhook verifiers of the scope's application. */
export function bankClientsOf(scope: ModuleScope): BankClients {
  return settingsModuleOf(scope)?.bankClients ?? clientsOutsideAnApplication
}

/** The application's acquiring client for these credentials. */
export function acquiringClientFor(scope: ModuleScope, credentials: AcquiringCredentials): AcquiringClient {
  return bankClientsOf(scope).acquiringFor(credentials)
}

/** Card payments: saved values and token over the provider's options (validated again as options). */
export function mergeCardOptions(configured: MonobankOptions, stored: StoredSettings<"acquiring"> | undefined): MonobankOptions {
  if (!stored) return configured
  const token = stored.secrets.token
  return parseMonobankOptions({ ...configured, ...stored.values, ...(token ? { token } : {}) })
}

/** A card provider as it works now: its options in the store's config with the admin's saved ones over them, and the bank client of those. */
export type CurrentCardProvider = { options: MonobankOptions; client: AcquiringClient }

/**
 * A card provider (`pp_monobank_<id>`) as it works now, for code outside the provider (routes,
 * jobs, the settlement): what the provider itself computes per call. Undefined when the store's
 * config does not list that provider.
 */
export async function currentCardProvider(
  scope: ModuleScope,
  configModule: { modules?: unknown },
  providerId: string
): Promise<CurrentCardProvider | undefined> {
  const configured = monobankProviderOptions(configModule, providerId)
  if (!configured) return undefined
  const options = mergeCardOptions(parseMonobankOptions(configured), await storedSettingsOf(scope, "acquiring"))
  return { options, client: acquiringClientFor(scope, options) }
}

/** mono checkout: saved values and token over the module's options (validated again as options). */
export function mergeCheckoutOptions(configured: CheckoutOptions, stored: StoredSettings<"checkout"> | undefined): CheckoutOptions {
  if (!stored) return configured
  const token = stored.secrets.token
  return readCheckoutOptions({ checkout: { ...configured, ...stored.values, ...(token ? { token } : {}) } })!
}

/** Installments: raw provider options with the saved ones over them, for `resolveInstallmentsOptions`. */
export function mergeInstallmentsOptions(
  configured: Record<string, unknown>,
  stored: StoredSettings<"installments"> | undefined
): Record<string, unknown> {
  if (!stored) return configured
  const { environment, storeId, allowedParts, placeOrderBeforeApproval } = stored.values
  const merged: Record<string, unknown> = { ...configured }
  if (placeOrderBeforeApproval !== undefined) merged.placeOrderBeforeApproval = placeOrderBeforeApproval
  if (storeId) merged.storeId = storeId
  if (stored.secrets.secret) merged.secret = stored.secrets.secret
  if (environment) {
    merged.environment = environment
    delete merged.baseUrl
  }
  if (allowedParts) {
    merged.allowedParts = allowedParts
    if (!allowedParts.includes(merged.defaultParts as number)) delete merged.defaultParts
  }
  return merged
}

export async function keptInstallmentsStores(scope: ModuleScope): Promise<KeptInstallmentsStore[]> {
  const service = settingsModuleOf(scope)
  return service ? service.keptInstallmentsStores() : []
}

/** What an installments provider works with now, or for an order made under `storeId`. */
export type InstallmentsSettings = {
  stored: StoredSettings<"installments"> | undefined
  kept: KeptInstallmentsStore[]
}

export async function installmentsSettingsNow(scope: ModuleScope): Promise<InstallmentsSettings> {
  const [stored, kept] = await Promise.all([storedSettingsOf(scope, "installments"), keptInstallmentsStores(scope)])
  return { stored, kept }
}

/**
 * The provider's options (raw, from medusa-config.ts) for a call about an order made under
 * `storeId`: the effective ones (saved over configured) when it is that store or none is named,
 * else the configured ones or the credentials kept when the admin moved to another store.
 */
export function installmentsOptionsUnder(
  raw: Record<string, unknown>,
  { stored, kept }: InstallmentsSettings,
  storeId?: string | null
): ResolvedInstallmentsOptions {
  const current = resolveInstallmentsOptions(mergeInstallmentsOptions(raw, stored))
  if (!storeId || storeId === current.storeId) return current
  const configured = resolveInstallmentsOptions(raw)
  if (storeId === configured.storeId) return configured
  const entry = [...kept].reverse().find((store) => store.storeId === storeId)
  if (!entry) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `monobank installments: the order was made under store id ${storeId}, whose secret this store no longer has; handle it in the monobank cabinet`
    )
  }
  const { environment: _environment, baseUrl: _baseUrl, ...rest } = raw
  return resolveInstallmentsOptions({ ...rest, storeId: entry.storeId, secret: entry.secret, baseUrl: entry.baseUrl })
}

/** Every installments store this provider can still speak for: the current one first, then configured and kept ones. */
export function installmentsStoresOf(raw: Record<string, unknown>, settings: InstallmentsSettings): ResolvedInstallmentsOptions[] {
  const ids = [installmentsOptionsUnder(raw, settings).storeId, resolveInstallmentsOptions(raw).storeId, ...settings.kept.map((store) => store.storeId)]
  return [...new Set(ids)].map((storeId) => installmentsOptionsUnder(raw, settings, storeId))
}

/** Minimum and maximum order total (hryvnia) the store offers installments for, when saved. */
export function installmentsOrderLimits(stored: StoredSettings<"installments"> | undefined): { min?: string; max?: string } {
  return { min: stored?.values.minOrderTotal, max: stored?.values.maxOrderTotal }
}
