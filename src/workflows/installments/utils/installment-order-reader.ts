/**
 * Reads an installment order with the same credentials as the `monobank-installments` provider the
 * session belongs to: its options in the store's config with the settings saved in the admin over
 * them, and for an order made under another store id (the ledger says which) that store's kept
 * credentials (Medusa offers no public way to call a provider's own read without writing the session).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { InstallmentsClient, OrderData, OrderStateInfo } from "../../../lib/monobank"
import { toMedusaBankError } from "../../../utils/installments/bank-errors"
import { sessionOfOrder } from "../../../utils/installments/order-session"
import { bankClientsOf, installmentsOptionsUnder, installmentsSettingsNow } from "../../../utils/effective-settings"
import { monobankProviderOptions } from "../../../utils/monobank-configuration"
import { ledgerOf, type SessionPaymentRow } from "../../../utils/session-money/ledger"

export type InstallmentOrderReader = (providerId: string, orderId: string) => Promise<OrderStateInfo>

async function clientFor(container: MedusaContainer, providerId: string, storeId: string | null | undefined): Promise<InstallmentsClient> {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const raw = monobankProviderOptions(configModule, providerId)
  if (!raw) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank installments: no options for payment provider ${providerId} in medusa-config`)
  }
  return bankClientsOf(container).installmentsFor(installmentsOptionsUnder(raw, await installmentsSettingsNow(container), storeId))
}

export function installmentOrderReader(container: MedusaContainer): InstallmentOrderReader {
  return async (providerId, orderId) => {
    try {
      const row = await ledgerOf(container)?.sessionPaymentByBankId("installment_order", orderId)
      return await (await clientFor(container, providerId, row?.bank_store_id)).getOrderState(orderId)
    } catch (error) {
      throw toMedusaBankError("read the installment order", error)
    }
  }
}

export type SessionOrderRead = { row: SessionPaymentRow; info: OrderStateInfo; data: OrderData }

/**
 * The session's installment order as the bank has it now: the newest the ledger recorded for the
 * session, read under the store it was made in. Refused when the bank made it for another session.
 */
export async function readSessionInstallmentOrder(container: MedusaContainer, providerId: string, sessionId: string): Promise<SessionOrderRead> {
  const rows = (await ledgerOf(container)?.sessionPaymentsOf(sessionId)) ?? []
  const row = rows.filter((candidate) => candidate.kind === "installment_order" && candidate.bank_id).at(-1)
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `payment session ${sessionId} has no monobank installment order this store made for it`)
  try {
    const client = await clientFor(container, providerId, row.bank_store_id)
    const data = await client.getOrderData(row.bank_id!)
    // Where the bank's record names no session, the ledger row's stands in.
    const owner = sessionOfOrder(data, row.session_id)
    if (owner !== sessionId) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `the bank made installment order ${row.bank_id} for ${owner ?? "another session"}, not for this payment`)
    }
    return { row, data, info: await client.getOrderState(row.bank_id!) }
  } catch (error) {
    if (error instanceof MedusaError) throw error
    throw toMedusaBankError("read the installment order", error)
  }
}
