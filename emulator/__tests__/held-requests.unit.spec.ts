import { startEmulator, type RunningEmulator } from "../start"
import { acquiring } from "./helpers/api"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>

beforeAll(async () => {
  emulator = await startEmulator()
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

const CREATE = "/api/merchant/invoice/create"
const invoicesMade = async () => (await emulator.control.paymentsByReference("held")).invoices.length
const body = { amount: 1000, merchantPaymInfo: { reference: "held" } }
const settled = <T>(promise: Promise<T>) => {
  const state = { done: false }
  void promise.finally(() => (state.done = true))
  return state
}

describe("hold fault (extension)", () => {
  it("keeps the request until released, then the bank acts and answers", async () => {
    await emulator.control.injectFault({ method: "POST", path: CREATE, count: 1, kind: "hold" })
    const request = api.post(CREATE, body)
    const answered = settled(request)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(answered.done).toBe(false)
    expect(await invoicesMade()).toBe(0)

    expect(await emulator.control.releaseHeldRequests()).toBe(1)

    expect((await request).status).toBe(200)
    expect(await invoicesMade()).toBe(1)
    expect(await emulator.control.releaseHeldRequests()).toBe(0)
  })

  it("with afterProcessing the bank acts at once and only the answer waits for the release", async () => {
    await emulator.control.injectFault({ method: "POST", path: CREATE, count: 1, kind: "hold", afterProcessing: true })
    const request = api.post(CREATE, body)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await invoicesMade()).toBe(1)
    expect(settled(request).done).toBe(false)

    await emulator.control.releaseHeldRequests()
    expect((await request).status).toBe(200)
  })

  it("lets the request go on by itself after delayMs, and on reset", async () => {
    await emulator.control.injectFault({ method: "POST", path: CREATE, count: 1, kind: "hold", delayMs: 100 })
    expect((await api.post(CREATE, body)).status).toBe(200)

    await emulator.control.injectFault({ method: "POST", path: CREATE, count: 1, kind: "hold" })
    const request = api.post(CREATE, body)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await emulator.control.reset()
    expect((await request).status).toBe(200)
  })
})
