/**
 * Books installment returns the bank made after their Medusa refund had failed (the bank's answer
 * was lost or late): for each payment whose return ledger has such a return, or one still in
 * doubt, runs Medusa's refund of that sum with a note naming the return. The provider only books
 * that return with such a refund, never sends one: it refuses (changing nothing) while the bank
 * does not list the return, or when another refund booked it first. Each refund goes through the
 * order's refund guard (utils/order-refund-guard), as the admin's do: it waits for an admin refund
 * of the order in progress (or leaves the return to the next run), is not run while an order change
 * is open, and a refund Medusa could not record on the order is marked for the admin's retry.
 */
import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { entriesToBook, lateReturnNote, LEDGER_KEY, readLedger, type LedgerEntry } from "../../utils/installments/return-ledger"
import { guardOrderRefund, orderRefundTarget } from "../../utils/order-refund-guard"
import { INSTALLMENTS_PROVIDER_PREFIX } from "./utils/constants"

/** Payments untouched for longer than this are not looked at; a return in doubt longer is booked by the owner's refund of its sum. */
const LOOK_BACK_MS = 2 * 24 * 60 * 60_000
/** The store owner's own retry gets the first minute to book a late return. */
const GRACE_MS = 60_000
/** Longest wait for an admin refund of the same order; after it, the next run tries again. */
const LOCK_WAIT_S = 10

export type LateReturnsSummary = { checked: number; booked: number }

export async function bookLateInstallmentReturns(container: MedusaContainer, now = new Date()): Promise<LateReturnsSummary> {
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const providers = (await paymentModule.listPaymentProviders({})).map((p) => p.id).filter((id) => id.startsWith(INSTALLMENTS_PROVIDER_PREFIX))
  if (providers.length === 0) return { checked: 0, booked: 0 }
  const payments = await paymentModule.listPayments(
    { provider_id: providers, updated_at: { $gte: new Date(now.getTime() - LOOK_BACK_MS) } } as any,
    { select: ["id", "metadata"], take: 500 }
  )
  const summary: LateReturnsSummary = { checked: 0, booked: 0 }
  for (const payment of payments) {
    const metadata = (payment as { metadata?: Record<string, unknown> | null }).metadata
    const ledger = readLedger(metadata?.[LEDGER_KEY])
    for (const entry of entriesToBook(ledger)) {
      if (now.getTime() - Date.parse(entry.sent_at) < GRACE_MS) continue
      summary.checked++
      try {
        await bookReturn(container, payment.id, entry)
        summary.booked++
        logger.info(`monobank installments: booked return ${entry.store_return_id} (${entry.sum} UAH) of payment ${payment.id}, made by the bank after its refund had failed`)
      } catch (error) {
        // Still in doubt at the bank, refused, or the order busy: nothing changed; the next run looks again.
        logger.debug?.(`monobank installments: return ${entry.store_return_id} of payment ${payment.id} not booked yet: ${(error as Error).message}`)
      }
    }
  }
  return summary
}

async function bookReturn(container: MedusaContainer, paymentId: string, entry: LedgerEntry): Promise<void> {
  const target = await orderRefundTarget(container, paymentId, entry.sum)
  if (!target) throw new Error(`payment ${paymentId} has no order to record the return on`)
  const note = lateReturnNote(entry.store_return_id)
  await guardOrderRefund(container, target, { lockWaitS: LOCK_WAIT_S, isOwn: (refund) => refund.note === note }, async () => {
    await refundPaymentWorkflow(container).run({ input: { payment_id: paymentId, amount: entry.sum, note } })
  })
}
