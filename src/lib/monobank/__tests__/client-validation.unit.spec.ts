/**
 * Bad input never reaches the network: every case runs against a live local server and checks
 * that it received nothing. Valid input goes out exactly as validated.
 */
import { inspect } from "node:util"
import { AcquiringClient } from "../acquiring/client"
import { CheckoutClient } from "../checkout/client"
import { MonobankValidationError } from "../errors"
import { InstallmentsClient } from "../installments/client"
import { signInstallmentsBody } from "../signatures/hmac"
import { json, startRawServer } from "./raw-server"

let server: Awaited<ReturnType<typeof startRawServer>>
let acquiring: AcquiringClient
let installments: InstallmentsClient
let checkout: CheckoutClient

beforeAll(async () => {
  server = await startRawServer((req, res) => {
    if (req.url.startsWith("/api/order/create")) return json(res, 201, { order_id: "order-1" })
    if (req.url.startsWith("/personal/checkout/order")) {
      return json(res, 200, { result: { order_id: "co-1", redirect_url: "https://pay/co-1" } })
    }
    json(res, 200, { invoiceId: "inv-1", pageUrl: "https://pay/inv-1" })
  })
  acquiring = new AcquiringClient({ token: "acq-token-secret", baseUrl: server.url })
  installments = new InstallmentsClient({ storeId: "store-1", secret: "store-secret-value", baseUrl: server.url })
  checkout = new CheckoutClient({ token: "co-token-secret", baseUrl: server.url })
})

afterAll(async () => {
  await Promise.all([acquiring.close(), installments.close(), checkout.close()])
  await server.close()
})

async function rejected(promise: Promise<unknown>): Promise<MonobankValidationError> {
  const before = server.requests.length
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(MonobankValidationError)
  expect(server.requests.length).toBe(before)
  return error as MonobankValidationError
}

const invoice = { amount: 4200, ccy: 980 }
const order = {
  store_order_id: "order_01",
  client_phone: "+380501234567",
  total_sum: 2499.99,
  invoice: { date: "2024-01-15", number: "INV-1", source: "INTERNET" as const },
  available_programs: [{ available_parts_count: [3, 6, 10] }],
  products: [{ name: "Телевізор", count: 1, sum: 2499.99 }],
}
const checkoutOrder = {
  order_ref: "cart_1",
  amount: 1234.56,
  count: 1,
  products: [{ name: "Кава", cnt: 1, price: 1234.56 }],
}

