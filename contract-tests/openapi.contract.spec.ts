/**
 * The emulator's answers checked against the bank's published OpenAPI response schemas, for every
 * endpoint both share. Reads the folder MONOBANK_SPEC_DIR names: run by CI only.
 */
import { createHmac } from "node:crypto"
import Ajv from "ajv"
import addFormats from "ajv-formats"
import { TEST_CARDS } from "../emulator/constants"
import { startEmulator, type RunningEmulator } from "../emulator/start"
import { loadSpec, responseSchema, toJsonSchema, type OpenApiDocument } from "./openapi-schema"

const ajv = new Ajv({ allErrors: true, strict: false })
addFormats(ajv)

const specs: Record<"acquiring" | "installments", OpenApiDocument> = {
  acquiring: loadSpec("acquiring"),
  installments: loadSpec("installments"),
}

let emulator: RunningEmulator
beforeAll(async () => {
  emulator = await startEmulator({ installmentsCallbackDelayMs: 60_000 })
})
afterAll(() => emulator.close())

type Call = { status: number; json: unknown }

async function request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Call> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body,
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

function acquiring(method: string, path: string, body?: unknown, token = emulator.acquiringToken) {
  return request(method, path, { "X-Token": token }, body === undefined ? undefined : JSON.stringify(body))
}

function installments(path: string, body: unknown, secret = emulator.installments.secret) {
  const raw = JSON.stringify(body)
  const signature = createHmac("sha256", secret).update(raw).digest("base64")
  return request("POST", path, { "store-id": emulator.installments.storeId, signature }, raw)
}

/** Asserts the answer's status is declared for the operation and the body matches its schema. */
function expectConforms(api: "acquiring" | "installments", method: string, path: string, call: Call, status: number) {
  expect(call.status).toBe(status)
  const spec = specs[api]
  const validate = ajv.compile(toJsonSchema(spec, responseSchema(spec, method, path.split("?")[0], call.status)))
  const valid = validate(call.json)
  if (!valid) {
    throw new Error(`${method} ${path} ${call.status} does not match the published schema:\n${ajv.errorsText(validate.errors, { separator: "\n" })}\nbody: ${JSON.stringify(call.json)}`)
  }
}

async function createInvoice(body: Record<string, unknown> = {}): Promise<string> {
  const call = await acquiring("POST", "/api/merchant/invoice/create", { amount: 10000, ...body })
  return (call.json as { invoiceId: string }).invoiceId
}

