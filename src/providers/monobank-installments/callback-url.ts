/**
 * Where the bank sends callbacks: Medusa's `/hooks/payment/<identifier>_<id>`, where `id` is the
 * one the provider is registered with in medusa-config. Providers are not told their id, so it is
 * read from the registrations (utils/medusa-internals) when there is only one of us.
 */
import type { Logger } from "@medusajs/framework/types"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import { registeredProviderIds } from "../../utils/medusa-internals"
import type { ResolvedInstallmentsOptions } from "../../utils/installments/options"

const IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.installments

export function callbackUrlFor(
  options: Pick<ResolvedInstallmentsOptions, "callbackBaseUrl" | "providerId">,
  container: Record<string, unknown>,
  logger?: Pick<Logger, "warn">
): string | undefined {
  if (!options.callbackBaseUrl) return undefined
  let registeredId = options.providerId ? `${IDENTIFIER}_${options.providerId}` : undefined
  if (!registeredId) {
    const registered = registeredProviderIds(container, IDENTIFIER)
    if (registered.length > 1) {
      logger?.warn(
        `monobank installments: several ${IDENTIFIER} providers are registered (${registered.join(", ")}); set the providerId option on each so callbacks reach the right one`
      )
    }
    registeredId = registered.length === 1 ? registered[0] : `${IDENTIFIER}_${IDENTIFIER}`
  }
  return `${options.callbackBaseUrl}/hooks/payment/${registeredId}`
}

/** The invoice date the bank wants (YYYY-MM-DD), in Kyiv time like the bank's own records. */
export function kyivDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Kyiv", year: "numeric", month: "2-digit", day: "2-digit" }).format(now)
}
