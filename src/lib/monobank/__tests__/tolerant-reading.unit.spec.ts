/**
 * Strict on what we send, tolerant on what we read: bank records as the bank really sends them
 * (wallet payments without a card, sub-states outside the published enum, a web firewall page)
 * are read, not rejected.
 */
import fs from "node:fs"
import path from "node:path"
import { AcquiringClient } from "../acquiring/client"
import { InstallmentsClient } from "../installments/client"
import { MonobankApiError } from "../errors"
import { invoiceStatusRecordSchema, orderStateInfoSchema } from "../index"
import { json, startRawServer } from "./raw-server"

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, "../__fixtures__", name), "utf8")).record

type Server = Awaited<ReturnType<typeof startRawServer>>
const servers: Server[] = []
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function acquiringAnswering(status: number, body: string, contentType = "application/json") {
  const server = await startRawServer((_req, res) => {
    res.writeHead(status, { "content-type": contentType })
    res.end(body)
  })
  servers.push(server)
  const client = new AcquiringClient({ token: "t", baseUrl: server.url, retry: { maxAttempts: 1 } })
  closers.push(() => client.close())
  return client
}

describe("acquiring records read tolerantly", () => {
  it("getInvoiceStatus reads a monopay wallet payment with no maskedPan, an empty paymentSystem and an extra payMethod", async () => {
    const client = await acquiringAnswering(200, JSON.stringify(fixture("acquiring-status-monopay-wallet.json")))
    const record = await client.getInvoiceStatus("2401245Ahgq3mZcWn4Ux")
    expect(record.status).toBe("success")
    expect(record.amount).toBe(129900)
    expect(record.paymentInfo?.maskedPan).toBeUndefined()
    expect(record.paymentInfo?.paymentMethod).toBe("monopay")
  })

  it("reads a Google Pay hold without maskedPan as a hold", () => {
    const parsed = invoiceStatusRecordSchema.parse(fixture("acquiring-status-google-pay-hold.json"))
    expect(parsed.status).toBe("hold")
  })

  it("reads a status outside the published enum as unknown and keeps the raw value", () => {
    const parsed = invoiceStatusRecordSchema.parse({ invoiceId: "i1", status: "partially_refunded", amount: 100, ccy: 980 })
    expect(parsed.status).toBe("unknown")
    expect(parsed.rawStatus).toBe("partially_refunded")
  })

  it("reads an unknown refund status as still processing (it keeps blocking a second refund)", () => {
    const parsed = invoiceStatusRecordSchema.parse({
      invoiceId: "i1",
      status: "success",
      amount: 100,
      ccy: 980,
      cancelList: [{ status: "pending_review", amount: 50, ccy: 980 }],
    })
    expect(parsed.cancelList?.[0]).toMatchObject({ status: "processing", amount: 50 })
  })

  it("drops an unreadable walletData or tipsInfo instead of rejecting the payment", () => {
    const parsed = invoiceStatusRecordSchema.parse({
      invoiceId: "i1",
      status: "success",
      amount: 100,
      ccy: 980,
      walletData: { status: "created" },
      tipsInfo: null,
    })
    expect(parsed.status).toBe("success")
    expect(parsed.walletData).toBeUndefined()
  })

  it("still rejects a record without the amount (what money decisions need stays required)", () => {
    expect(invoiceStatusRecordSchema.safeParse({ invoiceId: "i1", status: "success", ccy: 980 }).success).toBe(false)
  })
})

describe("installment states read tolerantly", () => {
  it("reads SUCCESS/SUCCESS (the bank's own OpenAPI example) instead of failing", () => {
    expect(orderStateInfoSchema.parse(fixture("installments-state-success-success.json"))).toMatchObject({
      state: "SUCCESS",
      order_sub_state: "SUCCESS",
    })
  })

  it("reads a state outside the enum as unknown with the raw value kept", () => {
    expect(orderStateInfoSchema.parse({ order_id: "o1", state: "ON_REVIEW", order_sub_state: "WAITING" })).toMatchObject({
      state: "unknown",
      raw_state: "ON_REVIEW",
      order_sub_state: "WAITING",
    })
  })

  it("getOrderState reads a sub-state outside the published enum", async () => {
    const server = await startRawServer((_req, res) =>
      json(res, 200, { order_id: "o1", state: "SUCCESS", order_sub_state: "SUCCESS" })
    )
    servers.push(server)
    const client = new InstallmentsClient({ storeId: "s", secret: "x", baseUrl: server.url })
    closers.push(() => client.close())
    await expect(client.getOrderState("o1")).resolves.toMatchObject({ state: "SUCCESS", order_sub_state: "SUCCESS" })
  })

  it("a return answered with another status, or none, is still a made return", async () => {
    const answers = [{ status: "SUCCESS" }, {}, { status: null }]
    const server = await startRawServer((_req, res) => json(res, 200, answers.shift()))
    servers.push(server)
    const client = new InstallmentsClient({ storeId: "s", secret: "x", baseUrl: server.url })
    closers.push(() => client.close())
    const body = { order_id: "o1", sum: 10, store_return_id: "r1", return_money_to_card: true }
    for (let call = 0; call < 3; call++) await expect(client.returnOrder(body)).resolves.toBeDefined()
  })

  it("check/paid without bank_can_return_money_to_card (or null) reads as not said, never as false", async () => {
    const server = await startRawServer((_req, res) => json(res, 200, { fully_paid: null }))
    servers.push(server)
    const client = new InstallmentsClient({ storeId: "s", secret: "x", baseUrl: server.url })
    closers.push(() => client.close())
    const answer = await client.checkPaid("o1")
    expect(answer.bank_can_return_money_to_card).toBeUndefined()
  })
})

describe("HTTP 403 with a web page", () => {
  it("is reported as the bank's web firewall, not as a token problem", async () => {
    const client = await acquiringAnswering(403, "<!DOCTYPE html><html><body><h1>Access denied</h1></body></html>", "text/html")
    const error = await client.getInvoiceStatus("i1").then(
      () => undefined,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(MonobankApiError)
    expect((error as MonobankApiError).errCode).toBe("FIREWALL_BLOCKED")
    expect((error as MonobankApiError).message).toMatch(/web firewall/)
    expect((error as MonobankApiError).message).not.toMatch(/DOCTYPE|<h1>/)
  })

  it("a JSON 403 stays the bank's own error", async () => {
    const client = await acquiringAnswering(403, JSON.stringify({ errCode: "FORBIDDEN", errText: "forbidden" }))
    const error = (await client.getInvoiceStatus("i1").catch((e: unknown) => e)) as MonobankApiError
    expect(error.errCode).toBe("FORBIDDEN")
  })
})
