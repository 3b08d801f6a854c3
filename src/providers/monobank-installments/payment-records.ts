/**
 * Where the provider keeps an order's return ledger: the Medusa payment's `metadata`. Medusa
 * writes a payment's `data` after every provider call from what it read before the call (so two
 * refunds can overwrite each other's data) and copies session data, which the storefront writes,
 * into it; it never writes `metadata` on its own. The payment module's records are read through its
 * public service (utils/medusa-payments), as the card provider does.
 * Beside the ledger: the payment's Medusa refunds, for the retry of a refund whose request Medusa
 * answered with an error (see ../../utils/failed-refund-requests).
 */
import type { ModuleScope } from "../../utils/module-container"
import { MedusaError } from "@medusajs/framework/utils"
import { LEDGER_KEY, readLateReturnNote, readLedger, type LedgerEntry } from "../../utils/installments/return-ledger"
import {
  refundRecordedOnOrder,
  retireRefund,
  type MedusaRefundRow,
} from "../../utils/failed-refund-requests"
import type { RefundRecords } from "../../utils/medusa-payments"
import { writeRefundMark, type RefundMark } from "../../utils/refund-mark"
import { returnDestination, type ReturnDestination } from "../../utils/installments/return-destination"

export type PaymentLedger = {
  paymentId: string
  /** Set when the refund only books this late return (its note says so): nothing is sent. */
  bookOnly?: string
  /** Where the refund's money goes, from its Medusa refund reason. */
  destination: ReturnDestination
  ledger: LedgerEntry[]
  save(ledger: LedgerEntry[]): Promise<void>
  /** This refund and the payment's other refunds, as Medusa recorded them. */
  current: MedusaRefundRow
  others: MedusaRefundRow[]
  /** Adds facts to a refund's mark. */
  mark(row: MedusaRefundRow, facts: RefundMark): Promise<void>
  /** Whether the order records this refund. */
  onOrder(row: MedusaRefundRow): Promise<boolean>
  /** Takes a refund off the payment (soft delete) when this refund takes its place. */
  retire(row: MedusaRefundRow): Promise<void>
}


/** The ledger of the payment refund `refundId` belongs to, read fresh from the database. */
export async function loadPaymentLedger(records: RefundRecords | undefined, refundId: string, scope: ModuleScope): Promise<PaymentLedger> {
  const [refund] = records
    ? await records.listRefunds({ id: refundId }, { select: ["id", "payment_id", "note", "refund_reason.code"], relations: ["refund_reason"] })
    : []
  const paymentId = (refund as { payment_id?: string } | undefined)?.payment_id
  if (!records || !paymentId) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `monobank installments: refund ${refundId} is not a refund Medusa recorded; refund through Medusa's refund of the payment`
    )
  }
  const rows = (await records.listRefunds({ payment_id: paymentId }, { select: ["id", "created_at", "metadata"] })).map(
    (r): MedusaRefundRow => ({ id: r.id, created_at: r.created_at ?? null, metadata: (r as { metadata?: Record<string, unknown> | null }).metadata ?? null })
  )
  return {
    ...(await ledgerOfPayment(records, paymentId)),
    bookOnly: readLateReturnNote(refund.note),
    destination: returnDestination((refund as { refund_reason?: { code?: string | null } | null }).refund_reason?.code),
    current: rows.find((row) => row.id === refundId) ?? { id: refundId, metadata: null },
    others: rows.filter((row) => row.id !== refundId),
    mark: (row, facts) => writeRefundMark(records, row, facts),
    onOrder: (row) => refundRecordedOnOrder(scope, row.id),
    retire: (row) => retireRefund(records, row.id),
  }
}

async function ledgerOfPayment(payments: RefundRecords, paymentId: string): Promise<Pick<PaymentLedger, "paymentId" | "ledger" | "save">> {
  const [payment] = await payments.listPayments({ id: paymentId }, { select: ["id", "metadata"] })
  const metadata = ((payment as { metadata?: Record<string, unknown> | null } | undefined)?.metadata ?? {}) as Record<string, unknown>
  return {
    paymentId,
    ledger: readLedger(metadata[LEDGER_KEY]),
    async save(ledger) {
      await payments.updatePayment({ id: paymentId, metadata: { ...metadata, [LEDGER_KEY]: ledger } })
    },
  }
}

