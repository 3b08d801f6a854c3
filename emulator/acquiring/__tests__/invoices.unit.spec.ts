import { DAY_MS } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring } from "../../__tests__/helpers/api"
import { startReceiver, type Receiver } from "../../__tests__/helpers/receiver"
import { verifyXSign } from "../../__tests__/helpers/signatures"

let emulator: RunningEmulator
let receiver: Receiver
let api: ReturnType<typeof acquiring>

beforeAll(async () => {
  emulator = await startEmulator({ webhookRetryDelayMs: 10 })
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(async () => {
  await emulator.control.reset()
  receiver = await startReceiver()
})
afterEach(() => receiver.close())

async function createInvoice(body: Record<string, unknown> = {}) {
  const response = await api.post("/api/merchant/invoice/create", { amount: 10000, webHookUrl: `${receiver.url}/hook`, ...body })
  expect(response.status).toBe(200)
  return response.json.invoiceId as string
}
const status = async (invoiceId: string) => (await api.get(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json
const statuses = () => receiver.requests.map((request) => JSON.parse(request.body).status)

describe("acquiring invoices: protocol", () => {
  it("answers 403 FORBIDDEN with errCode/errText and a Trace-Id when the X-Token is wrong or missing", async () => {
    const wrong = await acquiring(emulator, "nope").post("/api/merchant/invoice/create", { amount: 100 })
    expect(wrong.status).toBe(403)
    expect(wrong.json).toEqual({ errCode: "FORBIDDEN", errText: expect.any(String) })
    expect(wrong.headers.get("trace-id")).toMatch(/^[0-9a-f]{32}$/)
    const missing = await fetch(`${emulator.url}/api/merchant/details`)
    expect(missing.status).toBe(403)
  })

  it("answers 404 for an unknown invoice and path, 405 with Allow for a wrong method, all with Trace-Id", async () => {
    const unknown = await api.get("/api/merchant/invoice/status?invoiceId=missing")
    expect(unknown.status).toBe(404)
    expect(unknown.json.errCode).toBe("NOT_FOUND")
    expect((await api.get("/api/merchant/nothing-here")).status).toBe(404)
    const wrongMethod = await api.get("/api/merchant/invoice/create")
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.json.errCode).toBe("METHOD_NOT_ALLOWED")
    expect(wrongMethod.headers.get("allow")).toBe("POST")
    expect(wrongMethod.headers.get("trace-id")).toBeTruthy()
  })

  it.each([
    ["a string amount", { amount: "100" }, "amount"],
    ["a fractional amount", { amount: 100.5 }, "amount"],
    ["a zero amount", { amount: 0 }, "amount"],
    ["a misspelt field", { amount: 100, webhookUrl: "http://x" }, "webhookUrl: unknown field"],
    ["a webHookUrl that is not a URL", { amount: 100, webHookUrl: "not a url" }, "webHookUrl"],
    ["an unknown paymentType", { amount: 100, paymentType: "later" }, "paymentType"],
    ["a destination over 280 characters", { amount: 100, merchantPaymInfo: { destination: "x".repeat(281) } }, "merchantPaymInfo.destination"],
    ["saveCardData without saveCard", { amount: 100, saveCardData: {} }, "saveCardData.saveCard"],
    ["no amount", {}, "amount: field is required"],
  ])("answers 400 BAD_REQUEST naming the bad field for %s", async (_label, body, field) => {
    const response = await api.post("/api/merchant/invoice/create", body)
    expect(response.status).toBe(400)
    expect(response.json.errCode).toBe("BAD_REQUEST")
    expect(response.json.errText).toContain(field)
  })

  it("answers 400 for a body that is not JSON", async () => {
    const response = await api.post("/api/merchant/invoice/create", "{not json")
    expect(response).toMatchObject({ status: 400, json: { errCode: "BAD_REQUEST" } })
  })
})

describe("acquiring invoices: state machine", () => {
  it("creates an invoice in status created with a pageUrl on the emulator", async () => {
    const response = await api.post("/api/merchant/invoice/create", {
      amount: 4200,
      merchantPaymInfo: { reference: "order-1", destination: "Order 1" },
    })
    expect(response.json.pageUrl).toBe(`${emulator.url}/pay/${response.json.invoiceId}`)
    expect(await status(response.json.invoiceId)).toEqual({
      invoiceId: response.json.invoiceId,
      status: "created",
      amount: 4200,
      ccy: 980,
      createdDate: expect.any(String),
      modifiedDate: expect.any(String),
      reference: "order-1",
      destination: "Order 1",
    })
  })

  it("sends signed webhooks for processing then success, verifiable with the published key", async () => {
    const invoiceId = await createInvoice()
    await emulator.control.payInvoice(invoiceId)
    const [processing, success] = await receiver.waitFor(2)
    const { key } = (await api.get("/api/merchant/pubkey")).json
    for (const request of [processing, success]) {
      expect(request.headers["content-type"]).toBe("application/json")
      expect(verifyXSign(request.body, String(request.headers["x-sign"]), key)).toBe(true)
      expect(verifyXSign(`${request.body} `, String(request.headers["x-sign"]), key)).toBe(false)
    }
    const first = JSON.parse(processing.body)
    const last = JSON.parse(success.body)
    expect([first.status, last.status]).toEqual(["processing", "success"])
    // whole seconds, as in the bank's samples: both changes may share one modifiedDate
    expect(last.modifiedDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(Date.parse(last.modifiedDate)).toBeGreaterThanOrEqual(Date.parse(first.modifiedDate))
    expect(last).toMatchObject({
      finalAmount: 10000,
      paymentInfo: {
        maskedPan: "424242******4242",
        paymentSystem: "visa",
        paymentMethod: "pan",
        country: "804",
        terminal: expect.any(String),
        approvalCode: expect.stringMatching(/^\d{6}$/),
        rrn: expect.stringMatching(/^\d{12}$/),
        fee: expect.any(Number),
      },
    })
    expect(await status(invoiceId)).toEqual(last)
  })

  it.each([
    ["4000000000000002", "55"],
    ["4000000000009995", "59"],
  ])("card %s ends in failure with errCode %s", async (pan, errCode) => {
    const invoiceId = await createInvoice()
    const record = await emulator.control.payInvoice(invoiceId, { pan })
    expect(record).toMatchObject({ status: "failure", errCode, failureReason: expect.any(String) })
    expect(record.paymentInfo?.maskedPan).toBe(`${pan.slice(0, 6)}******${pan.slice(-4)}`)
  })

  it("finalizes a hold for at most the held amount; the finalized amount becomes finalAmount", async () => {
    const invoiceId = await createInvoice({ paymentType: "hold" })
    expect((await emulator.control.payInvoice(invoiceId)).status).toBe("hold")
    const over = await api.post("/api/merchant/invoice/finalize", { invoiceId, amount: 10001 })
    expect(over).toMatchObject({ status: 400, json: { errCode: "BAD_REQUEST" } })
    const finalized = await api.post("/api/merchant/invoice/finalize", { invoiceId, amount: 7000 })
    expect(finalized).toMatchObject({ status: 200, json: { status: "success" } })
    expect(await status(invoiceId)).toMatchObject({ status: "success", amount: 10000, finalAmount: 7000 })
    await receiver.waitFor(3)
    expect(statuses()).toEqual(["processing", "hold", "success"])
    const again = await api.post("/api/merchant/invoice/finalize", { invoiceId, amount: 7000 })
    expect(again.status).toBe(400)
  })

  it("reverses an unfinalized hold after 9 days of emulator clock, with a webhook", async () => {
    const invoiceId = await createInvoice({ paymentType: "hold" })
    await emulator.control.payInvoice(invoiceId)
    await emulator.control.advanceClock(9 * DAY_MS - 60_000)
    expect((await status(invoiceId)).status).toBe("hold")
    await emulator.control.advanceClock(60_000)
    expect(await status(invoiceId)).toMatchObject({ status: "reversed", finalAmount: 0 })
    await receiver.waitFor(3)
    expect(statuses()).toEqual(["processing", "hold", "reversed"])
  })

  it("releases a hold in full on cancel; a partial release is refused", async () => {
    const invoiceId = await createInvoice({ paymentType: "hold" })
    await emulator.control.payInvoice(invoiceId)
    const partial = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 100 })
    expect(partial).toMatchObject({ status: 400, json: { errCode: "HOLD_INVOICE_NOT_FINALIZED" } })
    const cancel = await api.post("/api/merchant/invoice/cancel", { invoiceId })
    expect(cancel.json.status).toBe("success")
    expect(await status(invoiceId)).toMatchObject({ status: "reversed", finalAmount: 0 })
  })

  it("refunds twice partially and never exceeds the captured amount", async () => {
    const invoiceId = await createInvoice()
    await emulator.control.payInvoice(invoiceId)
    const first = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 3000, extRef: "refund-1" })
    expect(first).toMatchObject({ status: 200, json: { status: "success", createdDate: expect.any(String) } })
    expect(await status(invoiceId)).toMatchObject({ status: "success", finalAmount: 7000 })
    const over = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 7001 })
    expect(over).toMatchObject({ status: 400, json: { errCode: "WRONG_CANCEL_AMOUNT" } })
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 2000, extRef: "refund-2" })
    const rest = await api.post("/api/merchant/invoice/cancel", { invoiceId, extRef: "refund-3" })
    expect(rest.status).toBe(200)
    const record = await status(invoiceId)
    expect(record).toMatchObject({ status: "reversed", finalAmount: 0 })
    expect(record.cancelList).toEqual(
      [3000, 2000, 5000].map((amount, i) => ({
        status: "success",
        amount,
        ccy: 980,
        createdDate: expect.any(String),
        modifiedDate: expect.any(String),
        approvalCode: expect.any(String),
        rrn: expect.any(String),
        extRef: `refund-${i + 1}`,
      }))
    )
    const afterAll = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 1 })
    expect(afterAll).toMatchObject({ status: 400, json: { errCode: "WRONG_CANCEL_AMOUNT" } })
    await receiver.waitFor(5)
    expect(statuses()).toEqual(["processing", "success", "success", "success", "reversed"])
    const modified = receiver.requests.map((request) => Date.parse(JSON.parse(request.body).modifiedDate))
    expect([...modified].sort((a, b) => a - b)).toEqual(modified)
  })

  it("writes dates in whole seconds by default, so changes within one second share modifiedDate", async () => {
    const invoiceId = await createInvoice()
    await emulator.control.payInvoice(invoiceId)
    const record = await status(invoiceId)
    expect(record.createdDate).toMatch(/:\d\dZ$/)
    expect(record.modifiedDate).toMatch(/:\d\dZ$/)
  })

  it("answers HTTP 500 CANCEL_NOT_AVAILABLE when cancelling an invoice that was never paid", async () => {
    const invoiceId = await createInvoice()
    const response = await api.post("/api/merchant/invoice/cancel", { invoiceId })
    expect(response).toMatchObject({ status: 500, json: { errCode: "CANCEL_NOT_AVAILABLE" } })
    expect((await api.post("/api/merchant/invoice/cancel", { invoiceId: "missing" })).status).toBe(404)
  })

  it("removes an unpaid invoice (expired, reason given, no webhook) and refuses to remove a paid one", async () => {
    const unpaid = await createInvoice()
    expect(await api.post("/api/merchant/invoice/remove", { invoiceId: unpaid })).toMatchObject({ status: 200, json: {} })
    expect(await status(unpaid)).toMatchObject({ status: "expired", failureReason: expect.stringContaining("removed") })
    const page = await fetch(`${emulator.url}/pay/${unpaid}`)
    expect(await page.text()).toContain("expired")

    const paid = await createInvoice()
    await emulator.control.payInvoice(paid)
    const refused = await api.post("/api/merchant/invoice/remove", { invoiceId: paid })
    expect(refused).toMatchObject({ status: 400, json: { errCode: "BAD_REQUEST" } })
    await emulator.control.flushWebhooks()
    expect(receiver.requests.map((request) => JSON.parse(request.body).invoiceId)).not.toContain(unpaid)
  })

  it("expires an invoice when its validity runs out, without a webhook", async () => {
    const invoiceId = await createInvoice({ validity: 3600 })
    await emulator.control.advanceClock(3000_000)
    expect((await status(invoiceId)).status).toBe("created")
    await emulator.control.advanceClock(600_000)
    expect(await status(invoiceId)).toMatchObject({ status: "expired", errCode: "8001" })
    await expect(emulator.control.payInvoice(invoiceId)).rejects.toMatchObject({ status: 409 })
    await emulator.control.flushWebhooks()
    expect(receiver.requests).toHaveLength(0)
  })

  it("signs later webhooks with a rotated key, which /pubkey then serves", async () => {
    const oldKey = (await api.get("/api/merchant/pubkey")).json.key
    const newKey = await emulator.control.rotateKey()
    expect(newKey).not.toBe(oldKey)
    expect((await api.get("/api/merchant/pubkey")).json.key).toBe(newKey)
    expect(Buffer.from(newKey, "base64").toString()).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    const invoiceId = await createInvoice()
    await emulator.control.payInvoice(invoiceId)
    const [request] = await receiver.waitFor(1)
    expect(verifyXSign(request.body, String(request.headers["x-sign"]), newKey)).toBe(true)
    expect(verifyXSign(request.body, String(request.headers["x-sign"]), oldKey)).toBe(false)
  })
})
