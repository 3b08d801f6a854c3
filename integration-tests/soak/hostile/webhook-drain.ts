/**
 * The plugin answers its providers' webhooks at once and handles the event seconds later. To compare state
 * after the barrage, count how many times each `monobank.notification_received` subscriber has finished,
 * and wait until every one has handled every accepted webhook.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { MONOBANK_NOTIFICATION_EVENT } from "../../../src/workflows/notifications/notification-event"

const WEBHOOK_EVENT = MONOBANK_NOTIFICATION_EVENT

export function countWebhookHandling(container: MedusaContainer) {
  const emitter = (container.resolve(Modules.EVENT_BUS) as any).eventEmitter_
  const originals: Array<(...args: unknown[]) => unknown> = emitter.listeners(WEBHOOK_EVENT)
  const runs = originals.map(() => 0)
  emitter.removeAllListeners(WEBHOOK_EVENT)
  originals.forEach((listener, i) =>
    emitter.on(WEBHOOK_EVENT, async (...args: unknown[]) => {
      try {
        return await listener(...args)
      } finally {
        runs[i] += 1
      }
    })
  )
  const restore = () => {
    emitter.removeAllListeners(WEBHOOK_EVENT)
    originals.forEach((listener) => emitter.on(WEBHOOK_EVENT, listener))
  }
  return {
    runs: () => [...runs],
    /** Resolves once each subscriber ran `events` times; then puts the original subscribers back. */
    async drained(events: number, timeoutMs: number) {
      const until = Date.now() + timeoutMs
      while (runs.some((n) => n < events)) {
        if (Date.now() > until) {
          restore()
          throw new Error(`${events} webhook events not handled within ${timeoutMs} ms (runs per subscriber: ${runs.join(", ")})`)
        }
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      restore()
    },
  }
}
