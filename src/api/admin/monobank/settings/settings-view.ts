/**
 * What the settings page shows and tests per monobank API: the saved settings (secrets as hints
 * only), the defaults from medusa-config.ts they override (no secrets: only whether one is set),
 * the addresses this store gives the bank, and the credentials a connection check uses.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_BASE_URLS } from "../../../../lib/monobank"
import { CHECKOUT_CALLBACK_PATH, type CheckoutOptions } from "../../../../utils/checkout/options"
import {
  MONOBANK_SETTINGS_MODULE,
  SETTINGS_SCHEMAS,
  type MonobankSettingsModuleService,
  type SecretHint,
  type SettingsApi,
  type StoredSettings,
} from "../../../../modules/monobank-settings"
import { SETTINGS_KEY_ENV, settingsKeysFrom } from "../../../../modules/monobank-settings/secret-box"
import { parseMonobankOptions } from "../../../../utils/acquiring/options"
import { resolveInstallmentsOptions } from "../../../../utils/installments/options"
import { mergeCardOptions, mergeInstallmentsOptions } from "../../../../utils/effective-settings"
import { monobankProvidersOf } from "../../../../utils/monobank-configuration"
import { registeredCheckoutModule } from "../../../../modules/monobank-checkout/resolve"
import { notificationPath } from "../../../../providers/hook-address"
import { unprefixedProviderId } from "../../../../utils/provider-ids"

export type ApiSettingsView = {
  /** Saved in the admin; a field left out uses `defaults`. */
  values: Record<string, unknown>
  secrets: Record<string, SecretHint>
  updated_at: Date | null
  /** From medusa-config.ts (non-secret fields only). */
  defaults: Record<string, unknown>
  /** Which secrets medusa-config.ts sets (never their values). */
  configured_secrets: Record<string, boolean>
  /** The addresses this store gives the bank for webhooks / callbacks. */
  bank_calls_back: { provider: string; url: string }[]
  /** Payment providers of this API registered in the store. */
  providers: { id: string; captureMode?: string }[]
  /** False when medusa-config.ts does not set this API up at all (nothing can be applied). */
  available: boolean
}

export type Credentials = {
  acquiring: { token: string; baseUrl: string }
  installments: { storeId: string; secret: string; baseUrl: string }
  checkout: { token: string; baseUrl: string }
}

type Scope = MedusaContainer

export function settingsModule(scope: Scope): MonobankSettingsModuleService {
  return scope.resolve<MonobankSettingsModuleService>(MONOBANK_SETTINGS_MODULE)
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]))
}

const valueKeys = (api: SettingsApi) => Object.keys((SETTINGS_SCHEMAS[api].values as unknown as { shape: object }).shape ?? {})

function configured(scope: Scope, api: SettingsApi) {
  const configModule = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  if (api === "checkout") {
    const checkout = registeredCheckoutModule(scope)
    return checkout?.isConfigured() ? checkout.getCheckoutOptions() : undefined
  }
  return monobankProvidersOf(configModule, api)
}

export async function settingsView(scope: Scope, api: SettingsApi): Promise<ApiSettingsView> {
  const saved = await settingsModule(scope).settingsForAdmin(api)
  const base = { values: saved.values as Record<string, unknown>, secrets: saved.secrets, updated_at: saved.updated_at }
  if (api === "checkout") {
    const options = configured(scope, "checkout") as CheckoutOptions | undefined
    return {
      ...base,
      defaults: options ? pick(options as unknown as Record<string, unknown>, valueKeys("checkout")) : {},
      configured_secrets: { token: Boolean(options?.token) },
      bank_calls_back: options ? [{ provider: "mono checkout", url: `${options.storeUrl}${CHECKOUT_CALLBACK_PATH}` }] : [],
      providers: [],
      available: Boolean(options),
    }
  }
  const providers = configured(scope, api) as { id: string; options: Record<string, unknown> }[]
  const first = providers[0]?.options ?? {}
  const secretName = api === "acquiring" ? "token" : "secret"
  const callbackBase = (options: Record<string, unknown>) =>
    String(options.webhookBaseUrl ?? options.callbackBaseUrl ?? "").replace(/\/+$/, "")
  return {
    ...base,
    defaults: {
      ...pick(first, valueKeys(api)),
      ...(api === "installments" && !first.environment ? { baseUrl: first.baseUrl } : {}),
    },
    configured_secrets: { [secretName]: typeof first[secretName] === "string" && (first[secretName] as string).length > 0 },
    bank_calls_back: providers
      .filter((provider) => callbackBase(provider.options))
      .map((provider) => ({ provider: provider.id, url: `${callbackBase(provider.options)}${notificationPath(unprefixedProviderId(provider.id))}` })),
    providers: providers.map((provider) => ({
      id: provider.id,
      ...(api === "acquiring" ? { captureMode: String(provider.options.captureMode ?? "automatic") } : {}),
    })),
    available: providers.length > 0,
  }
}

/** Whether this server can seal secrets (the key is set and well formed), and why not. */
export function settingsKeyState(): { ready: boolean; problem?: string } {
  try {
    return settingsKeysFrom(process.env).current
      ? { ready: true }
      : { ready: false, problem: `${SETTINGS_KEY_ENV} is not set on this server: secrets cannot be saved here.` }
  } catch (error) {
    return { ready: false, problem: (error as Error).message }
  }
}

/**
 * The credentials a connection check uses: medusa-config.ts with `stored` (what is saved, or what
 * the store owner typed and has not saved yet) over it. Undefined when the API is not set up at all.
 */
export function credentialsFor<A extends SettingsApi>(scope: Scope, api: A, stored: StoredSettings<A> | undefined): Credentials[A] | undefined {
  if (api === "checkout") {
    const options = configured(scope, "checkout") as { token: string; baseUrl: string } | undefined
    if (!options) return undefined
    const token = (stored as StoredSettings<"checkout"> | undefined)?.secrets.token ?? options.token
    return { token, baseUrl: options.baseUrl } as Credentials[A]
  }
  const providers = configured(scope, api) as { id: string; options: Record<string, unknown> }[]
  if (!providers.length) return undefined
  if (api === "acquiring") {
    const options = mergeCardOptions(parseMonobankOptions(providers[0].options), stored as StoredSettings<"acquiring"> | undefined)
    return { token: options.token, baseUrl: options.baseUrl } as Credentials[A]
  }
  const options = resolveInstallmentsOptions(mergeInstallmentsOptions(providers[0].options, stored as StoredSettings<"installments"> | undefined))
  return { storeId: options.storeId, secret: options.secret, baseUrl: options.baseUrl ?? INSTALLMENTS_BASE_URLS.production } as Credentials[A]
}
