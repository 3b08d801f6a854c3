/**
 * Installment sessions (`monobank-installments` provider) still open in Medusa are re-read from the
 * bank on a schedule, so an order the shopper confirmed in the app becomes a Medusa order even when
 * every callback was lost and the storefront stopped polling. The read and what follows are those
 * of `syncInstallmentSessionWorkflow`: the provider reads the bank state into the session (failures
 * get their code and texts), and a confirmed order completes the cart through Medusa's
 * `processPaymentWorkflow`, as the callback would have.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { readOrderId } from "../../utils/installments/session-data"
import {
  dueSessionPages,
  isDueSession,
  messageOf,
  paidOutcome,
  reconcileDueSessions,
  reportOutcome,
  withSessionLock,
  type SessionReconcileResult,
  type SessionReconcileSummary,
  type SessionSchedule,
} from "../../utils/session-reconcile"
import { RECONCILE_READS_PER_RUN } from "../../utils/reconcile-schedule"
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
const INSTALLMENT_QUERY = INSTALLMENT_SCHEDULE

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
  return withSessionLock(container, sessionId, async () => {
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const session = await paymentModule
      .retrievePaymentSession(sessionId, { select: ["id", "status", "data", "created_at", "payment_collection_id"] })
      .catch(() => undefined)
    if (!session || !OPEN_SESSION_STATUSES.includes(session.status) || !readOrderId(session.data)) return { kind: "skipped" }
    if (!isDueSession(session, INSTALLMENT_QUERY, now)) return { kind: "skipped" }

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
export async function reconcileInstallmentSessions(
  container: MedusaContainer,
  { now = new Date(), limit = RECONCILE_READS_PER_RUN }: { now?: Date; limit?: number } = {}
): Promise<SessionReconcileSummary> {
  const pages = dueSessionPages(container, {
    providerPrefix: INSTALLMENTS_PROVIDER_PREFIX,
    statuses: OPEN_SESSION_STATUSES,
    schedule: INSTALLMENT_SCHEDULE,
    now,
  })
  return reconcileDueSessions(pages, (session) => reconcileInstallmentSession(container, session.id, now), limit)
}
