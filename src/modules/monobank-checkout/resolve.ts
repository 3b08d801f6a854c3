/** The mono checkout module from a workflow / route / job container, for the code that uses it. */
import { MONOBANK_CHECKOUT_MODULE } from "."
import type { MonobankCheckoutModuleService } from "./service"
import type { CheckoutOptions } from "../../utils/checkout/options"
import { storedSettingsOf } from "../../utils/effective-settings"
import type { ModuleScope } from "../../utils/module-container"

type Container = { resolve: (key: string) => unknown }

/** The mono checkout module service from a workflow / route container. */
export function checkoutModule(container: Container): MonobankCheckoutModuleService {
  return container.resolve(MONOBANK_CHECKOUT_MODULE) as MonobankCheckoutModuleService
}

/** The module, or undefined in a store that left the plugin's modules out. */
export function registeredCheckoutModule(
  container: Container & { hasRegistration: (key: string) => boolean }
): MonobankCheckoutModuleService | undefined {
  return container.hasRegistration(MONOBANK_CHECKOUT_MODULE) ? checkoutModule(container) : undefined
}

/** The mono checkout options now: the configured ones with what the store owner saved in the admin over them. */
export async function checkoutOptionsNow(container: Container & ModuleScope): Promise<CheckoutOptions> {
  return checkoutModule(container).currentCheckoutOptions(await storedSettingsOf(container, "checkout"))
}
