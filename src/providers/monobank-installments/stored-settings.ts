/**
 * Makes the installments provider use the settings saved in the admin: before each operation it
 * takes its options and bank client from `src/utils/effective-settings` (medusa-config options
 * with the saved settings over them), and a new session outside the saved order-total limits is
 * refused before the bank is asked. A session that records an installment purchase approved on the
 * mono checkout page is answered from its recorded facts: it reads no saved settings and no limits.
 */
import type { InitiatePaymentInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../lib/monobank"
import { beforeEachOperation, PAYMENT_OPERATIONS } from "../../utils/before-each-operation"
import { isCheckoutPaymentCall } from "../../utils/checkout/checkout-payments"
import { installmentsOrderLimits, keptClient, mergeInstallmentsOptions, storedSettingsOf } from "../../utils/effective-settings"
import { resolveInstallmentsOptions, type ResolvedInstallmentsOptions } from "../../utils/installments/options"
import { InstallmentOrders } from "./orders"
import type { MonobankInstallmentsProviderService } from "./service"

type InstallmentsProviderClass = new (...args: any[]) => MonobankInstallmentsProviderService

type Internals = {
  config: Record<string, unknown>
  options_: ResolvedInstallmentsOptions
  client_: InstallmentsClient
  orders_: InstallmentOrders
}
type Built = Pick<Internals, "options_" | "client_" | "orders_">

const configured = new WeakMap<object, Built>()
const clients = new Map<string, InstallmentsClient>()

function buildFor(options: ResolvedInstallmentsOptions): Built {
  const client_ = keptClient(
    clients,
    JSON.stringify([options.storeId, options.secret, options.baseUrl, options.timeoutMs]),
    () => new InstallmentsClient({ storeId: options.storeId, secret: options.secret, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs })
  )
  return { options_: options, client_, orders_: new InstallmentOrders(client_) }
}

async function useStoredSettings(provider: object, operation: string, args: unknown[]): Promise<void> {
  if (isCheckoutPaymentCall(operation, args)) return
  const internals = provider as Internals
  let own = configured.get(provider)
  if (!own) configured.set(provider, (own = { options_: internals.options_, client_: internals.client_, orders_: internals.orders_ }))
  const stored = await storedSettingsOf("installments")
  Object.assign(internals, stored ? buildFor(resolveInstallmentsOptions(mergeInstallmentsOptions(internals.config, stored))) : own)
  if (operation === "initiatePayment") refuseOutsideLimits(args[0] as InitiatePaymentInput, installmentsOrderLimits(stored))
}

function refuseOutsideLimits(input: InitiatePaymentInput, limits: { min?: string; max?: string }): void {
  const { min, max } = limits
  if ((min && MathBN.lt(input.amount, min)) || (max && MathBN.gt(input.amount, max))) {
    const range = min && max ? `from ${min} to ${max} UAH` : min ? `from ${min} UAH` : `up to ${max} UAH`
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Installments are offered for orders ${range}`)
  }
}

export function withStoredInstallmentsSettings<T extends InstallmentsProviderClass>(Base: T): T {
  return beforeEachOperation(Base, PAYMENT_OPERATIONS, useStoredSettings)
}
