/**
 * The scheduled settlement of money no order can rest on: every unsettled row of the plugin's
 * ledger whose check is due (most overdue first, a bounded number per run), settled through the one
 * place that decides money per session (src/utils/session-money) with the bank side of the
 * provider that made it. A session replaced or deleted while its charge's answer was lost, while an
 * authorize was creating its payment, or while the bank could not be reached is settled here:
 * given back in full (and shown to the store owner) or found to rest on an order.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { parseMonobankOptions } from "../../utils/acquiring/options"
import { acquiringClientFor, mergeCardOptions, storedSettingsOf } from "../../utils/effective-settings"
import { resolveInstallmentsOptions } from "../../utils/installments/options"
import { monobankProviderOptions } from "../../utils/monobank-configuration"
import { CARD_PROVIDER_PREFIX, INSTALLMENTS_PROVIDER_PREFIX } from "../../utils/provider-ids"
import { sessionMoneyFor, type BankSides, type SessionMoney } from "../../utils/session-money"
import { applicationLedger } from "../../utils/session-money/ledger"
import { cardBankSide } from "../../providers/monobank/bank-side"
import { installmentsBankSide } from "../../providers/monobank-installments/bank-side"
import { depsFor } from "../../providers/monobank-installments/deps"
import { depsWithStoredSettings } from "../../providers/monobank-installments/stored-settings"

export type SettlementRunSummary = { checked: number; settled: number; waiting: number; failed: number }

/** Sessions settled per run: at one bank read each, well under the bank's rate limits every 5 minutes. */
export const SETTLEMENTS_PER_RUN = 200

/** The bank sides of the provider `providerId` (its options from the store's config, the admin's saved settings over them). */
async function bankSidesOf(container: MedusaContainer, money: SessionMoney, providerId: string, logger: Logger): Promise<BankSides> {
  const options = monobankProviderOptions(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  if (!options) return {}
  if (providerId.startsWith(CARD_PROVIDER_PREFIX)) {
    const merged = mergeCardOptions(parseMonobankOptions(options), await storedSettingsOf("acquiring"))
    const card = cardBankSide({ client: acquiringClientFor(merged), options: merged, logger, ledger: money.ledger })
    return { invoice: card, saved_card: card, store_page: card }
  }
  if (providerId.startsWith(INSTALLMENTS_PROVIDER_PREFIX)) {
    const deps = await depsWithStoredSettings(depsFor(resolveInstallmentsOptions(options), logger), options)
    return { installment_order: installmentsBankSide(deps) }
  }
  return {}
}

export async function settleDueSessionPayments(
  container: MedusaContainer,
  { now = new Date(), limit = SETTLEMENTS_PER_RUN }: { now?: Date; limit?: number } = {}
): Promise<SettlementRunSummary> {
  const summary: SettlementRunSummary = { checked: 0, settled: 0, waiting: 0, failed: 0 }
  const ledger = applicationLedger()
  if (!ledger || !container.hasRegistration(Modules.LOCKING)) return summary
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const money = sessionMoneyFor(container as unknown as Record<string, unknown>, logger)
  const sides = new Map<string, BankSides>()
  const sessions = [...new Set((await ledger.dueSessionPayments(now, limit)).map((row) => `${row.provider_id}\n${row.session_id}`))]
  for (const key of sessions) {
    const [providerId, sessionId] = key.split("\n")
    if (!sides.has(providerId)) sides.set(providerId, await bankSidesOf(container, money, providerId, logger))
    try {
      for (const { decision } of await money.settleSession(sessionId, sides.get(providerId)!)) {
        summary.checked++
        if (decision.kind === "wait") summary.waiting++
        else if (decision.kind === "failed") summary.failed++
        else summary.settled++
      }
    } catch (error) {
      summary.failed++
      logger.warn(`monobank: could not settle the payments of session ${sessionId}: ${(error as Error).message}`)
    }
  }
  return summary
}
