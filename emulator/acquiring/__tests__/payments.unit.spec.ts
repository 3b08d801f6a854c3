import { TEST_CARDS } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring } from "../../__tests__/helpers/api"
import { startReceiver, type Receiver } from "../../__tests__/helpers/receiver"

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

const card = (pan: string = TEST_CARDS.visa) => ({ pan, exp: "1230", cvv: "123" })
const status = async (invoiceId: string) => (await api.get(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json

describe("payment-direct", () => {
  it("pays at once with a valid card and reports paymentMethod direct", async () => {
    const response = await api.post("/api/merchant/invoice/payment-direct", { amount: 2500, cardData: card() })
    expect(response.json).toEqual({
      invoiceId: expect.any(String),
      status: "success",
      amount: 2500,
      ccy: 980,
      createdDate: expect.any(String),
      modifiedDate: expect.any(String),
    })
    expect((await status(response.json.invoiceId)).paymentInfo.paymentMethod).toBe("direct")
  })

  it.each([
    ["a number failing Luhn", { ...card(), pan: "4242424242424241" }, "cardData.pan"],
    ["a malformed expiry", { ...card(), exp: "13/30" }, "cardData.exp"],
    ["a 2-digit CVV", { ...card(), cvv: "12" }, "cardData.cvv"],
    ["a 5-digit CVV", { ...card(), cvv: "12345" }, "cardData.cvv"],
    ["no CVV", { pan: TEST_CARDS.visa, exp: "1230" }, "cardData.cvv"],
  ])("answers 400 for %s", async (_label, cardData, field) => {
    const response = await api.post("/api/merchant/invoice/payment-direct", { amount: 100, cardData })
    expect(response.status).toBe(400)
    expect(response.json.errText).toContain(field)
  })

  it("requires redirectUrl for a client-initiated payment", async () => {
    const response = await api.post("/api/merchant/invoice/payment-direct", {
      amount: 100,
      cardData: card(),
      initiationKind: "client",
    })
    expect(response).toMatchObject({ status: 400, json: { errText: expect.stringContaining("redirectUrl") } })
  })

  it("returns a tdsUrl for the 3-D Secure card and completes after confirmation", async () => {
    const response = await api.post("/api/merchant/invoice/payment-direct", {
      amount: 100,
      cardData: card(TEST_CARDS.threeDSecure),
      redirectUrl: "https://shop.example/return",
      initiationKind: "client",
    })
    expect(response.json).toMatchObject({ status: "processing", tdsUrl: `${emulator.url}/3ds/${response.json.invoiceId}` })
    const record = await emulator.control.complete3ds(response.json.invoiceId, { success: true })
    expect(record.status).toBe("success")
  })

  it("pays a merchant-initiated payment with the 3-D Secure card at once", async () => {
    const response = await api.post("/api/merchant/invoice/payment-direct", {
      amount: 100,
      cardData: card(TEST_CARDS.threeDSecure),
      initiationKind: "merchant",
    })
    expect(response.json.status).toBe("success")
    expect(response.json.tdsUrl).toBeUndefined()
  })

  it("reports a declined card as failure with its reason", async () => {
    const response = await api.post("/api/merchant/invoice/payment-direct", { amount: 100, cardData: card(TEST_CARDS.declined) })
    expect(response.json).toMatchObject({ status: "failure", failureReason: expect.any(String) })
  })
})

describe("saved cards and wallet payments", () => {
  async function payAndSave(walletId: string, pan: string = TEST_CARDS.visa) {
    const created = await api.post("/api/merchant/invoice/create", {
      amount: 100,
      saveCardData: { saveCard: true, walletId },
    })
    return emulator.control.payInvoice(created.json.invoiceId, { pan })
  }

  it("tokenizes the card of a paid invoice and lists it once even when saved twice", async () => {
    const first = await payAndSave("wallet-1")
    expect(first.walletData).toEqual({ cardToken: expect.any(String), walletId: "wallet-1", status: "created" })
    const second = await payAndSave("wallet-1")
    expect(second.walletData?.cardToken).toBe(first.walletData?.cardToken)
    await payAndSave("wallet-1", TEST_CARDS.mastercard)
    const wallet = await api.get("/api/merchant/wallet?walletId=wallet-1")
    expect(wallet.json.wallet).toEqual([
      { cardToken: first.walletData?.cardToken, maskedPan: "424242******4242", country: "804" },
      { cardToken: expect.any(String), maskedPan: "555555******4444", country: "804" },
    ])
    expect((await api.get("/api/merchant/wallet?walletId=other")).json).toEqual({ wallet: [] })
    expect((await api.get("/api/merchant/wallet")).status).toBe(400)
  })

  it("deletes a card; an unknown token is TOKEN_NOT_FOUND", async () => {
    const paid = await payAndSave("wallet-2")
    const token = paid.walletData!.cardToken
    expect(await api.delete(`/api/merchant/wallet/card?cardToken=${token}`)).toMatchObject({ status: 200, json: {} })
    expect((await api.get("/api/merchant/wallet?walletId=wallet-2")).json.wallet).toEqual([])
    const again = await api.delete(`/api/merchant/wallet/card?cardToken=${token}`)
    expect(again).toMatchObject({ status: 400, json: { errCode: "TOKEN_NOT_FOUND" } })
  })

  it("pays merchant-initiated by token at once, as a hold when asked, with webhooks", async () => {
    const token = (await payAndSave("wallet-3")).walletData!.cardToken
    const response = await api.post("/api/merchant/wallet/payment", {
      cardToken: token,
      amount: 5000,
      ccy: 980,
      initiationKind: "merchant",
      paymentType: "hold",
      webHookUrl: `${receiver.url}/hook`,
    })
    expect(response.json).toMatchObject({ status: "success", amount: 5000 })
    expect(await status(response.json.invoiceId)).toMatchObject({
      status: "hold",
      paymentInfo: { paymentMethod: "wallet", maskedPan: "424242******4242" },
    })
    await receiver.waitFor(2)
    expect(receiver.requests.map((request) => JSON.parse(request.body).status)).toEqual(["processing", "hold"])
  })

  it("asks for 3-D Secure on a client-initiated token payment with the 3-D Secure card only", async () => {
    const plain = (await payAndSave("wallet-4")).walletData!.cardToken
    const created = await api.post("/api/merchant/invoice/create", { amount: 100, saveCardData: { saveCard: true, walletId: "wallet-4" } })
    await emulator.control.payInvoice(created.json.invoiceId, { pan: TEST_CARDS.threeDSecure })
    await emulator.control.complete3ds(created.json.invoiceId, { success: true })
    const secure = (await status(created.json.invoiceId)).walletData.cardToken
    const pay = (cardToken: string) =>
      api.post("/api/merchant/wallet/payment", { cardToken, amount: 100, ccy: 980, initiationKind: "client", redirectUrl: "https://shop.example/r" })
    expect((await pay(plain)).json).toMatchObject({ status: "success" })
    const challenged = await pay(secure)
    expect(challenged.json).toMatchObject({ status: "processing", tdsUrl: expect.stringContaining("/3ds/") })
  })

  it("refuses an unknown card token with TOKEN_NOT_FOUND", async () => {
    const response = await api.post("/api/merchant/wallet/payment", { cardToken: "nope", amount: 100, ccy: 980, initiationKind: "merchant" })
    expect(response).toMatchObject({ status: 400, json: { errCode: "TOKEN_NOT_FOUND" } })
  })

  it("keeps no full card number in state, webhooks or the control API", async () => {
    const created = await api.post("/api/merchant/invoice/create", {
      amount: 100,
      webHookUrl: `${receiver.url}/hook`,
      saveCardData: { saveCard: true },
    })
    await emulator.control.payInvoice(created.json.invoiceId, { pan: TEST_CARDS.mastercard })
    await receiver.waitFor(2)
    const everything = JSON.stringify([
      await emulator.control.getInvoice(created.json.invoiceId),
      await emulator.control.deliveries(),
      await status(created.json.invoiceId),
    ])
    expect(everything).not.toContain(TEST_CARDS.mastercard)
    expect(everything).toContain("555555******4444")
  })
})

describe("sync-payment", () => {
  it.each([
    ["none of the payment objects", {}],
    ["two payment objects", { cardData: { ...card(), type: "FPAN", eciIndicator: "05" }, applePay: { token: "t", exp: "1230", eciIndicator: "05" } }],
  ])("answers 400 with %s", async (_label, extra) => {
    const response = await api.post("/api/merchant/invoice/sync-payment", { amount: 100, ccy: 980, ...extra })
    expect(response).toMatchObject({ status: 400, json: { errText: expect.stringContaining("exactly one of cardData, applePay, googlePay") } })
  })

  it("pays by card data and answers with the invoice status record", async () => {
    const response = await api.post("/api/merchant/invoice/sync-payment", {
      amount: 700,
      ccy: 980,
      merchantPaymInfo: { reference: "sync-1" },
      cardData: { pan: TEST_CARDS.visa, exp: "1230", type: "FPAN", eciIndicator: "05" },
    })
    expect(response.json).toMatchObject({ status: "success", amount: 700, reference: "sync-1", paymentInfo: { paymentMethod: "pan" } })
  })

  it("pays by Google Pay token", async () => {
    const response = await api.post("/api/merchant/invoice/sync-payment", {
      amount: 700,
      ccy: 980,
      googlePay: { token: "opaque", exp: "1230", eciIndicator: "05" },
    })
    expect(response.json).toMatchObject({ status: "success", paymentInfo: { paymentMethod: "google" } })
  })
})

describe("QR cashiers, merchant data", () => {
  it("sets the amount of a QR cashier through invoice create and resets it", async () => {
    const list = (await api.get("/api/merchant/qr/list")).json.list
    const cashier = list.find((item: { amountType: string }) => item.amountType === "merchant")
    expect(cashier.pageUrl).toBe(`${emulator.url}/qr/${cashier.qrId}`)
    expect((await api.get(`/api/merchant/qr/details?qrId=${cashier.qrId}`)).json).toEqual({ shortQrId: cashier.shortQrId })
    const created = await api.post("/api/merchant/invoice/create", { amount: 1234, qrId: cashier.qrId })
    expect((await api.get(`/api/merchant/qr/details?qrId=${cashier.qrId}`)).json).toEqual({
      shortQrId: cashier.shortQrId,
      invoiceId: created.json.invoiceId,
      amount: 1234,
      ccy: 980,
    })
    expect(await api.post("/api/merchant/qr/reset-amount", { qrId: cashier.qrId })).toMatchObject({ status: 200, json: {} })
    expect((await api.get(`/api/merchant/qr/details?qrId=${cashier.qrId}`)).json).toEqual({ shortQrId: cashier.shortQrId })
    expect((await api.get("/api/merchant/qr/details?qrId=unknown")).status).toBe(404)
    const client = list.find((item: { amountType: string }) => item.amountType === "client")
    expect((await api.post("/api/merchant/invoice/create", { amount: 1, qrId: client.qrId })).status).toBe(400)
  })

  it("serves merchant details, submerchants and employees; tips go to a known employee only", async () => {
    expect((await api.get("/api/merchant/details")).json).toEqual({
      merchantId: expect.any(String),
      merchantName: expect.any(String),
      edrpou: expect.any(String),
    })
    const submerchants = (await api.get("/api/merchant/submerchant/list")).json.list
    expect(submerchants[0]).toEqual({ code: expect.any(String), iban: expect.any(String), edrpou: expect.any(String), owner: expect.any(String) })
    const employees = (await api.get("/api/merchant/employee/list")).json.list
    expect(employees[0]).toEqual({ id: expect.any(String), name: expect.any(String), extRef: expect.any(String) })

    const tipped = await api.post("/api/merchant/invoice/create", { amount: 100, tipsEmployeeId: employees[0].id, code: submerchants[0].code })
    expect((await status(tipped.json.invoiceId)).tipsInfo).toEqual({ employeeId: employees[0].id })
    const unknown = await api.post("/api/merchant/invoice/create", { amount: 100, tipsEmployeeId: "ghost" })
    expect(unknown).toMatchObject({ status: 400, json: { errText: expect.stringContaining("tipsEmployeeId") } })
  })
})
