/**
 * Runs around Medusa's `POST /admin/payments/:id/refund` for monobank payments: the refund goes
 * through the order's refund guard (../../../utils/order-refund-guard: one refund of an order at a
 * time, refused while an order change is open, a refund Medusa could not record is marked for the
 * admin's retry).
 *
 * The guard holds until Medusa's handler has answered, not until the admin's connection ends: when
 * the tab is closed or a proxy gives up, Node goes on running the handler (the bank refund and its
 * recording on the order), so the lock is released, and a failure marked, only when the handler
 * (or Medusa's error handler) ends the response. A request whose client went away while it waited
 * for the lock is dropped before anything is done: nobody sees its answer, and the admin who asks
 * again must not get two refunds.
 */
import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { BigNumberInput, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  guardOrderRefund,
  orderRefundTarget,
  RefundEndedWithError,
  type OrderRefundTarget,
} from "../../../utils/order-refund-guard"

/** Longest wait for the refund before it of the same order (a slow bank answer included). */
const LOCK_WAIT_S = 90

export async function guardMonobankRefund(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  let clientGone = false
  res.once("close", () => (clientGone = true))
  let target: OrderRefundTarget | undefined
  try {
    const requested = (req.body as { amount?: BigNumberInput } | undefined)?.amount
    target = await orderRefundTarget(req.scope, req.params.id, requested)
  } catch (error) {
    return next(error)
  }
  if (!target) return next()
  const found = target
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const actor = (req as Partial<AuthenticatedMedusaRequest>).auth_context?.actor_id ?? null
  let passed = false
  try {
    await guardOrderRefund(
      req.scope,
      found,
      { lockWaitS: LOCK_WAIT_S, isOwn: (refund) => (refund.created_by ?? null) === actor },
      async () => {
        if (clientGone) {
          logger.info(`monobank: the refund request of payment ${found.paymentId} was dropped: its client went away while it waited for the order's earlier refund; nothing was refunded`)
          return
        }
        const answered = handlerAnswered(res)
        passed = true
        next()
        const status = await answered
        if (status >= 400) throw new RefundEndedWithError(status)
      }
    )
  } catch (error) {
    if (!passed) return next(error)
    if (!(error instanceof RefundEndedWithError)) {
      logger.error(`monobank: after the refund request of payment ${found.paymentId}: ${(error as Error).message}`)
    }
  }
}

/**
 * Resolves with the response's status once the route's handler (or Medusa's error handler) ends
 * the response, whether or not the client is still there: a closed connection does not stop
 * Node from running the handler, and `res.end` is called either way ("finish" is not emitted on a
 * closed connection; "close" comes as soon as the client goes).
 */
function handlerAnswered(res: MedusaResponse): Promise<number> {
  return new Promise((resolve) => {
    const end = res.end
    res.end = function (this: MedusaResponse, ...args: unknown[]) {
      try {
        return (end as (...a: unknown[]) => MedusaResponse).apply(this, args)
      } finally {
        res.end = end
        resolve(res.statusCode)
      }
    } as MedusaResponse["end"]
  })
}
