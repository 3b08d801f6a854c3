import { startEmulator, type RunningEmulator } from "../start"
import { acquiring, installments } from "./helpers/api"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>

beforeAll(async () => {
  emulator = await startEmulator()
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

const CREATE = "/api/merchant/invoice/create"

describe("fault injection", () => {
  it("answers 500 for the next N matching calls, then normally, with the family's error shape", async () => {
    await emulator.control.injectFault({ method: "POST", path: CREATE, count: 2, kind: "500" })
    for (let i = 0; i < 2; i++) {
      const failed = await api.post(CREATE, { amount: 100 })
      expect(failed).toMatchObject({ status: 500, json: { errCode: "INTERNAL_ERROR", errText: expect.any(String) } })
      expect(failed.headers.get("trace-id")).toBeTruthy()
    }
    expect((await api.post(CREATE, { amount: 100 })).status).toBe(200)

    await emulator.control.injectFault({ path: "/api/order/state", count: 1, kind: "500" })
    const installmentsFailure = await installments(emulator).post("/api/order/state", { order_id: "x" })
    expect(installmentsFailure).toMatchObject({ status: 500, json: { message: expect.any(String) } })
  })

  it("matches the method: a GET fault leaves POST alone", async () => {
    await emulator.control.injectFault({ method: "GET", path: CREATE, count: 1, kind: "500" })
    expect((await api.post(CREATE, { amount: 100 })).status).toBe(200)
  })

  it("answers 429 with Retry-After", async () => {
    await emulator.control.injectFault({ path: "/api/merchant/details", count: 1, kind: "429", retryAfterSeconds: 7 })
    const limited = await api.get("/api/merchant/details")
    expect(limited).toMatchObject({ status: 429, json: { errCode: "TMR" } })
    expect(limited.headers.get("retry-after")).toBe("7")
    expect((await api.get("/api/merchant/details")).status).toBe(200)
  })

  it("answers normally after a slow fault", async () => {
    await emulator.control.injectFault({ path: "/api/merchant/details", count: 1, kind: "slow", delayMs: 50 })
    expect((await api.get("/api/merchant/details")).status).toBe(200)
  })

  it("a slow fault acts when its answer goes out; with afterProcessing it acts at once and only the answer is late", async () => {
    const CANCEL = "/api/merchant/invoice/cancel"
    const { invoiceId } = (await api.post(CREATE, { amount: 1000 })).json as { invoiceId: string }
    await emulator.control.payInvoice(invoiceId)
    const refunds = async () => (await emulator.control.getInvoice(invoiceId)).cancelList.length
    const meanwhile = () => new Promise((resolve) => setTimeout(resolve, 200))

    await emulator.control.injectFault({ path: CANCEL, count: 1, kind: "slow", delayMs: 600 })
    const late = api.post(CANCEL, { invoiceId, amount: 100, extRef: "late" })
    await meanwhile()
    expect(await refunds()).toBe(0)
    expect((await late).status).toBe(200)
    expect(await refunds()).toBe(1)

    await emulator.control.injectFault({ path: CANCEL, count: 1, kind: "slow", delayMs: 600, afterProcessing: true })
    let answered = false
    const answeredLate = api.post(CANCEL, { invoiceId, amount: 100, extRef: "early" }).finally(() => (answered = true))
    await meanwhile()
    expect(await refunds()).toBe(2)
    expect(answered).toBe(false)
    expect((await answeredLate).status).toBe(200)
  })

  it("resets the connection", async () => {
    await emulator.control.injectFault({ path: "/api/merchant/details", count: 1, kind: "reset" })
    await expect(api.get("/api/merchant/details")).rejects.toThrow()
    expect((await api.get("/api/merchant/details")).status).toBe(200)
  })

  it("can fail after processing: the invoice exists although the client saw a 500", async () => {
    await emulator.control.injectFault({ path: CREATE, count: 1, kind: "500", afterProcessing: true })
    expect((await api.post(CREATE, { amount: 100, merchantPaymInfo: { reference: "r-1" } })).status).toBe(500)
    const calls = await emulator.control.calls()
    expect(calls.map(({ method, path, status }) => ({ method, path, status }))).toEqual([{ method: "POST", path: CREATE, status: 500 }])
  })
})

describe("calls log", () => {
  it("records bank API calls with status, and no control or page calls", async () => {
    await api.get("/api/merchant/details")
    await acquiring(emulator, "wrong").get("/api/merchant/details")
    await fetch(`${emulator.url}/pay/unknown`)
    await emulator.control.now()
    const calls = await emulator.control.calls()
    expect(calls.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      "GET /api/merchant/details 200",
      "GET /api/merchant/details 403",
    ])
    expect(calls[0]).toEqual(expect.objectContaining({ at: expect.any(String), traceId: expect.any(String) }))
  })
})
