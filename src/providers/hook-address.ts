/**
 * Where the bank sends a provider's webhooks and callbacks: the plugin's
 * `/hooks/monobank/payment/<identifier>_<id>` (src/api/hooks/monobank/payment), `id` being the one the provider is registered with in medusa-config. Medusa hands a provider only
 * its options, so the id is found, in this order: the registration of this very instance
 * (utils/medusa-internals), the `providerId` option, the only registration of this kind. The
 * public URL of the store is the `webhookBaseUrl` option of every provider.
 */
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { registeredProviderIds } from "../utils/medusa-internals"

export type HookAddressOptions = {
  /** Public URL of this Medusa server, without a trailing slash. */
  webhookBaseUrl?: string
  /** The `id` the provider is registered with, for a store that registers several of one kind. */
  providerId?: string
}

/** The path the plugin's notification route takes a provider's deliveries on, by its `<identifier>_<id>`. */
export const notificationPath = (unprefixedProviderId: string) => `/hooks/monobank/payment/${unprefixedProviderId}`

/** `<base>/hooks/monobank/payment/<identifier>_<id>`, or undefined without a base URL. Throws when the id cannot be told. */
export function hookUrlOf(
  cradle: Record<string, unknown>,
  identifier: string,
  ownRegistration: string | undefined,
  options: HookAddressOptions,
  logger?: Pick<Logger, "warn">
): string | undefined {
  if (!options.webhookBaseUrl) return undefined
  return `${options.webhookBaseUrl}${notificationPath(ownRegistration ?? configuredOrSoleId(cradle, identifier, options, logger))}`
}

function configuredOrSoleId(cradle: Record<string, unknown>, identifier: string, options: HookAddressOptions, logger?: Pick<Logger, "warn">): string {
  if (options.providerId) return `${identifier}_${options.providerId}`
  const registered = registeredProviderIds(cradle, identifier)
  if (registered.length === 1) return registered[0]
  if (registered.length > 1) {
    logger?.warn(
      `monobank: several ${identifier} providers are registered (${registered.join(", ")}); set the providerId option on each so the bank's notifications reach the right one`
    )
  }
  throw new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `monobank: cannot tell which id this ${identifier} provider was registered with; set its providerId option to the id given in medusa-config`
  )
}
