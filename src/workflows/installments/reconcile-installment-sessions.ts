/**
 * Installment sessions (`monobank-installments` provider) still open in Medusa are re-read from the
 * bank on a schedule, so an order the shopper confirmed in the app becomes a Medusa order even when
 * every callback was lost and the storefront stopped polling. The read and what follows are those
 * of `syncInstallmentSessionWorkflow`: the provider reads the bank state into the session (failures
 * get their code and texts), and a confirmed order completes the cart through Medusa's
 * `processPaymentWorkflow`, as the callback would have.
 */
import type { MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { readOrderId } from "../../utils/installments/session-data"
import {
  messageOf,
  paidOutcome,
  reconcileSessionsOf,
  reportOutcome,
  withDueSession,
  type ReconciledSessions,
  type ReconcileRunOptions,
  type SessionReconcileResult,
  type SessionReconcileSummary,
  type SessionSchedule,
} from "../../utils/session-reconcile"
import { INSTALLMENTS_PROVIDER_PREFIX, OPEN_SESSION_STATUSES } from "./utils/constants"
import { syncInstallmentSessionWorkflow } from "./sync-installment-session"

const PAID: readonly string[] = ["authorized", "captured"]
const UNPAID: readonly string[] = ["error", "canceled"]
/**
 * The provider notes every bank read in the session's data as `checked_at`. The shopper answers
 * within 15 minutes; a confirmed order then waits for the store, and the bank names no limit to
 * that wait: an installment session is read for the longest window (no validity).
 */
export const INSTALLMENT_SCHEDULE: SessionSchedule = { readMarkKey: "checked_at", bankRefKey: "order_id" }

const INSTALLMENT_SESSIONS: ReconciledSessions = {
  providerPrefix: INSTALLMENTS_PROVIDER_PREFIX,
  statuses: OPEN_SESSION_STATUSES,
  schedule: INSTALLMENT_SCHEDULE,
  select: ["id", "status", "data", "created_at", "payment_collection_id"],
}

/**
 * The bank did not answer, or refused for a reason that holds for every order (signature,
 * rate limit): the provider reports those as unexpected state / unauthorized / forbidden.
 */
function isBankUnavailable(error: unknown): boolean {
  const type = MedusaError.isMedusaError(error) ? (error as MedusaError).type : undefined
  return (
    type === undefined ||
    type === MedusaError.Types.UNEXPECTED_STATE ||
    type === MedusaError.Types.UNAUTHORIZED ||
    type === MedusaError.Types.FORBIDDEN
  )
}

export async function reconcileInstallmentSession(
  container: MedusaContainer,
  sessionId: string,
  now: Date
): Promise<SessionReconcileResult> {
  return withDueSession<PaymentSessionDTO>(container, INSTALLMENT_SESSIONS, sessionId, now, async (session) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    if (!readOrderId(session.data)) return { kind: "skipped" }

    let summary
    try {
      ;({ result: summary } = await syncInstallmentSessionWorkflow(container).run({
        input: { session_id: session.id, complete_cart: true },
      }))
    } catch (error) {
      const orderId = readOrderId(session.data)
      if (isBankUnavailable(error)) {
        logger.warn(`monobank reconcile: could not read installment order ${orderId} (session ${session.id}): ${messageOf(error)}`)
        return { kind: "bank_unavailable", message: messageOf(error) }
      }
      logger.error(`monobank reconcile: installment order ${orderId} (session ${session.id}) could not be brought up to date: ${messageOf(error)}`)
      return { kind: "failed", message: messageOf(error) }
    }
    if (PAID.includes(summary.status)) {
      const result = reportOutcome(container, session.id, await paidOutcome(container, session, `monobank installment order ${readOrderId(session.data)}`))
      logger.info(`monobank reconcile: installment session ${session.id} is ${summary.code ?? summary.status} at the bank: ${result.kind}`)
      return result
    }
    if (UNPAID.includes(summary.status)) {
      logger.info(`monobank reconcile: installment session ${session.id} ended unpaid at the bank (${summary.code ?? summary.status})`)
      return { kind: "unpaid" }
    }
    return { kind: "waiting" }
  })
}

/** One run: the due open installment sessions, the most overdue first, one at a time, at most `limit` read. */
export async function reconcileInstallmentSessions(container: MedusaContainer, options: ReconcileRunOptions = {}): Promise<SessionReconcileSummary> {
  return reconcileSessionsOf(container, INSTALLMENT_SESSIONS, (sessionId, now) => reconcileInstallmentSession(container, sessionId, now), options)
}