describe("acquiring input validation", () => {
  it.each([
    [{ amount: 12.5 }, "amount: must be a positive integer (minor units)"],
    [{ amount: 0 }, "amount: must be a positive integer (minor units)"],
    [{ amount: -100 }, "amount: must"],
    [{ amount: "4200" }, "amount: must be a positive integer (minor units)"],
    [{ ...invoice, ccy: 98.5 }, "ccy: must be an ISO 4217 numeric currency code"],
    [{ ...invoice, webhookUrl: "https://x" }, 'Unrecognized key: "webhookUrl"'],
    [{ ...invoice, webHookUrl: "not a url" }, "webHookUrl: must be an absolute http(s) URL"],
    [{ ...invoice, paymentType: "verify" }, "paymentType:"],
    [{ ...invoice, merchantPaymInfo: { destination: "x".repeat(281) } }, "merchantPaymInfo.destination: must be at most 280"],
    [
      { ...invoice, merchantPaymInfo: { basketOrder: [{ name: "Кава", qty: 1, sum: 4200 }] } },
      "merchantPaymInfo.basketOrder[0].code:",
    ],
    [
      { ...invoice, merchantPaymInfo: { basketOrder: [{ name: "Кава", qty: 1, sum: 42.5, code: "c" }] } },
      "merchantPaymInfo.basketOrder[0].sum: must be a non-negative integer (minor units)",
    ],
    [{ ...invoice, saveCardData: { walletId: "w" } }, "saveCardData.saveCard:"],
  ])("createInvoice rejects %p", async (body, message) => {
    const error = await rejected(acquiring.createInvoice(body as never))
    expect(error.kind).toBe("validation")
    expect(error.message).toContain(message)
  })

  it("lets a zero-amount card verification through", async () => {
    await acquiring.createInvoice({ amount: 0, paymentType: "verification", saveCardData: { saveCard: true } })
    expect(JSON.parse(server.requests.at(-1)!.body.toString())).toEqual({
      amount: 0,
      paymentType: "verification",
      saveCardData: { saveCard: true },
    })
  })

  it("rejects refunds, finalizations and ids that cannot be right", async () => {
    expect((await rejected(acquiring.cancelInvoice({ invoiceId: "i", amount: -1 }))).message).toContain("amount: must be a positive integer")
    expect((await rejected(acquiring.finalizeInvoice({ invoiceId: "i" } as never))).message).toContain("amount:")
    expect((await rejected(acquiring.getInvoiceStatus(""))).message).toContain("invoiceId: must not be empty")
    expect((await rejected(acquiring.removeInvoice(""))).message).toContain("invoiceId: must not be empty")
    expect((await rejected(acquiring.listWalletCards(""))).message).toContain("walletId: must not be empty")
    expect((await rejected(acquiring.deleteWalletCard(""))).message).toContain("cardToken: must not be empty")
    expect((await rejected(acquiring.getQrDetails(""))).message).toContain("qrId: must not be empty")
    expect((await rejected(acquiring.resetQrAmount(""))).message).toContain("qrId: must not be empty")
  })

  it("rejects bad card data without echoing it", async () => {
    const error = await rejected(
      acquiring.paymentDirect({ amount: 100, cardData: { pan: "4242 4242 4242 4242", exp: "13/99", cvv: "12" } })
    )
    expect(error.message).toContain("cardData.pan: must be 12 to 19 digits")
    expect(error.message).toContain("cardData.exp: must be mmyy")
    expect(error.message).toContain("cardData.cvv: must be 3 or 4 digits")
    expect(error.message).not.toContain("4242")
    expect(error.message).not.toContain("13/99")
    const client = await rejected(
      acquiring.paymentDirect({
        amount: 100,
        cardData: { pan: "4242424242424242", exp: "1230", cvv: "123" },
        initiationKind: "client",
      })
    )
    expect(client.message).toContain("redirectUrl: is required when initiationKind is client")
  })

  it("sync-payment takes exactly one of cardData, applePay, googlePay", async () => {
    const applePay = { token: "t", exp: "1230", eciIndicator: "05" }
    const card = { pan: "4242424242424242", type: "FPAN" as const, exp: "1230", eciIndicator: "05" }
    for (const extra of [{}, { applePay, cardData: card }, { applePay, googlePay: applePay }]) {
      const error = await rejected(acquiring.syncPayment({ amount: 100, ccy: 980, ...extra }))
      expect(error.message).toContain("(body): exactly one of cardData, applePay, googlePay is required")
    }
  })

  it("wallet payment needs ccy and initiationKind", async () => {
    const error = await rejected(acquiring.walletPayment({ cardToken: "t", amount: 100 } as never))
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(["ccy", "initiationKind"])
  })
})

