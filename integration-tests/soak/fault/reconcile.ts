/**
 * After the barrage: the plugin's scheduled reconcile jobs, run until a pass finds what the last one
 * found. Each pass pretends to run an hour later than the last (`now`), so every pending payment is
 * due for a bank read again, as it would be over a day of real schedule.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { EmulatorControl } from "../../../emulator"
import { reconcileCardSessions } from "../../../src/workflows/acquiring/reconcile-card-sessions"
import { syncDueCheckoutOrders } from "../../../src/workflows/checkout/reconcile"
import { bookLateInstallmentReturns } from "../../../src/workflows/installments/book-late-returns"
import { reconcileInstallmentSessions } from "../../../src/workflows/installments/reconcile-installment-sessions"
import { takeBackDiscardedOrders } from "../../../src/providers/monobank-installments/withdrawal-runs"
import { sleep } from "./tally"

const HOUR_MS = 60 * 60_000
/** A webhook is handled 5 s after it arrives (monobank.notification_received is delayed, as Medusa's own). */
const WEBHOOK_HANDLING_MS = 6_500

export type ReconcilePass = Record<string, Record<string, number>>

/** Resolves once the bank sent everything and Medusa had time to handle it. */
export async function settleWebhooks(control: EmulatorControl): Promise<void> {
  await control.flushWebhooks()
  await sleep(WEBHOOK_HANDLING_MS)
  await control.flushWebhooks()
}

export async function reconcileUntilStable(container: MedusaContainer, control: EmulatorControl, maxPasses = 6): Promise<ReconcilePass[]> {
  const passes: ReconcilePass[] = []
  for (let pass = 1; pass <= maxPasses; pass++) {
    const now = new Date(Date.now() + pass * HOUR_MS)
    const result: ReconcilePass = {
      card: await reconcileCardSessions(container, { now, limit: 10_000 }),
      installments: await reconcileInstallmentSessions(container, { now, limit: 10_000 }),
      checkout: await syncDueCheckoutOrders(container, { now, limit: 10_000 }),
      lateReturns: await bookLateInstallmentReturns(container, now),
      withdrawals: await takeBackDiscardedOrders(container, { now }),
    }
    const same = passes.length > 0 && JSON.stringify(passes[passes.length - 1]) === JSON.stringify(result)
    passes.push(result)
    await settleWebhooks(control)
    // Stable: this pass found what the last one found (what is left only waits, e.g. abandoned payments).
    if (same) break
  }
  return passes
}
