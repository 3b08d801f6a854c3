/**
 * One refund of a monobank payment's order at a time, whoever runs Medusa's refund workflow (the
 * admin's refund route, the late-returns job of installments). The workflow refunds at the bank
 * first and records the refund on the order afterwards with a credit line (an order change); while
 * another order change is open it fails there ("Order ... already has an existing active order
 * change") although the money went back, and keeps the refund on the payment. So, under Medusa's
 * lock `monobank-order-refunds:<orderId>` (across servers with a shared locking provider; always
 * taken before any lock of the providers, never inside one):
 * - a refund is refused before anything is sent while the order has an open order change and
 *   Medusa would add a credit line;
 * - the lock is held until Medusa's work on the refund is over, so one refund's credit line never
 *   meets another's;
 * - when Medusa ends with an error although a refund it made stays on the payment, that refund is
 *   marked: the admin's retry books it instead of refunding again (see ./failed-refund-requests).
 */
import type { BigNumberInput, ILockingModule, IOrderModuleService, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, OrderChangeStatus } from "@medusajs/framework/utils"
import { writeRefundMark, type RefundUpdates } from "./refund-mark"
import { PLUGIN_PROVIDER_PREFIX } from "./provider-ids"
import { refundAddsCreditLine } from "./refund-credit-line"

export type OrderRefundTarget = { paymentId: string; orderId: string; amount: BigNumberInput; currency: string }

export type GuardedRefundRow = {
  id: string
  amount: unknown
  note?: string | null
  created_by?: string | null
  metadata?: Record<string, unknown> | null
}

export type GuardOptions = {
  /** Longest wait for the refund before it of the same order, in seconds. */
  lockWaitS: number
  /** Which of the payment's new refunds this refund made (the admin's, the job's). */
  isOwn(row: GuardedRefundRow): boolean
}

/** Thrown by a guarded refund to say Medusa ended it with an error (answered with HTTP `status`). */
export class RefundEndedWithError extends Error {
  constructor(readonly status: number) {
    super(`Medusa answered the refund request with HTTP ${status}`)
    this.name = "RefundEndedWithError"
  }
}

export function orderRefundLockKey(orderId: string): string {
  return `monobank-order-refunds:${orderId}`
}

/** The monobank payment `paymentId` with its order; undefined for other providers or without an order. */
export async function orderRefundTarget(
  scope: MedusaContainer,
  paymentId: string,
  requested?: BigNumberInput
): Promise<OrderRefundTarget | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "amount", "currency_code", "payment_collection.order.id"],
    filters: { id: paymentId },
  })
  const payment = data[0] as any
  const orderId = payment?.payment_collection?.order?.id as string | undefined
  if (!payment || !String(payment.provider_id).startsWith(PLUGIN_PROVIDER_PREFIX) || !orderId) return undefined
  return { paymentId: payment.id, orderId, amount: requested ?? payment.amount, currency: String(payment.currency_code).toUpperCase() }
}

/**
 * Runs `refund` (which runs Medusa's refund workflow and settles only when Medusa's work is over;
 * it throws when Medusa ended with an error) under the order's refund lock. Errors before `refund`
 * starts (the lock not free in time, an open order change) mean nothing was sent.
 */
export async function guardOrderRefund(
  scope: MedusaContainer,
  target: OrderRefundTarget,
  options: GuardOptions,
  refund: () => Promise<void>
): Promise<void> {
  const locking = scope.resolve<ILockingModule>(Modules.LOCKING)
  await locking.execute(
    orderRefundLockKey(target.orderId),
    async () => {
      await refuseWhileOrderChangeIsOpen(scope, target)
      const before = new Set((await refundsOf(scope, target.paymentId)).map((row) => row.id))
      try {
        await refund()
      } catch (error) {
        await markFailedRefunds(scope, target, { before, isOwn: options.isOwn, error })
        throw error
      }
    },
    { timeout: options.lockWaitS }
  )
}

async function refuseWhileOrderChangeIsOpen(scope: MedusaContainer, target: OrderRefundTarget): Promise<void> {
  const orders = scope.resolve<IOrderModuleService>(Modules.ORDER)
  const [open] = await orders.listOrderChanges(
    { order_id: target.orderId, status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED] },
    { select: ["id", "change_type"], take: 1 }
  )
  if (!open) return
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "summary.*"], filters: { id: target.orderId } })
  const summary = (data[0] as any)?.summary
  if (!refundAddsCreditLine(target.amount, summary?.raw_pending_difference ?? summary?.pending_difference)) return
  const kind = open.change_type ?? "change"
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Order ${target.orderId} has an open ${kind} (order change ${open.id}): Medusa would refund the money at monobank and then fail to record the refund on the order. Nothing was refunded. Confirm or cancel the ${kind} first, then refund`
  )
}

async function refundsOf(scope: MedusaContainer, paymentId: string): Promise<GuardedRefundRow[]> {
  const refunds = await scope
    .resolve<IPaymentModuleService>(Modules.PAYMENT)
    .listRefunds({ payment_id: paymentId }, { select: ["id", "amount", "note", "created_by", "metadata"] })
  return refunds as unknown as GuardedRefundRow[]
}

/** The refund this run made stays on the payment although Medusa ended with an error: mark it. */
async function markFailedRefunds(
  scope: MedusaContainer,
  target: OrderRefundTarget,
  run: { before: Set<string>; isOwn: GuardOptions["isOwn"]; error: unknown }
): Promise<void> {
  const logger = scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const reason = run.error instanceof Error ? run.error.message : String(run.error)
  const status = run.error instanceof RefundEndedWithError ? { status: run.error.status } : {}
  try {
    const made = (await refundsOf(scope, target.paymentId)).filter((row) => !run.before.has(row.id) && run.isOwn(row))
    const payments = scope.resolve<IPaymentModuleService>(Modules.PAYMENT) as unknown as RefundUpdates
    for (const refund of made) {
      await writeRefundMark(payments, refund, { request_failed: { at: new Date().toISOString(), ...status, reason } })
      logger.error(
        `monobank: refund ${refund.id} of ${refund.amount} ${target.currency} on payment ${target.paymentId} WAS made by monobank and stays on the payment, but Medusa ended it with an error (${reason}) and did not record it on order ${target.orderId}. Do not refund it again: the next refund of this payment for the same amount books it and sends nothing`
      )
    }
  } catch (error) {
    logger.error(
      `monobank: could not check or mark the refunds of payment ${target.paymentId} after Medusa ended a refund with an error (${reason}): ${(error as Error).message}. A refund monobank made may be missing from order ${target.orderId}: compare the payment's refunds with the bank before refunding again`
    )
  }
}
