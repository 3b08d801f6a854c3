/**
 * Runs around Medusa's `POST /admin/payments/:id/refund` for monobank payments. Medusa's refund
 * workflow refunds at the bank first and records the refund on the order afterwards with a credit
 * line (an order change); while another order change is open it fails there ("Order ... already
 * has an existing active order change") and answers the admin with an error although the money
 * went back, keeping the refund on the payment. So:
 * - refunds of one order run one at a time (Medusa's lock, across servers with a shared locking
 *   provider): one refund's credit line never meets another's;
 * - a refund is refused before anything is sent while the order has an open order change (an
 *   edit, return, claim or exchange) and Medusa would add a credit line;
 * - when Medusa still answers with an error after the bank refunded (an order change opened while
 *   the bank was refunding), the refund is marked: the admin's retry books it instead of refunding
 *   again (see utils/failed-refund-requests), and the log says the money went back.
 */
import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { BigNumberInput, ILockingModule, IOrderModuleService, IPaymentModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, OrderChangeStatus } from "@medusajs/framework/utils"
import { REQUEST_FAILED } from "../../../utils/failed-refund-requests"
import { PLUGIN_PROVIDER_PREFIX } from "../../../utils/provider-ids"
import { refundAddsCreditLine } from "../../../utils/refund-credit-line"

/** Longest wait for the refund before it of the same order (a slow bank answer included). */
const LOCK_WAIT_S = 90

type RefundTarget = { paymentId: string; orderId: string; amount: BigNumberInput; currency: string }
type RefundRow = { id: string; amount: unknown; created_by?: string | null; metadata?: Record<string, unknown> | null }
type RefundUpdates = { updateRefunds(data: { id: string; metadata: Record<string, unknown> }): Promise<unknown> }

export async function guardMonobankRefund(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  let target: RefundTarget | undefined
  try {
    target = await refundTarget(req)
  } catch (error) {
    return next(error)
  }
  if (!target) return next()
  const found = target
  const locking = req.scope.resolve<ILockingModule>(Modules.LOCKING)
  let passed = false
  try {
    await locking.execute(
      `monobank-order-refunds:${found.orderId}`,
      async () => {
        await refuseWhileOrderChangeIsOpen(req, found)
        const before = new Set((await refundsOf(req, found.paymentId)).map((refund) => refund.id))
        const finished = responseFinished(res)
        passed = true
        next()
        await finished
        if (res.statusCode >= 400) await markFailedRequest(req, found, before, res.statusCode)
      },
      { timeout: LOCK_WAIT_S }
    )
  } catch (error) {
    if (!passed) return next(error)
    req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER).error(
      `monobank: after the refund request of payment ${found.paymentId}: ${(error as Error).message}`
    )
  }
}

/** The monobank payment being refunded and its order; undefined for other providers. */
async function refundTarget(req: MedusaRequest): Promise<RefundTarget | undefined> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "amount", "currency_code", "payment_collection.order.id"],
    filters: { id: req.params.id },
  })
  const payment = data[0] as any
  const orderId = payment?.payment_collection?.order?.id as string | undefined
  if (!payment || !String(payment.provider_id).startsWith(PLUGIN_PROVIDER_PREFIX) || !orderId) return undefined
  const requested = (req.body as { amount?: BigNumberInput } | undefined)?.amount
  return { paymentId: payment.id, orderId, amount: requested ?? payment.amount, currency: String(payment.currency_code).toUpperCase() }
}

async function refuseWhileOrderChangeIsOpen(req: MedusaRequest, target: RefundTarget): Promise<void> {
  const orders = req.scope.resolve<IOrderModuleService>(Modules.ORDER)
  const [open] = await orders.listOrderChanges(
    { order_id: target.orderId, status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED] },
    { select: ["id", "change_type"], take: 1 }
  )
  if (!open) return
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "summary.*"], filters: { id: target.orderId } })
  const summary = (data[0] as any)?.summary
  if (!refundAddsCreditLine(target.amount, summary?.raw_pending_difference ?? summary?.pending_difference)) return
  const kind = open.change_type ?? "change"
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Order ${target.orderId} has an open ${kind} (order change ${open.id}): Medusa would refund the money at monobank and then fail to record the refund on the order. Nothing was refunded. Confirm or cancel the ${kind} first, then refund`
  )
}

async function refundsOf(req: MedusaRequest, paymentId: string): Promise<RefundRow[]> {
  const refunds = await req.scope
    .resolve<IPaymentModuleService>(Modules.PAYMENT)
    .listRefunds({ payment_id: paymentId }, { select: ["id", "amount", "created_by", "metadata"] })
  return refunds as unknown as RefundRow[]
}

/** The refund this request made stays on the payment although Medusa answered with an error. */
async function markFailedRequest(req: MedusaRequest, target: RefundTarget, before: Set<string>, status: number) {
  const actor = (req as Partial<AuthenticatedMedusaRequest>).auth_context?.actor_id ?? null
  const made = (await refundsOf(req, target.paymentId)).filter((refund) => !before.has(refund.id) && (refund.created_by ?? null) === actor)
  const payments = req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT) as unknown as RefundUpdates
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  for (const refund of made) {
    await payments.updateRefunds({
      id: refund.id,
      metadata: { ...(refund.metadata ?? {}), [REQUEST_FAILED]: { at: new Date().toISOString(), status } },
    })
    logger.error(
      `monobank: refund ${refund.id} of ${refund.amount} ${target.currency} on payment ${target.paymentId} WAS made by monobank and stays on the payment, but Medusa answered the admin's request with HTTP ${status} and did not record it on order ${target.orderId}. Do not refund it again: the next refund of this payment for the same amount books it and sends nothing`
    )
  }
}

function responseFinished(res: MedusaResponse): Promise<void> {
  return new Promise((resolve) => {
    res.once("finish", () => resolve())
    res.once("close", () => resolve())
  })
}
