import { startEmulator, type RunningEmulator } from "../start"
import { acquiring } from "./helpers/api"
import { startReceiver, type Receiver } from "./helpers/receiver"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>
let receiver: Receiver | undefined

beforeAll(async () => {
  emulator = await startEmulator({ webhookRetryDelayMs: 10 })
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

async function paidInvoice(webHookUrl: string): Promise<string> {
  const created = await api.post("/api/merchant/invoice/create", { amount: 100, webHookUrl })
  await emulator.control.payInvoice(created.json.invoiceId)
  return created.json.invoiceId
}
const statusesOf = (r: Receiver) => r.requests.map((request) => JSON.parse(request.body).status)

describe("webhook delivery", () => {
  it("retries a webhook until the receiver answers 200, at most 3 attempts", async () => {
    receiver = await startReceiver((_request, index) => (index < 2 ? 500 : 200))
    const created = await api.post("/api/merchant/invoice/create", { amount: 100, webHookUrl: `${receiver.url}/hook` })
    await emulator.control.setWebhookMode("hold")
    await emulator.control.payInvoice(created.json.invoiceId)
    await emulator.control.setWebhookMode("deliver")
    await emulator.control.releaseWebhooks()
    const [processing] = await emulator.control.deliveries()
    expect(processing.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200])
    expect(processing.state).toBe("delivered")
    expect(receiver.requests.slice(0, 3).map((request) => request.body)).toEqual([processing.body, processing.body, processing.body])
  })

  it("gives up after 3 attempts when the receiver never answers 200", async () => {
    receiver = await startReceiver(() => 503)
    await paidInvoice(`${receiver.url}/hook`)
    await emulator.control.flushWebhooks()
    const deliveries = await emulator.control.deliveries()
    expect(deliveries.map((delivery) => delivery.state)).toEqual(["failed", "failed"])
    expect(deliveries.map((delivery) => delivery.attempts.length)).toEqual([3, 3])
    expect(receiver.requests).toHaveLength(6)
  })

  it("records a connection error as an attempt", async () => {
    await paidInvoice("http://127.0.0.1:9/unreachable")
    await emulator.control.flushWebhooks()
    const [first] = await emulator.control.deliveries()
    expect(first.attempts).toHaveLength(3)
    expect(first.attempts[0]).toEqual({ error: expect.any(String), at: expect.any(String) })
  })

  it("holds webhooks and releases them in reverse order (success before processing)", async () => {
    receiver = await startReceiver()
    await emulator.control.setWebhookMode("hold")
    await paidInvoice(`${receiver.url}/hook`)
    expect((await emulator.control.deliveries()).map((delivery) => delivery.state)).toEqual(["held", "held"])
    expect(receiver.requests).toHaveLength(0)
    expect(await emulator.control.releaseWebhooks({ order: "reverse" })).toBe(2)
    expect(statusesOf(receiver)).toEqual(["success", "processing"])
  })

  it("releases held webhooks with duplicates", async () => {
    receiver = await startReceiver()
    await emulator.control.setWebhookMode("hold")
    await paidInvoice(`${receiver.url}/hook`)
    await emulator.control.releaseWebhooks({ duplicate: true })
    expect(statusesOf(receiver)).toEqual(["processing", "processing", "success", "success"])
  })

  it("sends every webhook twice in duplicate mode, with the same signature", async () => {
    receiver = await startReceiver()
    await emulator.control.setWebhookMode("duplicate")
    await paidInvoice(`${receiver.url}/hook`)
    await receiver.waitFor(4)
    expect(statusesOf(receiver)).toEqual(["processing", "processing", "success", "success"])
    expect(receiver.requests[0].headers["x-sign"]).toBe(receiver.requests[1].headers["x-sign"])
  })

  it("drops webhooks in drop mode but logs them", async () => {
    receiver = await startReceiver()
    await emulator.control.setWebhookMode("drop")
    await paidInvoice(`${receiver.url}/hook`)
    await emulator.control.flushWebhooks()
    expect(receiver.requests).toHaveLength(0)
    const deliveries = await emulator.control.deliveries()
    expect(deliveries.map((delivery) => [delivery.kind, delivery.state, delivery.attempts.length])).toEqual([
      ["acquiring", "dropped", 0],
      ["acquiring", "dropped", 0],
    ])
    expect(deliveries[0].headers["X-Sign"]).toEqual(expect.any(String))
  })

  it("reset forgets deliveries and puts the mode back to deliver", async () => {
    await emulator.control.setWebhookMode("hold")
    await paidInvoice("http://127.0.0.1:9/x")
    await emulator.control.reset()
    expect(await emulator.control.deliveries()).toEqual([])
    receiver = await startReceiver()
    await paidInvoice(`${receiver.url}/hook`)
    await receiver.waitFor(2)
  })
})
