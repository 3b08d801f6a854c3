/**
 * Knows when Medusa has finished with every bank webhook it received, so the money model can check
 * its invariant on a settled store instead of waiting fixed times. The plugin's webhook handler emits
 * `monobank.notification_received` with a 5 s delay and its local event bus runs the subscribers without
 * anyone awaiting them; here the delay is shortened (any delay can happen on a busy server) and
 * every subscriber run is tracked until it ends.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { MONOBANK_NOTIFICATION_EVENT } from "../../src/workflows/notifications/notification-event"

const WEBHOOK_EVENT = MONOBANK_NOTIFICATION_EVENT

type Listener = (...args: unknown[]) => unknown
type EventBus = {
  emit: (events: unknown, options?: Record<string, unknown>) => Promise<unknown>
  eventEmitter_: {
    listeners(event: string): Listener[]
    removeAllListeners(event: string): void
    on(event: string, listener: Listener): void
  }
}

export class WebhookTracker {
  private readonly inFlight = new Set<Promise<unknown>>()

  /** Installs itself on the app's event bus; `delayMs` replaces Medusa's 5 s webhook delay. */
  constructor(container: MedusaContainer, private readonly delayMs: number) {
    const bus = container.resolve(Modules.EVENT_BUS) as unknown as EventBus
    const emitter = bus.eventEmitter_
    const listeners = emitter.listeners(WEBHOOK_EVENT)
    if (listeners.length === 0) throw new Error(`no subscriber of ${WEBHOOK_EVENT}: is the event bus the local one?`)
    emitter.removeAllListeners(WEBHOOK_EVENT)
    for (const listener of listeners) emitter.on(WEBHOOK_EVENT, (...args) => void this.track(Promise.resolve(listener(...args))))

    const emit = bus.emit.bind(bus)
    bus.emit = async (events, options) => {
      const isWebhook = (Array.isArray(events) ? events : [events]).some((event) => (event as { name?: string })?.name === WEBHOOK_EVENT)
      if (!isWebhook) return emit(events, options)
      // The route answers the bank at once, as Medusa's does; the subscribers start after the delay.
      void this.track(sleep(this.delayMs).then(() => emit(events, { ...options, delay: 0 })))
    }
  }

  /** Resolves once no webhook is waiting for its subscribers or being handled by them. */
  async quiet(): Promise<void> {
    while (this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight])
      // Subscribers started by the emits that just settled are tracked on the next tick.
      await sleep(5)
    }
  }

  private track(promise: Promise<unknown>): Promise<unknown> {
    const tracked = promise.catch(() => undefined).finally(() => this.inFlight.delete(tracked))
    this.inFlight.add(tracked)
    return tracked
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
