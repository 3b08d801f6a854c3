/**
 * Which bank refunds Medusa has booked, read from the payment module's refund rows (fresh, under
 * the refund lock) rather than from the payment's `data`, which Medusa writes only after the
 * provider returns and never when it throws. A Medusa refund books the entry of the invoice's
 * `cancelList` whose `extRef` is its id (we sent it), or the one its mark names (utils/refund-mark):
 * a bank refund booked afterwards (made in the cabinet, or sent by an earlier Medusa refund whose
 * answer was lost and whose row Medusa deleted).
 */
import type { ModuleScope } from "../module-container"
import { MedusaError } from "@medusajs/framework/utils"
import type { CancelListItem } from "../../lib/monobank"
import { refundRecordedOnOrder, retireRefund, type MedusaRefundRow } from "../failed-refund-requests"
import { requirePaymentModule, type RefundRecords } from "../medusa-payments"
import { lockingModuleOf, type Cradle } from "../module-container"
import { readRefundMark, writeRefundMark, type RefundMark } from "../refund-mark"


/** Medusa's refund ids start with this; an `extRef` like it that no refund has is a lost answer. */
const MEDUSA_REFUND_PREFIX = "ref_"

export type RefundRow = MedusaRefundRow
export type RefundLedger = {
  paymentId: string
  current: RefundRow
  others: RefundRow[]
  /** The payment's provider data as stored now (the copy Medusa handed the provider may predate the lock). */
  storedData?: Record<string, unknown>
}

/** Reads and annotates Medusa's refunds of one payment. */
export type RefundBook = {
  read(): Promise<RefundLedger>
  /** Adds facts to a refund's mark. */
  mark(row: RefundRow, facts: RefundMark): Promise<void>
  /** Stores the payment's provider data now (Medusa stores nothing when the provider throws). */
  remember(paymentId: string, data: Record<string, unknown>): Promise<void>
  /** Whether the order records this refund (see utils/failed-refund-requests). */
  onOrder(row: RefundRow): Promise<boolean>
  /** Takes a refund off the payment (soft delete) when the current refund takes its place. */
  retire(row: RefundRow): Promise<void>
}


/** Our key for a cancel entry: its `extRef`, or what identifies it when the cabinet set none. */
export function bankRefundKey(item: CancelListItem): string {
  if (item.extRef) return item.extRef
  return `bank:${item.createdDate}:${item.amount ?? ""}:${item.rrn ?? item.approvalCode ?? ""}`
}

export function isLostAnswerKey(key: string): boolean {
  return key.startsWith(MEDUSA_REFUND_PREFIX)
}

/** Keys of the bank refunds these Medusa refunds book (by id as `extRef`, or by their mark). */
export function bookedKeys(rows: RefundRow[]): Set<string> {
  return new Set(rows.flatMap((row) => [row.id, readRefundMark(row.metadata).books].filter((key): key is string => !!key)))
}


/** The payment module's refund rows of the payment `refundId` belongs to. Fails closed. */
export function refundBookOf(paymentModule: RefundRecords | undefined, refundId: string, scope: ModuleScope): RefundBook {
  const records = () => requirePaymentModule(paymentModule)
  return {
    async read() {
      try {
        const [current] = await records().listRefunds({ id: refundId }, { select: ["id", "payment_id", "metadata"] })
        if (!current) throw new Error(`Medusa has no refund ${refundId}`)
        const paymentId = (current as { payment_id?: string }).payment_id
        if (!paymentId) throw new Error(`Medusa returned refund ${refundId} without its payment`)
        const all = await records().listRefunds({ payment_id: paymentId }, { select: ["id", "created_at", "metadata"] })
        const row = (r: any): RefundRow => ({ id: r.id, created_at: r.created_at ?? null, metadata: r.metadata ?? null })
        const [payment] = await records().listPayments({ id: paymentId }, { select: ["id", "data"] })
        return {
          paymentId,
          current: row(current),
          others: all.filter((r) => r.id !== refundId).map(row),
          storedData: payment?.data ?? undefined,
        }
      } catch (error) {
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `monobank: could not read the refunds Medusa recorded on this payment (${(error as Error).message}); nothing was sent to monobank. Try the refund again`
        )
      }
    },
    mark: (row, facts) => writeRefundMark(records(), row, facts),
    async remember(paymentId, data) {
      await records().updatePayment({ id: paymentId, data })
    },
    onOrder: (row) => refundRecordedOnOrder(scope, row.id),
    retire: (row) => retireRefund(records(), row.id),
  }
}

/**
 * Runs `job` holding Medusa's lock on `key`, so two refunds of one invoice (an admin's retry, the
 * plugin booking a bank refund) decide one after the other. The lock is as wide as the store's
 * locking provider: across servers with the Redis or PostgreSQL provider.
 */
export async function withLock<T>(cradle: Cradle, key: string, job: () => Promise<T>): Promise<T> {
  const locking = lockingModuleOf(cradle, "nothing was sent to monobank")
  return locking.execute(key, job, { timeout: 60 })
}

