import { Modules } from "@medusajs/framework/utils"
import { emitMonobankNotification, MONOBANK_NOTIFICATION_EVENT } from "../notification-event"

const notification = { provider: "monobank_monobank", payload: { data: {}, rawData: Buffer.from("{}"), headers: { "x-sign": "c2ln" } } }

function scopeWith(paymentOptions?: Record<string, unknown>) {
  const emitted: unknown[][] = []
  const scope = {
    [Modules.EVENT_BUS]: { emit: async (...args: unknown[]) => void emitted.push(args) },
    [Modules.PAYMENT]: { options: paymentOptions },
  }
  return { scope, emitted }
}

describe("emitMonobankNotification: a delivery queued as Medusa queues its own webhooks", () => {
  it("waits 5 s and tries 3 times by default, as Medusa's own webhook event", async () => {
    const { scope, emitted } = scopeWith()
    await emitMonobankNotification(scope, notification)
    expect(emitted).toEqual([[{ name: MONOBANK_NOTIFICATION_EVENT, data: notification }, { delay: 5_000, attempts: 3 }]])
  })

  it("takes the store's webhook_delay and webhook_retries from the payment module's options", async () => {
    const { scope, emitted } = scopeWith({ webhook_delay: 2_000, webhook_retries: 5 })
    await emitMonobankNotification(scope, notification)
    expect(emitted[0][1]).toEqual({ delay: 2_000, attempts: 5 })
  })
})