describe("acquiring answers match the published OpenAPI", () => {
  it("statement: payments with their reference, 200, 400", async () => {
    const direct = "/api/merchant/invoice/payment-direct"
    await acquiring("POST", direct, { amount: 4200, ccy: 980, cardData: { pan: TEST_CARDS.visa, exp: "1230", cvv: "123" }, merchantPaymInfo: { reference: "order-1" }, initiationKind: "merchant" })
    await acquiring("POST", direct, { amount: 1500, ccy: 980, cardData: { pan: TEST_CARDS.declined, exp: "1230", cvv: "123" }, merchantPaymInfo: { reference: "order-2" }, initiationKind: "merchant" })
    const now = Math.floor(Date.now() / 1000)
    const path = "/api/merchant/statement"
    const listed = await acquiring("GET", `${path}?from=${now - 60}&to=${now}`)
    expectConforms("acquiring", "GET", path, listed, 200)
    expect((listed.json as { list: Array<{ reference: string }> }).list.map((item) => item.reference)).toEqual(["order-2", "order-1"])
    expectConforms("acquiring", "GET", path, await acquiring("GET", `${path}?from=x`), 400)
  })

  it("invoice/create: 200, 400, 403, 405", async () => {
    const path = "/api/merchant/invoice/create"
    expectConforms("acquiring", "POST", path, await acquiring("POST", path, { amount: 100, withAppUrl: true }), 200)
    expectConforms("acquiring", "POST", path, await acquiring("POST", path, { amount: "x" }), 400)
    expectConforms("acquiring", "POST", path, await acquiring("POST", path, { amount: 1 }, "wrong-token"), 403)
    expectConforms("acquiring", "POST", path, await acquiring("PUT", path, {}), 405)
  })

  it("invoice/status: created, paid with wallet data, refunded, failed, 404", async () => {
    const path = (id: string) => `/api/merchant/invoice/status?invoiceId=${id}`
    const created = await createInvoice({ merchantPaymInfo: { reference: "r", destination: "d" } })
    expectConforms("acquiring", "GET", path(created), await acquiring("GET", path(created)), 200)

    const saved = await createInvoice({ saveCardData: { saveCard: true, walletId: "contract" } })
    await emulator.control.payInvoice(saved)
    await acquiring("POST", "/api/merchant/invoice/cancel", { invoiceId: saved, amount: 100, extRef: "x" })
    expectConforms("acquiring", "GET", path(saved), await acquiring("GET", path(saved)), 200)

    const failed = await createInvoice()
    await emulator.control.payInvoice(failed, { pan: TEST_CARDS.declined })
    expectConforms("acquiring", "GET", path(failed), await acquiring("GET", path(failed)), 200)
    expectConforms("acquiring", "GET", path("missing"), await acquiring("GET", path("missing")), 404)
  })

  it("invoice/status of a monopay wallet payment differs from the published schema only where the real bank does", async () => {
    // Public integrations see wallet payments without maskedPan, with paymentSystem "" and
    // paymentMethod "monopay", plus a top-level payMethod: the emulator models that, and the
    // plugin reads it (src/lib/monobank/__fixtures__/acquiring-status-monopay-wallet.json).
    const path = "/api/merchant/invoice/status"
    const paid = await createInvoice()
    await emulator.control.payInvoice(paid, { pan: TEST_CARDS.monopay })
    const call = await acquiring("GET", `${path}?invoiceId=${paid}`)
    expect(call.status).toBe(200)
    const validate = ajv.compile(toJsonSchema(specs.acquiring, responseSchema(specs.acquiring, "GET", path, 200)))
    expect(validate(call.json)).toBe(false)
    const deviations = (validate.errors ?? [])
      .map((e) => `${e.instancePath || "/"} ${e.keyword} ${String(Object.values(e.params)[0])}`)
      .filter((line) => !line.includes(" if ") && !line.includes(" anyOf "))
      .sort()
    expect(deviations).toEqual(
      [
        "/ additionalProperty payMethod",
        "/paymentInfo required maskedPan",
        "/paymentInfo/paymentMethod enum pan,apple,google,monobank,wallet,direct",
        "/paymentInfo/paymentSystem enum visa,mastercard",
      ].map((line) => line.replace(" additionalProperty ", " additionalProperties "))
    )
  })

  it("invoice/fiscal-checks and invoice/receipt: sale and return checks, empty list, receipt, 404", async () => {
    const checks = (id: string) => `/api/merchant/invoice/fiscal-checks?invoiceId=${id}`
    const receipt = (id: string) => `/api/merchant/invoice/receipt?invoiceId=${id}`
    const plain = await createInvoice()
    await emulator.control.payInvoice(plain)
    expectConforms("acquiring", "GET", checks(plain), await acquiring("GET", checks(plain)), 200)
    expectConforms("acquiring", "GET", receipt(plain), await acquiring("GET", receipt(plain)), 200)

    await emulator.control.setFiscalization(true)
    try {
      const fiscal = await createInvoice()
      await emulator.control.payInvoice(fiscal)
      await acquiring("POST", "/api/merchant/invoice/cancel", { invoiceId: fiscal, amount: 1000, items: [{ name: "n", qty: 1, sum: 1000, code: "c" }] })
      const listed = await acquiring("GET", checks(fiscal))
      expectConforms("acquiring", "GET", checks(fiscal), listed, 200)
      expect((listed.json as { checks: Array<{ type: string }> }).checks.map((check) => check.type)).toEqual(["sale", "return"])
    } finally {
      await emulator.control.setFiscalization(false)
    }
    expectConforms("acquiring", "GET", checks("missing"), await acquiring("GET", checks("missing")), 404)
    expectConforms("acquiring", "GET", receipt("missing"), await acquiring("GET", receipt("missing")), 404)
  })

  it("invoice/cancel, remove, finalize: success and refusals", async () => {
    const paid = await createInvoice()
    await emulator.control.payInvoice(paid)
    const cancel = "/api/merchant/invoice/cancel"
    expectConforms("acquiring", "POST", cancel, await acquiring("POST", cancel, { invoiceId: paid, amount: 10 }), 200)
    expectConforms("acquiring", "POST", cancel, await acquiring("POST", cancel, { invoiceId: paid, amount: 999999 }), 400)
    expectConforms("acquiring", "POST", cancel, await acquiring("POST", cancel, { invoiceId: await createInvoice() }), 500)

    const remove = "/api/merchant/invoice/remove"
    expectConforms("acquiring", "POST", remove, await acquiring("POST", remove, { invoiceId: await createInvoice() }), 200)
    expectConforms("acquiring", "POST", remove, await acquiring("POST", remove, { invoiceId: "missing" }), 404)

    const held = await createInvoice({ paymentType: "hold" })
    await emulator.control.payInvoice(held)
    const finalize = "/api/merchant/invoice/finalize"
    expectConforms("acquiring", "POST", finalize, await acquiring("POST", finalize, { invoiceId: held, amount: 5000 }), 200)
  })

  it("payment-direct, wallet, wallet/payment, wallet/card, sync-payment", async () => {
    const direct = "/api/merchant/invoice/payment-direct"
    const card = { pan: TEST_CARDS.threeDSecure, exp: "1230", cvv: "123" }
    const challenged = await acquiring("POST", direct, { amount: 100, cardData: card, redirectUrl: "https://shop.example/r", initiationKind: "client" })
    expectConforms("acquiring", "POST", direct, challenged, 200)
    expectConforms("acquiring", "POST", direct, await acquiring("POST", direct, { amount: 100, cardData: { ...card, pan: TEST_CARDS.declined } }), 200)
    expectConforms("acquiring", "POST", direct, await acquiring("POST", direct, { amount: 100, cardData: { ...card, pan: "1" } }), 400)

    const saved = await createInvoice({ saveCardData: { saveCard: true, walletId: "contract-wallet" } })
    const token = (await emulator.control.payInvoice(saved)).walletData!.cardToken
    const wallet = "/api/merchant/wallet?walletId=contract-wallet"
    expectConforms("acquiring", "GET", wallet, await acquiring("GET", wallet), 200)
    const payment = "/api/merchant/wallet/payment"
    expectConforms("acquiring", "POST", payment, await acquiring("POST", payment, { cardToken: token, amount: 100, ccy: 980, initiationKind: "merchant" }), 200)
    expectConforms("acquiring", "POST", payment, await acquiring("POST", payment, { cardToken: "nope", amount: 100, ccy: 980, initiationKind: "merchant" }), 400)
    const remove = `/api/merchant/wallet/card?cardToken=${token}`
    expectConforms("acquiring", "DELETE", remove, await acquiring("DELETE", remove), 200)

    const sync = "/api/merchant/invoice/sync-payment"
    const syncBody = { amount: 100, ccy: 980, applePay: { token: "t", exp: "1230", eciIndicator: "05" } }
    expectConforms("acquiring", "POST", sync, await acquiring("POST", sync, syncBody), 200)
    expectConforms("acquiring", "POST", sync, await acquiring("POST", sync, { amount: 100, ccy: 980 }), 400)
  })

  it("QR cashiers, merchant details, submerchants, pubkey", async () => {
    const list = await acquiring("GET", "/api/merchant/qr/list")
    expectConforms("acquiring", "GET", "/api/merchant/qr/list", list, 200)
    const qrId = (list.json as { list: Array<{ qrId: string }> }).list[0].qrId
    const details = `/api/merchant/qr/details?qrId=${qrId}`
    expectConforms("acquiring", "GET", details, await acquiring("GET", details), 200)
    await createInvoice({ qrId })
    expectConforms("acquiring", "GET", details, await acquiring("GET", details), 200)
    expectConforms("acquiring", "GET", details, await acquiring("GET", "/api/merchant/qr/details?qrId=missing"), 404)
    const reset = "/api/merchant/qr/reset-amount"
    expectConforms("acquiring", "POST", reset, await acquiring("POST", reset, { qrId }), 200)
    for (const path of ["/api/merchant/details", "/api/merchant/submerchant/list", "/api/merchant/pubkey"]) {
      expectConforms("acquiring", "GET", path, await acquiring("GET", path), 200)
    }
  })

  it("injected 429 and 500 answers", async () => {
    await emulator.control.injectFault({ path: "/api/merchant/details", count: 1, kind: "429" })
    expectConforms("acquiring", "GET", "/api/merchant/details", await acquiring("GET", "/api/merchant/details"), 429)
    await emulator.control.injectFault({ path: "/api/merchant/pubkey", count: 1, kind: "500" })
    expectConforms("acquiring", "GET", "/api/merchant/pubkey", await acquiring("GET", "/api/merchant/pubkey"), 500)
  })
})

