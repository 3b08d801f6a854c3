/**
 * Where the provider keeps an order's return ledger: the Medusa payment's `metadata`. Medusa
 * writes a payment's `data` after every provider call from what it read before the call (so two
 * refunds can overwrite each other's data) and copies session data, which the storefront writes,
 * into it; it never writes `metadata` on its own. The payment module's records are read from the
 * provider's container (the provider lives in the payment module), as the card provider does.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { readLateReturnNote, readLedger, type LedgerEntry } from "./return-ledger"
import { optionalFromCradle, type Cradle } from "../../utils/module-container"

type ListService = {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<any[]>
  update(data: Record<string, unknown>): Promise<unknown>
}

export const LEDGER_KEY = "monobank_installment_returns"

export type PaymentLedger = {
  paymentId: string
  /** Set when the refund only books this late return (its note says so): nothing is sent. */
  bookOnly?: string
  ledger: LedgerEntry[]
  save(ledger: LedgerEntry[]): Promise<void>
}


/** The ledger of the payment refund `refundId` belongs to, read fresh from the database. */
export async function loadPaymentLedger(cradle: Cradle, refundId: string): Promise<PaymentLedger> {
  const refunds = optionalFromCradle<ListService>(cradle, "refundService")
  const payments = optionalFromCradle<ListService>(cradle, "paymentService")
  const [refund] = refunds ? await refunds.list({ id: refundId }, { select: ["id", "payment_id", "note"] }) : []
  if (!payments || !refund?.payment_id) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `monobank installments: refund ${refundId} is not a refund Medusa recorded; refund through Medusa's refund of the payment`
    )
  }
  return { ...(await ledgerOfPayment(payments, refund.payment_id)), bookOnly: readLateReturnNote(refund.note) }
}

async function ledgerOfPayment(payments: ListService, paymentId: string): Promise<PaymentLedger> {
  const [payment] = await payments.list({ id: paymentId }, { select: ["id", "metadata"] })
  const metadata = (payment?.metadata ?? {}) as Record<string, unknown>
  return {
    paymentId,
    ledger: readLedger(metadata[LEDGER_KEY]),
    async save(ledger) {
      await payments.update({ id: paymentId, metadata: { ...metadata, [LEDGER_KEY]: ledger } })
    },
  }
}

