/**
 * The installments provider's working set for one call: what it was built with from
 * medusa-config.ts, with the settings saved in the admin over the options
 * (`src/utils/effective-settings`, read from the database on every call), so a save applies to the
 * next call on every server, without a restart. Also the saved order-total limits a new session
 * must be within. Sessions that record a purchase approved on the mono checkout page never ask for
 * it: they read no saved settings and no limits.
 */
import type { ModuleScope } from "../../utils/module-container"
import type { BigNumberInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import {
  installmentsOptionsUnder,
  installmentsOrderLimits,
  installmentsSettingsNow,
  installmentsStoresOf,
  bankClientsOf,
  type InstallmentsSettings,
} from "../../utils/effective-settings"
import type { ResolvedInstallmentsOptions } from "../../utils/installments/options"
import { outsideLimits } from "../../utils/installments/price-offer"
import { depsFor, type InstallmentsDeps } from "./deps"

/**
 * `configured` with the saved settings over it; `rawOptions` are the provider's options as given
 * in medusa-config.ts (the saved ones are resolved together with them). With `storeId` (the store
 * an order was made under, from the provider's ledger): the credentials of that store, also after
 * the admin moved to another one.
 */
export async function depsWithStoredSettings(
  scope: ModuleScope,
  configured: InstallmentsDeps,
  rawOptions: Record<string, unknown>,
  storeId?: string | null
): Promise<InstallmentsDeps> {
  const settings = await installmentsSettingsNow(scope)
  if (!settings.stored && (!storeId || storeId === configured.options.storeId)) return configured
  return depsOf(scope, installmentsOptionsUnder(rawOptions, settings, storeId), configured, settings)
}

/** The deps of every installments store the provider can still speak for, the current one first. */
export async function depsOfEveryStore(scope: ModuleScope, configured: InstallmentsDeps, rawOptions: Record<string, unknown>): Promise<InstallmentsDeps[]> {
  const settings = await installmentsSettingsNow(scope)
  return installmentsStoresOf(rawOptions, settings).map((options) => depsOf(scope, options, configured, settings))
}

function depsOf(scope: ModuleScope, options: ResolvedInstallmentsOptions, configured: InstallmentsDeps, settings: InstallmentsSettings): InstallmentsDeps {
  const client = bankClientsOf(scope).installmentsFor(options)
  return { ...depsFor(options, configured.logger, client), orderLimits: installmentsOrderLimits(settings.stored) }
}

/** A new session outside the saved order-total limits is refused before the bank is asked. */
export function refuseOutsideLimits(amount: BigNumberInput, limits: InstallmentsDeps["orderLimits"]): void {
  const refusal = outsideLimits(amount, limits)
  if (refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
}
