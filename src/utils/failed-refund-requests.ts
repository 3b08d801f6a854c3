/**
 * Refunds the bank made although Medusa answered their request with an error. Medusa's refund
 * workflow (2.21) calls the provider first and records the refund on the order afterwards (an
 * order transaction and a credit-line order change); when that later part fails, e.g. "Order ...
 * already has an existing active order change", the workflow undoes the order's records but keeps
 * the refund on the payment (its refund step has no compensation: the money is gone) and the admin
 * sees an error. The plugin's refund guard marks such a refund (`request_failed` in its mark, see
 * utils/refund-mark). The admin's retry of it (a later refund of the payment of the same amount,
 * also after other refunds) books that bank refund instead of sending another and takes its place:
 * the failed request's refund is soft-deleted, so the retry's workflow records the money on the
 * order once.
 */
import type { IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { RefundRecords } from "./medusa-payments"
import { optionalFromCradle, type ModuleScope } from "./module-container"
import { readRefundMark } from "./refund-mark"

export type MedusaRefundRow = { id: string; created_at?: string | Date | null; metadata: Record<string, unknown> | null }

/**
 * The payment's refunds a new refund may be the admin's retry of: every refund whose request Medusa
 * answered with an error and whose retry was not refused yet, oldest first, whatever other refunds
 * came after it. The caller takes one only when the bank's refund behind it (the one the plugin
 * sent with that refund's id as `extRef`, or the one it booked) has the new refund's amount: that
 * ties the money to exactly one failed refund, so two refunds of equal amounts are never confused
 * and a refund the bank never made is never booked.
 */
export function failedRequestsAwaitingRetry(others: MedusaRefundRow[]): MedusaRefundRow[] {
  return others
    .filter((row) => {
      const mark = readRefundMark(row.metadata)
      return mark.request_failed && !mark.failed_request_retry_refused
    })
    .sort((a, b) => time(a.created_at) - time(b.created_at))
}

/**
 * Whether the order records this refund (an order transaction names it). Medusa's refund workflow
 * adds a transaction for every refund of the payment that has none, so a failed request's refund
 * may be on the order after all; replacing it then would count the money twice. Unknown counts as
 * recorded.
 */
export async function refundRecordedOnOrder(scope: ModuleScope, refundId: string): Promise<boolean> {
  const orders = optionalFromCradle<IOrderModuleService>(scope, Modules.ORDER)
  if (!orders) return true
  try {
    const found = await orders.listOrderTransactions({ reference: "refund", reference_id: refundId }, { select: ["id"], take: 1 })
    return found.length > 0
  } catch {
    return true
  }
}

/** Takes a failed request's refund off its payment (soft delete): its retry books the bank's money now. */
export async function retireRefund(paymentModule: Pick<RefundRecords, "softDeleteRefunds">, refundId: string): Promise<void> {
  await paymentModule.softDeleteRefunds([refundId])
}

function time(value: string | Date | null | undefined): number {
  const parsed = value ? new Date(value).getTime() : Number.NaN
  return Number.isNaN(parsed) ? 0 : parsed
}
