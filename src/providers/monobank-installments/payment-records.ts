/**
 * Where the provider keeps an order's return ledger: the Medusa payment's `metadata`. Medusa
 * writes a payment's `data` after every provider call from what it read before the call (so two
 * refunds can overwrite each other's data) and copies session data, which the storefront writes,
 * into it; it never writes `metadata` on its own. The payment module's records are read from the
 * provider's container (the provider lives in the payment module), as the card provider does.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { readLateReturnNote, readLedger, type LedgerEntry } from "./return-ledger"

type Cradle = Record<string, unknown>
type ListService = {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<any[]>
  update(data: Record<string, unknown>): Promise<unknown>
}
type Locking = {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T>
}

export const LEDGER_KEY = "monobank_installment_returns"

export type PaymentLedger = {
  paymentId: string
  /** Set when the refund only books this late return (its note says so): nothing is sent. */
  bookOnly?: string
  ledger: LedgerEntry[]
  save(ledger: LedgerEntry[]): Promise<void>
}

function resolve<T>(cradle: Cradle, key: string): T | undefined {
  try {
    return cradle[key] as T | undefined
  } catch {
    return undefined
  }
}

/** The ledger of the payment refund `refundId` belongs to, read fresh from the database. */
export async function loadPaymentLedger(cradle: Cradle, refundId: string): Promise<PaymentLedger> {
  const refunds = resolve<ListService>(cradle, "refundService")
  const payments = resolve<ListService>(cradle, "paymentService")
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

/**
 * Medusa's locking module (shared by every server when a Redis locking provider is configured).
 * The payment module does not list it among its providers' dependencies, so it is taken from
 * the application container.
 */
export function resolveLocking(cradle: Cradle): Locking {
  const own = resolve<Locking>(cradle, Modules.LOCKING)
  if (own) return own
  // Required lazily: the framework's entry point is loaded by the application, not by this file.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { container } = require("@medusajs/framework") as typeof import("@medusajs/framework")
  const locking = container.resolve<Locking | undefined>(Modules.LOCKING, { allowUnregistered: true })
  if (!locking) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "monobank installments: Medusa's locking module is not available; returns are not sent without it"
    )
  }
  return locking
}