describe("installments answers match the published OpenAPI", () => {
  let sequence = 0
  const orderBody = (overrides: Record<string, unknown> = {}) => ({
    store_order_id: `contract-${++sequence}`,
    client_phone: "+380501234565",
    total_sum: 1500.5,
    invoice: { date: "2025-01-15", number: "INV-1", source: "INTERNET", point_id: "P-1" },
    available_programs: [{ available_parts_count: [3, 6] }],
    products: [{ name: "Товар", count: 1, sum: 1500.5 }],
    ...overrides,
  })
  async function order(): Promise<string> {
    return ((await installments("/api/order/create", orderBody())).json as { order_id: string }).order_id
  }

  it("create: 201, 400, 401, 403", async () => {
    const path = "/api/order/create"
    expectConforms("installments", "POST", path, await installments(path, orderBody()), 201)
    expectConforms("installments", "POST", path, await installments(path, orderBody({ client_phone: "123" })), 400)
    expectConforms("installments", "POST", path, await installments(path, orderBody(), "wrong"), 401)
    const unknownStore = await request("POST", path, { "store-id": "other", signature: "x" }, JSON.stringify(orderBody()))
    expectConforms("installments", "POST", path, unknownStore, 403)
  })

  it("state, confirm, return, data, info, check/paid through an order's life; reject; 404", async () => {
    const id = await order()
    expectConforms("installments", "POST", "/api/order/state", await installments("/api/order/state", { order_id: id }), 200)
    await emulator.control.installmentClientConfirm(id)
    expectConforms("installments", "POST", "/api/order/confirm", await installments("/api/order/confirm", { order_id: id }), 200)
    const returned = await installments("/api/order/return", { order_id: id, sum: 500.25, store_return_id: "r-1", return_money_to_card: true })
    expectConforms("installments", "POST", "/api/order/return", returned, 200)
    for (const path of ["/api/order/data", "/api/order/info", "/api/order/check/paid"]) {
      expectConforms("installments", "POST", path, await installments(path, { order_id: id }), 200)
    }
    // data and info answer with the same published schema (OrderShortInfo), reverse_list included
    const data = (await installments("/api/order/data", { order_id: id })).json as Record<string, unknown>
    const info = (await installments("/api/order/info", { order_id: id })).json as Record<string, unknown>
    expect(data.reverse_list).toEqual([expect.objectContaining({ sum: 500.25 })])
    expect(Object.keys(info).sort()).toEqual(Object.keys(data).sort())
    expect(info.reverse_list).toEqual(data.reverse_list)
    expectConforms("installments", "POST", "/api/order/confirm", await installments("/api/order/confirm", { order_id: id }), 400)
    expectConforms("installments", "POST", "/api/order/reject", await installments("/api/order/reject", { order_id: await order() }), 200)
    const missing = { order_id: "0b5f8c8e-0000-4000-8000-000000000000" }
    expectConforms("installments", "POST", "/api/order/state", await installments("/api/order/state", missing), 404)
  })

  it("client validation (v1 and v2) and an injected 500", async () => {
    for (const path of ["/api/v2/client/validate", "/api/client/validate"]) {
      expectConforms("installments", "POST", path, await installments(path, { phone: "+380501234567" }), 200)
    }
    await emulator.control.injectFault({ path: "/api/order/state", count: 1, kind: "500" })
    expectConforms("installments", "POST", "/api/order/state", await installments("/api/order/state", { order_id: await order() }), 500)
  })
})

