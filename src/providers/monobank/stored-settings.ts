/**
 * Makes the card provider use the settings saved in the admin: before each operation it takes its
 * options and bank client from `src/utils/effective-settings` (medusa-config options with the saved
 * settings over them), so a save applies to the next call on every server, without a restart.
 * A session that records a mono checkout payment is answered from its recorded facts, as it was
 * configured: it reads no saved settings.
 */
import type { ProviderDeps } from "./deps"
import type { MonobankProviderService } from "./service"
import { beforeEachOperation, PAYMENT_OPERATIONS } from "../../utils/before-each-operation"
import { isCheckoutPaymentCall } from "../../utils/checkout/checkout-payments"
import { acquiringClientFor, mergeCardOptions, storedSettingsOf } from "../../utils/effective-settings"

const OPERATIONS = [
  ...PAYMENT_OPERATIONS,
  "deleteAccountHolder",
  "listPaymentMethods",
  "savePaymentMethod",
  "deletePaymentMethod",
] as const

type CardProviderClass = new (...args: any[]) => MonobankProviderService

type WithDeps = { deps: ProviderDeps }

/** What each provider instance was built with from medusa-config.ts. */
const configuredDeps = new WeakMap<object, ProviderDeps>()

async function useStoredSettings(provider: object): Promise<void> {
  const holder = provider as WithDeps
  let configured = configuredDeps.get(provider)
  if (!configured) configuredDeps.set(provider, (configured = holder.deps))
  const options = mergeCardOptions(configured.options, await storedSettingsOf("acquiring"))
  holder.deps = options === configured.options ? configured : { ...configured, options, client: acquiringClientFor(options) }
}

export function withStoredCardSettings<T extends CardProviderClass>(Base: T): T {
  return beforeEachOperation(Base, OPERATIONS, async (provider, operation, args) => {
    if (!isCheckoutPaymentCall(operation, args)) await useStoredSettings(provider)
  })
}
