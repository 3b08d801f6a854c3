/**
 * The booted test store runs the plugin's scheduled jobs on their own cron, like a real store. A
 * test that runs a reconcile job itself and counts what it read must not share its minutes with
 * the job's own run (which would read the same records first and leave the test's run nothing to
 * do), so it starts where the next run on the clock is further away than the test lasts.
 */
import { setTimeout as sleep } from "node:timers/promises"
import { config as checkoutReconcile } from "../../src/jobs/sync-monobank-checkout-orders"

const MINUTE_MS = 60_000
/** Time after a scheduled run starts by which it has finished on an almost empty test database. */
const RUN_SETTLE_MS = 3_000

function periodOf(schedule: string): number {
  const everyMinutes = /^\*\/(\d+) \* \* \* \*$/.exec(schedule)
  if (!everyMinutes) throw new Error(`scheduled-runs: cannot read the period of "${schedule}"`)
  return Number(everyMinutes[1]) * MINUTE_MS
}

/** Waits, when needed, until no scheduled checkout reconcile can start within `windowMs`. */
export async function clearOfScheduledCheckoutSync(windowMs = 60_000): Promise<void> {
  const period = periodOf(checkoutReconcile.schedule)
  const untilNextRun = period - (Date.now() % period)
  if (untilNextRun < windowMs) await sleep(untilNextRun + RUN_SETTLE_MS)
}
