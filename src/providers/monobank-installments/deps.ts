/** What the provider's operations share: the options, the bank client and its order calls, a logger. */
import type { Logger } from "@medusajs/framework/types"
import type { InstallmentsClient } from "../../lib/monobank"
import { newInstallmentsClient } from "../../modules/monobank-settings/bank-clients"
import type { ResolvedInstallmentsOptions } from "../../utils/installments/options"
import { InstallmentOrders } from "./orders"

export type InstallmentsDeps = {
  options: ResolvedInstallmentsOptions
  client: InstallmentsClient
  orders: InstallmentOrders
  logger: Logger
  /** Order totals (hryvnia) the store offers installments for, when saved in the admin. */
  orderLimits: { min?: string; max?: string }
}

/** The deps for `options`, with `client` (a new one unless given) and no order-total limits. */
export function depsFor(options: ResolvedInstallmentsOptions, logger: Logger, client = newInstallmentsClient(options)): InstallmentsDeps {
  return { options, client, orders: new InstallmentOrders(client), logger, orderLimits: {} }
}
