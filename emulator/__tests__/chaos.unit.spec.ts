import { Chaos } from "../chaos"
import { startEmulator, type RunningEmulator } from "../start"
import { acquiring } from "./helpers/api"
import { startReceiver } from "./helpers/receiver"

describe("chaos: random faults at configured rates", () => {
  it("spreads API faults and notification fates at about the configured shares, the same way for the same seed", () => {
    const draw = (seed: number) => {
      const chaos = new Chaos()
      chaos.configure({
        seed,
        api: { error500: 0.1, error429: 0.05, slow: 0.05 },
        notifications: { drop: 0.1, duplicate: 0.1, delay: 0.1 },
      })
      const api = Array.from({ length: 10_000 }, () => chaos.apiFault("/p")?.kind ?? "answer")
      const fates = Array.from({ length: 10_000 }, () => chaos.notificationFate().fate)
      return { api, fates, tally: chaos.tally() }
    }
    const first = draw(42)
    expect(draw(42).api).toEqual(first.api)
    expect(draw(7).api).not.toEqual(first.api)
    const share = (list: string[], value: string) => list.filter((item) => item === value).length / list.length
    expect(share(first.api, "500")).toBeCloseTo(0.1, 1)
    expect(share(first.api, "429")).toBeCloseTo(0.05, 1)
    expect(share(first.api, "slow")).toBeCloseTo(0.05, 1)
    expect(share(first.fates, "drop")).toBeCloseTo(0.1, 1)
    expect(share(first.fates, "deliver")).toBeCloseTo(0.7, 1)
    expect(first.tally.api["500"]).toBe(first.api.filter((k) => k === "500").length)
  })

  it("without a configuration nothing fails", () => {
    const chaos = new Chaos()
    expect(chaos.apiFault("/p")).toBeUndefined()
    expect(chaos.notificationFate().fate).toBe("deliver")
  })

  describe("in a running emulator", () => {
    let emulator: RunningEmulator
    beforeAll(async () => {
      emulator = await startEmulator({ webhookRetryDelayMs: 10 })
    })
    afterAll(() => emulator.close())

    it("fails bank calls and drops, doubles and holds back webhooks; control calls are never touched; reset ends it", async () => {
      const receiver = await startReceiver()
      try {
        await emulator.control.setChaos({ seed: 1, api: { error500: 0.5 }, notifications: { drop: 0.3, duplicate: 0.3, delay: 0.3, delayMs: 50 } })
        const api = acquiring(emulator)
        const statuses: number[] = []
        const invoices: string[] = []
        for (let i = 0; i < 40; i++) {
          const created = await api.post("/api/merchant/invoice/create", { amount: 100, webHookUrl: `${receiver.url}/hook` })
          statuses.push(created.status)
          if (created.status === 200) invoices.push(created.json.invoiceId)
        }
        expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(5)
        expect(invoices.length).toBeGreaterThan(5)
        for (const invoiceId of invoices) await emulator.control.payInvoice(invoiceId) // control: never failed
        await emulator.control.flushWebhooks()
        await new Promise((resolve) => setTimeout(resolve, 200))
        await emulator.control.flushWebhooks()
        const tally = await emulator.control.chaosTally()
        expect(tally.notifications.drop).toBeGreaterThan(0)
        expect(tally.notifications.duplicate).toBeGreaterThan(0)
        expect(tally.notifications.delay).toBeGreaterThan(0)
        const deliveries = await emulator.control.deliveries()
        expect(deliveries.filter((d) => d.state === "dropped")).toHaveLength(tally.notifications.drop)
        expect(receiver.requests).toHaveLength(deliveries.filter((d) => d.state === "delivered").length)

        await emulator.control.reset()
        expect((await emulator.control.chaosTally()).active).toBe(false)
        expect((await api.post("/api/merchant/invoice/create", { amount: 100 })).status).toBe(200)
      } finally {
        await receiver.close()
      }
    })
  })
})
