/**
 * After a sequence, the store is let settle before the money invariant is checked: what shoppers
 * and the admin started is awaited, the bank stops failing, every held webhook is delivered, and
 * the plugin's scheduled jobs run, also as if minutes had passed (the reconcile functions take
 * `now`). A step is one entry of SETTLE_STEPS: add one when the plugin gains a later safety net
 * (e.g. a release deferred past a grace period).
 */
import bookLateInstallmentReturnsJob from "../../src/jobs/book-late-installment-returns"
import syncMonobankCheckoutOrdersJob from "../../src/jobs/sync-monobank-checkout-orders"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { reconcileCardSessions } from "../../src/workflows/acquiring/reconcile-card-sessions"
import { reconcileInstallmentSessions } from "../../src/workflows/installments/reconcile-installment-sessions"
import { takeBackDiscardedOrders } from "../../src/providers/monobank-installments/withdrawal-runs"
import { bankSidesFromConfig } from "../../src/providers/bank-sides"
import { completeApprovedInstallmentCarts } from "../../src/workflows/installments/complete-approved-carts"
import { bookLateInstallmentReturns } from "../../src/workflows/installments/book-late-returns"
import { completePaidCarts } from "../../src/workflows/session-money/complete-paid-carts"
import { settleDueSessionPayments } from "../../src/workflows/session-money/settle-session-payments"
import { reconcileCheckoutOrdersAsIf } from "./checkout-settle"
import type { World } from "./store-world"
import { INSTALLMENTS_CALLBACK_DELAY_MS } from "../helpers/monobank-environment"

const MINUTE_MS = 60_000

export type SettleStep = { name: string; run: (world: World) => Promise<void> }

/**
 * The emulator's scripted app users (an installment approved or declined a moment after it was
 * made) act before the store settles, not whenever the emulator's timer gets round to it: on a
 * busy machine that could be after the last step below. Once their delay has passed, the emulator
 * runs what is due at once (an advance of 0: its clock must not run ahead of the store's, or the
 * statements the store reads for lost charges would miss them).
 */
const letScriptedClientsAct: SettleStep = {
  name: "let the bank's scripted app users act",
  run: async ({ control }) => {
    await new Promise((resolve) => setTimeout(resolve, INSTALLMENTS_CALLBACK_DELAY_MS))
    await control.advanceClock(0)
  },
}

/** Held webhooks go out, and everything the bank sends is handled by Medusa, until nothing is left. */
const deliverWebhooks: SettleStep = {
  name: "deliver every webhook",
  run: async ({ control, webhooks }) => {
    await control.clearFaults()
    await control.setWebhookMode("deliver")
    for (let round = 0; round < 5; round++) {
      const released = await control.releaseWebhooks({ order: "fifo" })
      await control.flushWebhooks()
      await webhooks.quiet()
      // Handling a webhook can make the bank send another (a refund of an orphan, a release).
      await control.flushWebhooks()
      await webhooks.quiet()
      if (released === 0) return
    }
  },
}

/** The plugin's scheduled jobs, called as Medusa's scheduler calls them. */
export const runScheduledJobs: SettleStep = {
  name: "run the scheduled jobs",
  run: async ({ container }) => {
    await syncMonobankPaymentSessionsJob(container())
    await syncMonobankCheckoutOrdersJob(container())
    await bookLateInstallmentReturnsJob(container())
  },
}

/**
 * Sessions the reconcile reads per run, youngest first: every session of a sequence, and not
 * every still-pending session of the sequences before (each would be read again on every run).
 */
const RECONCILE_LIMIT = 25

/** The reconcile the payment-sessions job runs, as if `minutes` had passed: every young session is due. */
export function reconcileAsIf(minutes: number): SettleStep {
  return {
    name: `reconcile as if ${minutes} minutes had passed`,
    run: async ({ container }) => {
      const now = new Date(Date.now() + minutes * MINUTE_MS)
      await reconcileCardSessions(container(), { now, limit: RECONCILE_LIMIT })
      await reconcileInstallmentSessions(container(), { now, limit: RECONCILE_LIMIT })
      await takeBackDiscardedOrders(container(), { now })
      await reconcileCheckoutOrdersAsIf(container(), minutes)
      // Money of sessions that ended, once no authorize of them can still be creating a payment.
      await settleDueSessionPayments(container(), bankSidesFromConfig(container()), { now })
      // Approved installments and carts paid through a webhook whose completion failed.
      await completeApprovedInstallmentCarts(container(), bankSidesFromConfig(container()), { now })
      await completePaidCarts(container(), { now })
      // Returns the bank made after their refund failed, once the owner's own retry had its minute.
      await bookLateInstallmentReturns(container(), now)
    },
  }
}

export const SETTLE_STEPS: SettleStep[] = [
  letScriptedClientsAct,
  deliverWebhooks,
  runScheduledJobs,
  reconcileAsIf(6),
  deliverWebhooks,
  reconcileAsIf(30),
  deliverWebhooks,
]

/** Awaits what is still running, then runs every settle step in order; `log` hears how long each took. */
export async function settle(world: World, running: Array<Promise<unknown>>, log?: (line: string) => void): Promise<void> {
  let started = Date.now()
  // Requests the bank holds (an open window) answer now, so what waits on them can end.
  await world.control.releaseHeldRequests()
  await Promise.allSettled(running)
  log?.(`background actions: ${Date.now() - started} ms`)
  for (const step of SETTLE_STEPS) {
    started = Date.now()
    try {
      await world.timings.time(`settle: ${step.name}`, () => step.run(world))
    } catch (error) {
      throw new Error(`settle step "${step.name}" failed: ${(error as Error).message}`)
    }
    log?.(`${step.name}: ${Date.now() - started} ms`)
  }
}
