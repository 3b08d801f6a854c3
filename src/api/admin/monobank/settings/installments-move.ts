/**
 * A save of installments settings that changes the store id or the bank's address moves the store
 * away from the credentials its earlier orders were made under. Those credentials are kept (the
 * settings module seals them with the secrets), so confirming, returning, withdrawing and reading
 * those orders keeps working; the admin is told first how many orders are still open there.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import type { KeptInstallmentsStore, StoredSettings } from "../../../../modules/monobank-settings"
import { MONOBANK_SESSION_PAYMENTS_MODULE, type MonobankSessionPaymentsModuleService } from "../../../../modules/monobank-session-payments"
import { mergeInstallmentsOptions } from "../../../../utils/effective-settings"
import { resolveInstallmentsOptions } from "../../../../utils/installments/options"
import { monobankProvidersOf } from "../../../../utils/monobank-configuration"
import { settingsModule } from "./settings-view"

export type InstallmentsMove = {
  /** The credentials this save moves away from (one per store id and address). */
  left: KeptInstallmentsStore[]
  /** Those to keep: medusa-config.ts's own stay reachable from there (and need no settings key). */
  keep: KeptInstallmentsStore[]
  /** Installment orders made under them that may still be confirmed, cancelled or returned. */
  openOrders: number
}

type SaveInput = { values: Record<string, unknown>; secrets: Record<string, string | null | undefined> }

/** What `input` would change for each installments provider of the store. */
export async function installmentsMoveOf(scope: MedusaContainer, input: SaveInput): Promise<InstallmentsMove> {
  const before = await settingsModule(scope).storedSettings("installments")
  const after = afterSave(before, input)
  const left: KeptInstallmentsStore[] = []
  const configured: KeptInstallmentsStore[] = []
  for (const provider of monobankProvidersOf(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), "installments")) {
    const from = resolveInstallmentsOptions(mergeInstallmentsOptions(provider.options, before))
    configured.push(credentialsOf(resolveInstallmentsOptions(provider.options)))
    let to
    try {
      to = resolveInstallmentsOptions(mergeInstallmentsOptions(provider.options, after))
    } catch {
      continue // the save itself is refused for these options elsewhere
    }
    const moved = from.storeId !== to.storeId || from.baseUrl !== to.baseUrl
    if (moved && !left.some((store) => store.storeId === from.storeId && store.baseUrl === from.baseUrl)) {
      left.push(credentialsOf(from))
    }
  }
  const same = (a: KeptInstallmentsStore) => (b: KeptInstallmentsStore) => a.storeId === b.storeId && a.secret === b.secret && a.baseUrl === b.baseUrl
  return {
    left,
    keep: left.filter((store) => !configured.some(same(store))),
    openOrders: left.length ? await openOrdersUnder(scope, left.map((store) => store.storeId)) : 0,
  }
}

function credentialsOf({ storeId, secret, baseUrl }: KeptInstallmentsStore): KeptInstallmentsStore {
  return { storeId, secret, baseUrl }
}

function afterSave(before: StoredSettings<"installments"> | undefined, input: SaveInput): StoredSettings<"installments"> {
  const secrets = { ...(before?.secrets ?? {}) }
  for (const [name, value] of Object.entries(input.secrets)) {
    if (value === null) delete secrets[name]
    else if (value !== undefined) secrets[name] = value
  }
  return { values: input.values, secrets }
}

/** Ledger rows not settled, less those whose Medusa payment was cancelled or refunded in full. */
async function openOrdersUnder(scope: MedusaContainer, storeIds: string[]): Promise<number> {
  const ledger = scope.resolve<MonobankSessionPaymentsModuleService>(MONOBANK_SESSION_PAYMENTS_MODULE)
  const rows = await ledger.installmentOrdersUnder([...new Set(storeIds)])
  if (!rows.length) return 0
  const payments = await scope.resolve<IPaymentModuleService>(Modules.PAYMENT).listPayments(
    { payment_session_id: rows.map((row) => row.session_id) },
    { select: ["id", "payment_session_id", "amount", "canceled_at"], relations: ["refunds"] }
  )
  const closed = new Set(
    payments
      .filter((payment) => payment.canceled_at || MathBN.gte((payment.refunds ?? []).reduce((sum, refund) => MathBN.add(sum, refund.amount), MathBN.convert(0)), payment.amount))
      .map((payment) => (payment as unknown as { payment_session_id: string }).payment_session_id)
  )
  return rows.filter((row) => !closed.has(row.session_id)).length
}
