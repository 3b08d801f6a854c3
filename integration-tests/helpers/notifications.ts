/**
 * Waiting for the bank's notifications (card webhooks, installment callbacks) to be handled: the
 * plugin's hook route emits `monobank.notification.handled` once it answered a delivery.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { NOTIFICATION_HANDLED_EVENT } from "../../src/workflows/notifications"

/** Resolves once `count` deliveries were handled (call it before the action that sends them); `cancel()` stops waiting. */
export function notificationsHandled(container: MedusaContainer, count: number, timeoutMs: number): Promise<void> & { cancel(): void } {
  const emitter = (container.resolve(Modules.EVENT_BUS) as any).eventEmitter_
  let cancel = () => {}
  const promise = new Promise<void>((resolve, reject) => {
    let seen = 0
    const stop = () => {
      clearTimeout(timer)
      emitter.removeListener(NOTIFICATION_HANDLED_EVENT, onHandled)
    }
    const onHandled = () => {
      seen += 1
      if (seen < count) return
      stop()
      resolve()
    }
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`${count} bank notification(s) not handled within ${timeoutMs} ms (handled: ${seen})`))
    }, timeoutMs)
    cancel = stop
    emitter.on(NOTIFICATION_HANDLED_EVENT, onHandled)
  })
  return Object.assign(promise, { cancel: () => cancel() })
}

const MEDUSA_WEBHOOK_EVENT = "payment.webhook_received"

/**
 * Resolves once every subscriber of Medusa's `payment.webhook_received` (its own and the plugin's)
 * has handled `events` deliveries to Medusa's `/hooks/payment/<provider>` (answered at once, handled
 * about 5 s later). Call it before the delivery.
 */
export function medusaWebhooksHandled(container: MedusaContainer, events: number, timeoutMs = 30_000): Promise<void> {
  const emitter = (container.resolve(Modules.EVENT_BUS) as any).eventEmitter_
  const originals: Array<(...args: unknown[]) => unknown> = emitter.listeners(MEDUSA_WEBHOOK_EVENT)
  const runs = originals.map(() => 0)
  const restore = () => {
    emitter.removeAllListeners(MEDUSA_WEBHOOK_EVENT)
    originals.forEach((listener) => emitter.on(MEDUSA_WEBHOOK_EVENT, listener))
  }
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      restore()
      reject(new Error(`${events} webhook event(s) not handled within ${timeoutMs} ms (runs: ${runs.join(",")})`))
    }, timeoutMs)
    emitter.removeAllListeners(MEDUSA_WEBHOOK_EVENT)
    originals.forEach((listener, i) =>
      emitter.on(MEDUSA_WEBHOOK_EVENT, async (...args: unknown[]) => {
        try {
          await listener(...args)
        } finally {
          runs[i] += 1
          if (runs.every((n) => n >= events)) {
            clearTimeout(timer)
            restore()
            resolve()
          }
        }
      })
    )
  })
}
