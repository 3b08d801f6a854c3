/**
 * Reads which monobank APIs a store has configured from its Medusa config, without touching any
 * secret: only provider ids, base URLs and whether the required credentials are present.
 */
import { CARD_PROVIDER_PREFIX, INSTALLMENTS_PROVIDER_PREFIX, ON_DELIVERY_PROVIDER_PREFIX } from "./provider-ids"

export type MonobankApiName = "acquiring" | "installments" | "checkout"

export type ConfiguredProvider = {
  id: string
  module: "payment" | "fulfillment"
  baseUrl: string | null
  credentialsPresent: boolean
}

export type MonobankConfigurationReport = Record<
  MonobankApiName,
  { configured: boolean; providers: ConfiguredProvider[] }
>

/** The checkout module's own state: its token comes from the plugin options, not a provider's. */
export type CheckoutModuleState = { configured: boolean }

type ProviderEntry = { resolve?: unknown; id?: unknown; options?: Record<string, unknown> }

const PROVIDER_FOLDERS = {
  monobank: { api: "acquiring", prefix: CARD_PROVIDER_PREFIX, credentials: ["token"] },
  "monobank-installments": {
    api: "installments",
    prefix: INSTALLMENTS_PROVIDER_PREFIX,
    credentials: ["storeId", "secret"],
  },
  // mono checkout's credentials are the plugin's `checkout` options (see CheckoutModuleState).
  "monobank-checkout": { api: "checkout", prefix: "monobank-checkout_", credentials: [] },
  "monobank-on-delivery": { api: "checkout", prefix: ON_DELIVERY_PROVIDER_PREFIX, credentials: [] },
} as const satisfies Record<
  string,
  { api: MonobankApiName; /** Id prefix, `<prefix><id>`. */ prefix: string; credentials: readonly string[] }
>

type ProviderFolder = keyof typeof PROVIDER_FOLDERS

function providerFolderOf(resolve: unknown): ProviderFolder | undefined {
  if (typeof resolve !== "string") return undefined
  const match = /(?:^|[\\/])providers[\\/]([a-z-]+)(?:[\\/]index(?:\.[jt]s)?)?[\\/]?$/.exec(resolve)
  const folder = match?.[1]
  return folder && folder in PROVIDER_FOLDERS ? (folder as ProviderFolder) : undefined
}

function providersOf(modules: unknown, moduleName: "payment" | "fulfillment"): ProviderEntry[] {
  const entries = Array.isArray(modules)
    ? modules
    : Object.entries((modules ?? {}) as Record<string, unknown>).map(([key, value]) => ({
        key,
        ...(typeof value === "object" && value ? value : {}),
      }))
  const found = entries.filter((entry: any) => {
    const resolve = typeof entry?.resolve === "string" ? entry.resolve : ""
    return entry?.key === moduleName || resolve.endsWith(`/${moduleName}`)
  })
  return found.flatMap((entry: any) => (entry?.options?.providers ?? []) as ProviderEntry[])
}

export function describeMonobankConfiguration(
  configModule: { modules?: unknown },
  checkoutModule: CheckoutModuleState = { configured: false }
): MonobankConfigurationReport {
  const report: MonobankConfigurationReport = {
    acquiring: { configured: false, providers: [] },
    installments: { configured: false, providers: [] },
    checkout: { configured: false, providers: [] },
  }
  for (const moduleName of ["payment", "fulfillment"] as const) {
    for (const entry of providersOf(configModule.modules, moduleName)) {
      const folder = providerFolderOf(entry.resolve)
      if (!folder) continue
      const { api, prefix, credentials } = PROVIDER_FOLDERS[folder]
      const options = entry.options ?? {}
      const credentialsPresent = credentials.every(
        (name) => typeof options[name] === "string" && (options[name] as string).length > 0
      )
      const baseUrl = typeof options.baseUrl === "string" ? options.baseUrl : null
      report[api].providers.push({
        id: `${prefix}${String(entry.id ?? "default")}`,
        module: moduleName,
        baseUrl,
        credentialsPresent,
      })
      report[api].configured ||= credentialsPresent
    }
  }
  // The shopper's delivery choice needs the fulfillment provider to become a shipping method.
  report.checkout.configured =
    checkoutModule.configured && report.checkout.providers.some((provider) => provider.module === "fulfillment")
  return report
}

/**
 * The options a store gave one monobank payment provider, by its Medusa id (`pp_monobank_<id>`),
 * for code that must talk to the bank outside the provider (the scheduled reconcile).
 */
export function monobankProviderOptions(
  configModule: { modules?: unknown },
  providerId: string
): Record<string, unknown> | undefined {
  for (const entry of providersOf(configModule.modules, "payment")) {
    const folder = providerFolderOf(entry.resolve)
    if (folder && `${PROVIDER_FOLDERS[folder].prefix}${String(entry.id ?? "default")}` === providerId) {
      return entry.options ?? {}
    }
  }
  return undefined
}

/** Every monobank payment provider of one API the store registered, with its Medusa id and options. */
export function monobankProvidersOf(
  configModule: { modules?: unknown },
  api: MonobankApiName
): { id: string; options: Record<string, unknown> }[] {
  return providersOf(configModule.modules, "payment").flatMap((entry) => {
    const folder = providerFolderOf(entry.resolve)
    if (!folder || PROVIDER_FOLDERS[folder].api !== api || folder === "monobank-on-delivery") return []
    return [{ id: `${PROVIDER_FOLDERS[folder].prefix}${String(entry.id ?? "default")}`, options: entry.options ?? {} }]
  })
}
