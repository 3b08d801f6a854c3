import { MINUTE_MS } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"
import { installments } from "../../__tests__/helpers/api"
import { startReceiver, type Receiver } from "../../__tests__/helpers/receiver"
import { installmentsSignature } from "../../__tests__/helpers/signatures"

// long enough that real time passing during a test never makes the scripted ending due early
const DELAY_MS = 60_000
let emulator: RunningEmulator
let receiver: Receiver
let api: ReturnType<typeof installments>

beforeAll(async () => {
  emulator = await startEmulator({ installmentsCallbackDelayMs: DELAY_MS, webhookRetryDelayMs: 10 })
  api = installments(emulator)
})
afterAll(() => emulator.close())
beforeEach(async () => {
  await emulator.control.reset()
  receiver = await startReceiver()
})
afterEach(() => receiver.close())

let sequence = 0
function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    store_order_id: `order-${++sequence}`,
    client_phone: "+380501234565",
    total_sum: 2499.99,
    invoice: { date: "2025-01-15", number: "INV-1", source: "INTERNET" },
    available_programs: [{ available_parts_count: [3, 6, 10] }],
    products: [{ name: "Телевізор", count: 1, sum: 2499.99 }],
    result_callback: `${receiver.url}/callback`,
    ...overrides,
  }
}

async function createOrder(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await api.post("/api/order/create", orderBody(overrides))
  expect(response.status).toBe(201)
  return response.json.order_id
}
const state = async (order_id: string) => (await api.post("/api/order/state", { order_id })).json
const callbacks = () => receiver.requests.map((request) => JSON.parse(request.body))

describe("installments: auth and validation", () => {
  it("answers 403 for an unknown store-id and 401 for a missing or wrong signature, with Trace-Id", async () => {
    const unknownStore = await installments(emulator, { storeId: "other" }).post("/api/order/create", orderBody())
    expect(unknownStore).toMatchObject({ status: 403, json: { message: expect.any(String) } })
    const missing = await api.post("/api/order/create", orderBody(), { signature: null })
    expect(missing).toMatchObject({ status: 401, json: { message: expect.stringContaining("missing") } })
    const wrongSecret = await installments(emulator, { secret: "wrong" }).post("/api/order/create", orderBody())
    expect(wrongSecret.status).toBe(401)
    expect(wrongSecret.headers.get("trace-id")).toBeTruthy()
  })

  it("verifies the signature over the raw body bytes, not over re-serialized JSON", async () => {
    const body = orderBody()
    const compact = JSON.stringify(body)
    const spaced = JSON.stringify(body, null, 2)
    const signedCompact = installmentsSignature(compact, emulator.installments.secret)
    expect((await api.post("/api/order/create", spaced, { signature: signedCompact })).status).toBe(401)
    expect((await api.post("/api/order/create", spaced)).status).toBe(201)
  })

  it.each([
    ["a phone without +380", { client_phone: "0501234567" }, "client_phone"],
    ["a total below 1 UAH", { total_sum: 0.5 }, "total_sum"],
    ["a total with 3 decimals", { total_sum: 10.123 }, "total_sum"],
    ["2 parts", { available_programs: [{ available_parts_count: [2] }] }, "available_programs.0.available_parts_count.0"],
    ["26 parts", { available_programs: [{ available_parts_count: [26] }] }, "available_parts_count"],
    ["no products", { products: [] }, "products"],
    ["a product without a name", { products: [{ count: 1, sum: 10 }] }, "products.0.name"],
    ["an unknown field", { total: 10 }, "total: unknown field"],
  ])("answers 400 naming the field for %s", async (_label, overrides, field) => {
    const response = await api.post("/api/order/create", orderBody(overrides))
    expect(response.status).toBe(400)
    expect(response.json.message).toContain(field)
  })

  it("answers 404 for an unknown order_id", async () => {
    expect(await api.post("/api/order/state", { order_id: "0b5f8c8e-0000-4000-8000-000000000000" })).toMatchObject({
      status: 404,
      json: { message: expect.any(String) },
    })
  })

  it("returns the existing order_id with 201 for a repeated store_order_id", async () => {
    const body = orderBody()
    const first = await api.post("/api/order/create", body)
    const repeat = await api.post("/api/order/create", { ...body, total_sum: 10 })
    expect(repeat).toMatchObject({ status: 201, json: { order_id: first.json.order_id } })
  })
})

