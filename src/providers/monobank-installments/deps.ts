/** What the provider's operations share: the options, the bank client and its order calls, a logger. */
import type { Logger } from "@medusajs/framework/types"
import { InstallmentsClient } from "../../lib/monobank"
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
export function depsFor(options: ResolvedInstallmentsOptions, logger: Logger, client = clientFor(options)): InstallmentsDeps {
  return { options, client, orders: new InstallmentOrders(client), logger, orderLimits: {} }
}

export function clientFor(options: ResolvedInstallmentsOptions): InstallmentsClient {
  return new InstallmentsClient({ storeId: options.storeId, secret: options.secret, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs })
}