describe("installments input validation", () => {
  it.each([
    [{ client_phone: "0501234567" }, "client_phone: must look like +380XXXXXXXXX"],
    [{ client_phone: "+38050123456" }, "client_phone: must look like +380XXXXXXXXX"],
    [{ total_sum: 0.99 }, "total_sum: must be at least 2 UAH"],
    // OpenAPI minimum 2 (the interface document says 1): the stricter published value wins
    [{ total_sum: 1.99 }, "total_sum: must be at least 2 UAH"],
    [
      { available_programs: [{ available_parts_count: [3] }, { available_parts_count: [6] }] },
      "available_programs: must hold exactly one program",
    ],
    [{ total_sum: 249999 / 100 + 0.001 }, "total_sum: must have at most 2 decimal places"],
    [{ available_programs: [{ available_parts_count: [2] }] }, "available_programs[0].available_parts_count[0]: must be an integer between 3 and 25"],
    [{ available_programs: [{ available_parts_count: [26] }] }, "between 3 and 25"],
    [{ available_programs: [] }, "available_programs: must not be empty"],
    [{ products: [] }, "products: must not be empty"],
    [{ products: [{ name: "x", count: 0, sum: 1 }] }, "products[0].count: must be a positive integer"],
    [{ products: [{ name: "x", count: 1, sum: 0 }] }, "products[0].sum: must be greater than 0"],
    [{ invoice: { date: "15.01.2024", number: "1", source: "INTERNET" } }, "invoice.date: must be a date YYYY-MM-DD"],
    [{ invoice: { date: "2024-01-15", number: "1", source: "WEB" } }, "invoice.source:"],
    [{ store_order_id: "" }, "store_order_id: must not be empty"],
  ])("createOrder rejects %p", async (change, message) => {
    const error = await rejected(installments.createOrder({ ...order, ...change } as never))
    expect(error.message).toContain(message)
  })

  it("rejects returns without the required fields", async () => {
    const error = await rejected(installments.returnOrder({ order_id: "o", sum: 10.5, store_return_id: "r" } as never))
    expect(error.message).toContain("return_money_to_card:")
    expect((await rejected(installments.getOrderState(""))).message).toContain("order_id: must not be empty")
  })

  it("signs the exact bytes it sends", async () => {
    await expect(installments.createOrder(order)).resolves.toEqual({ order_id: "order-1" })
    const sent = server.requests.at(-1)!
    expect(sent.headers["store-id"]).toBe("store-1")
    expect(sent.headers.signature).toBe(signInstallmentsBody(sent.body, "store-secret-value"))
    expect(sent.body.toString()).toContain('"total_sum":2499.99')
  })
})

describe("checkout input validation", () => {
  it.each([
    [{ payment_method_list: ["card", "part_purchase"] }, "payments_number: is required and must be at least 3 when part_purchase is offered"],
    [{ payment_method_list: ["part_purchase"], payments_number: 2 }, "payments_number: is required and must be at least 3"],
    [{ dlv_method_list: ["drone"] }, "dlv_method_list[0]:"],
    [{ amount: 12.345 }, "amount: must have at most 2 decimal places"],
    [{ amount: 0 }, "amount: must be greater than 0"],
    [{ products: [] }, "products: must not be empty"],
    [{ count: 1.5 }, "count: must be a positive integer"],
  ])("createOrder rejects %p", async (change, message) => {
    const error = await rejected(checkout.createOrder({ ...checkoutOrder, ...change } as never))
    expect(error.message).toContain(message)
  })

  it("accepts part purchase with payments_number >= 3 and unwraps the result", async () => {
    const result = await checkout.createOrder({ ...checkoutOrder, payment_method_list: ["part_purchase"], payments_number: 3 })
    expect(result).toEqual({ order_id: "co-1", redirect_url: "https://pay/co-1" })
    expect((await rejected(checkout.getOrder(""))).message).toContain("order_id: must not be empty")
  })
})

describe("client construction", () => {
  it("requires credentials", () => {
    expect(() => new AcquiringClient({ token: "" })).toThrow(/token is required/)
    expect(() => new CheckoutClient({} as never)).toThrow(/token is required/)
    expect(() => new InstallmentsClient({ storeId: "s", secret: " " })).toThrow(/secret is required/)
    expect(() => new InstallmentsClient({ storeId: "s", secret: "x", environment: "dev" as never })).toThrow(/environment/)
  })

  it("picks the installments host from the environment unless a baseUrl is given", () => {
    const host = (environment?: "sandbox" | "stage" | "production", baseUrl?: string) =>
      new InstallmentsClient({ storeId: "s", secret: "x", environment, baseUrl }).baseUrl
    expect(host("sandbox")).toBe("https://u2-demo-ext.mono.st4g3.com")
    expect(host("stage")).toBe("https://u2-ext.mono.st4g3.com")
    expect(host("production")).toBe("https://u2.monobank.com.ua")
    expect(host()).toBe("https://u2.monobank.com.ua")
    expect(host("sandbox", "http://127.0.0.1:9797/")).toBe("http://127.0.0.1:9797")
    expect(new AcquiringClient({ token: "t" }).baseUrl).toBe("https://api.monobank.ua")
  })

  it("never shows credentials when a client is logged", () => {
    const printed = [acquiring, installments, checkout].map((c) => inspect(c, { depth: 10 }) + JSON.stringify(c)).join()
    expect(printed).not.toContain("acq-token-secret")
    expect(printed).not.toContain("store-secret-value")
    expect(printed).not.toContain("co-token-secret")
  })
})