describe("the schema check itself", () => {
  const check = (api: "acquiring" | "installments", method: string, path: string, status: number, body: unknown) =>
    ajv.compile(toJsonSchema(specs[api], responseSchema(specs[api], method, path, status)))(body)

  it("rejects invented fields, wrong types and wrong enum values", () => {
    const record = { invoiceId: "i", status: "success", amount: 1, ccy: 980 }
    expect(check("acquiring", "GET", "/api/merchant/invoice/status", 200, record)).toBe(true)
    expect(check("acquiring", "GET", "/api/merchant/invoice/status", 200, { ...record, invented: 1 })).toBe(false)
    expect(check("acquiring", "GET", "/api/merchant/invoice/status", 200, { ...record, amount: "1" })).toBe(false)
    expect(check("acquiring", "GET", "/api/merchant/invoice/status", 200, { ...record, status: "held" })).toBe(false)
    expect(check("installments", "POST", "/api/order/state", 200, { order_id: "x", state: "DONE" })).toBe(false)
  })

  it("keeps the statement's required profit required (declared only as profitAmount) and drops only WalletItem's undeclared names", () => {
    const item = { invoiceId: "i", status: "success", maskedPan: "444403******1902", date: "2024-01-01T00:00:00Z", paymentScheme: "full", amount: 4200, ccy: 980 }
    const statement = (items: unknown[]) => check("acquiring", "GET", "/api/merchant/statement", 200, { list: items })
    expect(statement([{ ...item, profit: 4100 }])).toBe(true)
    expect(statement([{ ...item, profit: 4100, profitAmount: 4100 }])).toBe(true)
    expect(statement([{ ...item, profitAmount: 4100 }])).toBe(false)
    expect(statement([{ ...item, profit: "4100" }])).toBe(false)
    const wallet = { wallet: [{ cardToken: "t", maskedPan: "444403******1902", country: "804" }] }
    expect(check("acquiring", "GET", "/api/merchant/wallet", 200, wallet)).toBe(true)
  })

  it("refuses a status the operation does not declare", () => {
    expect(() => responseSchema(specs.installments, "POST", "/api/order/state", 403)).toThrow(/does not declare/)
  })
})
