import { MONOBANK_CHECKOUT_MODULE } from "../../../modules/monobank-checkout"
import type { MonobankCheckoutModuleService } from "../../../modules/monobank-checkout/service"

/** The mono checkout module service from a workflow / route container. */
export function checkoutModule(container: { resolve: (key: string) => unknown }): MonobankCheckoutModuleService {
  return container.resolve(MONOBANK_CHECKOUT_MODULE) as MonobankCheckoutModuleService
}
