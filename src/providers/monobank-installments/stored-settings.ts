/**
 * The installments provider's working set for one call: what it was built with from
 * medusa-config.ts, with the settings saved in the admin over the options
 * (`src/utils/effective-settings`, read from the database on every call), so a save applies to the
 * next call on every server, without a restart. Also the saved order-total limits a new session
 * must be within. Sessions that record a purchase approved on the mono checkout page never ask for
 * it: they read no saved settings and no limits.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import type { InstallmentsClient } from "../../lib/monobank"
import { installmentsOrderLimits, keptClient, mergeInstallmentsOptions, storedSettingsOf } from "../../utils/effective-settings"
import { clientFor, depsFor, type InstallmentsDeps } from "./deps"
import { resolveInstallmentsOptions } from "../../utils/installments/options"

const clients = new Map<string, InstallmentsClient>()

/**
 * `configured` with the saved settings over it; `rawOptions` are the provider's options as given
 * in medusa-config.ts (the saved ones are resolved together with them).
 */
export async function depsWithStoredSettings(configured: InstallmentsDeps, rawOptions: Record<string, unknown>): Promise<InstallmentsDeps> {
  const stored = await storedSettingsOf("installments")
  if (!stored) return configured
  const options = resolveInstallmentsOptions(mergeInstallmentsOptions(rawOptions, stored))
  const client = keptClient(clients, JSON.stringify([options.storeId, options.secret, options.baseUrl, options.timeoutMs]), () => clientFor(options))
  return { ...depsFor(options, configured.logger, client), orderLimits: installmentsOrderLimits(stored) }
}

/** A new session outside the saved order-total limits is refused before the bank is asked. */
export function refuseOutsideLimits(amount: BigNumberInput, limits: InstallmentsDeps["orderLimits"]): void {
  const { min, max } = limits
  if ((min && MathBN.lt(amount, min)) || (max && MathBN.gt(amount, max))) {
    const range = min && max ? `from ${min} to ${max} UAH` : min ? `from ${min} UAH` : `up to ${max} UAH`
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Installments are offered for orders ${range}`)
  }
}
