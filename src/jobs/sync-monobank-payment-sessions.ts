/**
 * Every 5 minutes: re-reads from the bank the card (`monobank`) and installment
 * (`monobank-installments`) payment sessions still pending in Medusa, so a payment whose webhooks
 * were all lost, by a shopper who never came back, still becomes an order, and a declined one is
 * marked so (see workflows/acquiring/reconcile-card-sessions and
 * workflows/installments/reconcile-installment-sessions for which sessions and how often). Then
 * settles the money of sessions that ended or that Medusa no longer keeps (the ledger's due rows,
 * workflows/session-money/settle-session-payments), and takes back the installment orders of
 * discarded sessions remembered before the ledger existed (providers/monobank-installments/withdrawals),
 * and completes carts paid through a webhook whose order Medusa did not make (workflows/session-money/complete-paid-carts).
 * Installments approved whose cart completion failed before any Medusa payment was made are
 * completed again, then rejected at the bank (workflows/installments/complete-approved-carts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcileCardSessions } from "../workflows/acquiring/reconcile-card-sessions"
import { reconcileInstallmentSessions } from "../workflows/installments/reconcile-installment-sessions"
import { emptySummary, type SessionReconcileSummary } from "../utils/session-reconcile"
import { takeBackDiscardedOrders, type WithdrawalRunSummary } from "../providers/monobank-installments/withdrawal-runs"
import { settleDueSessionPayments, type SettlementRunSummary } from "../workflows/session-money/settle-session-payments"
import { bankSidesFromConfig } from "../providers/bank-sides"
import { completePaidCarts, type PaidCartsSummary } from "../workflows/session-money/complete-paid-carts"
import { completeApprovedInstallmentCarts, type ApprovedCartsSummary } from "../workflows/installments/complete-approved-carts"

export type PaymentSessionsReconcileSummary = {
  card: SessionReconcileSummary
  installments: SessionReconcileSummary
  approvals?: ApprovedCartsSummary
  withdrawals?: WithdrawalRunSummary
  settlements?: SettlementRunSummary
  paidCarts?: PaidCartsSummary
}

/** `now`: the instant the run decides as of (Medusa's scheduler passes none: the clock's). */
export default async function syncMonobankPaymentSessionsJob(
  container: MedusaContainer,
  { now }: { now?: Date } = {}
): Promise<PaymentSessionsReconcileSummary> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // Two APIs of the bank: one failing does not hold up the other.
  const run = async (kind: string, reconcile: (c: MedusaContainer, at: { now?: Date }) => Promise<SessionReconcileSummary>) => {
    try {
      return await reconcile(container, { now })
    } catch (error) {
      logger.error(`monobank ${kind} sessions: scheduled sync failed: ${(error as Error).message}`)
      return emptySummary()
    }
  }
  const summary = {
    card: await run("card", reconcileCardSessions),
    installments: await run("installments", reconcileInstallmentSessions),
  }
  const approvals = await completeApprovedInstallmentCarts(container, bankSidesFromConfig(container), { now }).catch((error) => {
    logger.error(`monobank installments: completing approved carts failed: ${(error as Error).message}`)
    return undefined
  })
  if (approvals?.checked) logger.info(`monobank installments: approved carts without an order ${JSON.stringify(approvals)}`)
  const settlements = await settleDueSessionPayments(container, bankSidesFromConfig(container), { now }).catch((error) => {
    logger.error(`monobank: settling ended sessions' payments failed: ${(error as Error).message}`)
    return undefined
  })
  if (settlements?.checked) logger.info(`monobank: ended sessions' payments ${JSON.stringify(settlements)}`)
  const withdrawals = await takeBackDiscardedOrders(container, { now }).catch((error) => {
    logger.error(`monobank installments: taking back discarded orders failed: ${(error as Error).message}`)
    return undefined
  })
  if (withdrawals?.checked) logger.info(`monobank installments: discarded orders ${JSON.stringify(withdrawals)}`)
  const paidCarts = await completePaidCarts(container, { now }).catch((error) => {
    logger.error(`monobank: completing paid carts without an order failed: ${(error as Error).message}`)
    return undefined
  })
  if (paidCarts?.checked) logger.info(`monobank: paid carts without an order ${JSON.stringify(paidCarts)}`)
  for (const [kind, result] of Object.entries(summary)) {
    if (result.checked) logger.info(`monobank ${kind} sessions: scheduled sync ${JSON.stringify(result)}`)
    if (result.needs_attention) {
      logger.error(`monobank ${kind} sessions: ${result.needs_attention} paid at the bank without an order; see the errors above`)
    }
  }
  return { ...summary, approvals, withdrawals, settlements, paidCarts }
}

export const config = {
  name: "monobank-payment-sessions-reconcile",
  schedule: "*/5 * * * *",
}
