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
import { sessionMoneyFor, type BankSides } from "../../utils/session-money"
import { ledgerOf, type SessionPaymentsLedger } from "../../utils/session-money/ledger"

export type SettlementRunSummary = { checked: number; settled: number; waiting: number; failed: number }

/** Sessions settled per run: at one bank read each, well under the bank's rate limits every 5 minutes. */
export const SETTLEMENTS_PER_RUN = 200

/** How the bank side of each provider's payments is built (src/providers/bank-sides; the job passes it). */
export type BankSidesOf = (providerId: string, ledger: SessionPaymentsLedger) => Promise<BankSides>

export async function settleDueSessionPayments(
  container: MedusaContainer,
  bankSidesOf: BankSidesOf,
  { now = new Date(), limit = SETTLEMENTS_PER_RUN }: { now?: Date; limit?: number } = {}
): Promise<SettlementRunSummary> {
  const summary: SettlementRunSummary = { checked: 0, settled: 0, waiting: 0, failed: 0 }
  const ledger = ledgerOf(container)
  if (!ledger || !container.hasRegistration(Modules.LOCKING)) return summary
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  // Decided as of the run's `now` (the grace of a fresh authorize included), not the clock's.
  const money = sessionMoneyFor(container, logger, () => now)
  const sides = new Map<string, BankSides>()
  const sessions = [...new Set((await ledger.dueSessionPayments(now, limit)).map((row) => `${row.provider_id}\n${row.session_id}`))]
  for (const key of sessions) {
    const [providerId, sessionId] = key.split("\n")
    if (!sides.has(providerId)) sides.set(providerId, await bankSidesOf(providerId, money.ledger))
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