describe("installments: sandbox phone endings", () => {
  it("ending 1: approved and active after the callback delay, with a signed callback", async () => {
    const orderId = await createOrder({ client_phone: "+380501234561" })
    expect(await state(orderId)).toEqual({ order_id: orderId, state: "IN_PROCESS", order_sub_state: "WAITING_FOR_CLIENT" })
    await emulator.control.advanceClock(DELAY_MS)
    expect(await state(orderId)).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
    const [callback] = await receiver.waitFor(1)
    expect(JSON.parse(callback.body)).toEqual({ order_id: orderId, state: "SUCCESS", order_sub_state: "ACTIVE" })
    expect(callback.headers.signature).toBe(installmentsSignature(callback.body, emulator.installments.secret))
  })

  it("ending 2: waits for the client without a callback, then times out after 15 minutes", async () => {
    const orderId = await createOrder({ client_phone: "+380501234562" })
    await emulator.control.advanceClock(14 * MINUTE_MS)
    expect((await state(orderId)).order_sub_state).toBe("WAITING_FOR_CLIENT")
    await emulator.control.flushWebhooks()
    expect(receiver.requests).toHaveLength(0)
    await emulator.control.advanceClock(MINUTE_MS)
    expect(await state(orderId)).toMatchObject({ state: "FAIL", order_sub_state: "CLIENT_PUSH_TIMEOUT" })
    await receiver.waitFor(1)
    expect(callbacks()).toEqual([{ order_id: orderId, state: "FAIL", order_sub_state: "CLIENT_PUSH_TIMEOUT" }])
  })

  it("ending 3: fails with EXCEEDED_SUM_LIMIT after the delay, with a callback", async () => {
    const orderId = await createOrder({ client_phone: "+380501234563" })
    await emulator.control.advanceClock(DELAY_MS)
    expect(await state(orderId)).toMatchObject({ state: "FAIL", order_sub_state: "EXCEEDED_SUM_LIMIT" })
    await receiver.waitFor(1)
  })

  it("ending 4: waits for the store, confirm makes it active (no callback for confirm)", async () => {
    const orderId = await createOrder({ client_phone: "+380501234564" })
    await emulator.control.advanceClock(DELAY_MS / 2)
    expect((await state(orderId)).order_sub_state).toBe("WAITING_FOR_CLIENT")
    await emulator.control.advanceClock(DELAY_MS / 2)
    expect(await state(orderId)).toMatchObject({ state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
    const confirmed = await api.post("/api/order/confirm", { order_id: orderId })
    expect(confirmed).toMatchObject({ status: 200, json: { order_id: orderId, state: "SUCCESS", order_sub_state: "ACTIVE" } })
    expect((await api.post("/api/order/confirm", { order_id: orderId })).status).toBe(400)
    await emulator.control.flushWebhooks()
    expect(callbacks().map((callback) => callback.order_sub_state)).toEqual(["WAITING_FOR_STORE_CONFIRM"])
  })

  it("other endings wait for the client: confirm or reject through control", async () => {
    const confirmedId = await createOrder()
    await emulator.control.installmentClientConfirm(confirmedId)
    expect((await state(confirmedId)).order_sub_state).toBe("WAITING_FOR_STORE_CONFIRM")
    const rejectedId = await createOrder()
    await emulator.control.installmentClientReject(rejectedId)
    expect(await state(rejectedId)).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_CLIENT" })
    await receiver.waitFor(2)
    await expect(emulator.control.installmentClientConfirm(rejectedId)).rejects.toMatchObject({ status: 409 })
  })

  it("control times one order's push out now, with the bank's callback, the clock and other orders untouched", async () => {
    const timedOutId = await createOrder()
    const waitingId = await createOrder()
    const clockBefore = Date.parse(await emulator.control.now())
    await emulator.control.installmentClientTimeout(timedOutId)
    expect(await state(timedOutId)).toMatchObject({ state: "FAIL", order_sub_state: "CLIENT_PUSH_TIMEOUT" })
    expect((await state(waitingId)).order_sub_state).toBe("WAITING_FOR_CLIENT")
    expect(Date.parse(await emulator.control.now()) - clockBefore).toBeLessThan(MINUTE_MS)
    await receiver.waitFor(1)
    expect(callbacks()).toEqual([{ order_id: timedOutId, state: "FAIL", order_sub_state: "CLIENT_PUSH_TIMEOUT" }])
    await expect(emulator.control.installmentClientTimeout(timedOutId)).rejects.toMatchObject({ status: 409 })
  })
})

describe("installments: store actions", () => {
  async function activeOrder(total_sum = 2499.99): Promise<string> {
    const orderId = await createOrder({ total_sum, products: [{ name: "Товар", count: 1, sum: total_sum }] })
    await emulator.control.installmentClientConfirm(orderId)
    await api.post("/api/order/confirm", { order_id: orderId })
    return orderId
  }

  it("rejects from WAITING_FOR_CLIENT or WAITING_FOR_STORE_CONFIRM with a callback, and not afterwards", async () => {
    const orderId = await createOrder()
    const rejected = await api.post("/api/order/reject", { order_id: orderId })
    expect(rejected.json).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
    await receiver.waitFor(1)
    expect(callbacks()[0]).toEqual({ order_id: orderId, state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
    expect((await api.post("/api/order/reject", { order_id: orderId })).status).toBe(400)
    expect((await api.post("/api/order/reject", { order_id: await activeOrder() })).status).toBe(400)
  })

  it("returns partially, never above what is left, and a full return ends in SUCCESS/RETURNED", async () => {
    const orderId = await activeOrder(2499.99)
    const returnBody = (sum: number, id: string) => ({ order_id: orderId, sum, store_return_id: id, return_money_to_card: true })
    expect(await api.post("/api/order/return", returnBody(1.01, "r1"))).toMatchObject({ status: 200, json: { status: "OK" } })
    expect((await api.post("/api/order/return", returnBody(1000.5, "r2"))).status).toBe(200)
    const over = await api.post("/api/order/return", returnBody(1498.49, "r3"))
    expect(over).toMatchObject({ status: 400, json: { message: expect.stringContaining("1498.48") } })
    expect((await api.post("/api/order/return", returnBody(0.5, "r-small"))).json.message).toContain("sum")
    expect((await state(orderId)).order_sub_state).toBe("ACTIVE")
    expect((await api.post("/api/order/return", returnBody(1498.48, "r4"))).status).toBe(200)
    expect(await state(orderId)).toMatchObject({ state: "SUCCESS", order_sub_state: "RETURNED" })
    const data = await api.post("/api/order/data", { order_id: orderId })
    expect(data.json).toMatchObject({ total_sum: 2499.99, store_order_id: expect.any(String), source: "INTERNET" })
    expect(data.json.reverse_list.map((item: { sum: number }) => item.sum)).toEqual([1.01, 1000.5, 1498.48])
    // order/info answers with the same published schema as order/data, returns included
    const info = await api.post("/api/order/info", { order_id: orderId })
    expect(info.json).toEqual(data.json)
    expect((await api.post("/api/order/return", returnBody(1, "r5"))).status).toBe(400)
  })

  it("refuses a return before the installment is active", async () => {
    const orderId = await createOrder()
    const response = await api.post("/api/order/return", { order_id: orderId, sum: 1, store_return_id: "r", return_money_to_card: true })
    expect(response.status).toBe(400)
  })

  it("check/paid answers for SUCCESS orders only", async () => {
    const orderId = await activeOrder()
    expect((await api.post("/api/order/check/paid", { order_id: orderId })).json).toEqual({
      fully_paid: false,
      bank_can_return_money_to_card: true,
    })
    await emulator.control.installmentFullyPaid(orderId)
    expect((await api.post("/api/order/check/paid", { order_id: orderId })).json.fully_paid).toBe(true)
    expect((await api.post("/api/order/check/paid", { order_id: await createOrder() })).status).toBe(400)
  })

  it("refuses a card return while the bank cannot pay the card, and still takes a cash return", async () => {
    const orderId = await activeOrder(500)
    await emulator.control.setInstallmentCardReturn(orderId, false)
    expect((await api.post("/api/order/check/paid", { order_id: orderId })).json.bank_can_return_money_to_card).toBe(false)
    const toCard = await api.post("/api/order/return", { order_id: orderId, sum: 100, store_return_id: "card", return_money_to_card: true })
    expect(toCard).toMatchObject({ status: 400, json: { message: expect.stringContaining("return_money_to_card") } })
    const inCash = await api.post("/api/order/return", { order_id: orderId, sum: 100, store_return_id: "cash", return_money_to_card: false })
    expect(inCash.status).toBe(200)
    const order = await emulator.control.getInstallmentOrder(orderId)
    expect(order.returns.map((r) => [r.store_return_id, r.return_money_to_card])).toEqual([["cash", false]])
  })

  it("shows the order history through control", async () => {
    const orderId = await activeOrder()
    const order = await emulator.control.getInstallmentOrder(orderId)
    expect(order.history.map((entry) => entry.order_sub_state)).toEqual(["WAITING_FOR_CLIENT", "WAITING_FOR_STORE_CONFIRM", "ACTIVE"])
  })
})
