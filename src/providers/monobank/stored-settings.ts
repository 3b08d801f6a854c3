/**
 * The card provider's working set for one call: what it was built with from medusa-config.ts, with
 * the settings saved in the admin over the options (`src/utils/effective-settings`, read from the
 * database on every call), so a save applies to the next call on every server, without a restart.
 * Sessions that record a mono checkout payment never ask for it: they read no saved settings.
 */
import type { ProviderDeps } from "./deps"
import { acquiringClientFor, mergeCardOptions, storedSettingsOf } from "../../utils/effective-settings"
import type { ModuleScope } from "../../utils/module-container"

export async function depsWithStoredSettings(scope: ModuleScope, configured: ProviderDeps): Promise<ProviderDeps> {
  const options = mergeCardOptions(configured.options, await storedSettingsOf(scope, "acquiring"))
  return options === configured.options ? configured : { ...configured, options, client: acquiringClientFor(scope, options) }
}
