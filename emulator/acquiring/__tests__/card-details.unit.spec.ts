/**
 * Card details and wallet tokens sent by the merchant: payment-direct (PCI DSS merchants) and
 * sync-payment (card data, Apple Pay, Google Pay), with the test cards acting as on the hosted page.
 */
import { TEST_CARDS, TEST_CARD_OUTCOMES } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring, page } from "../../__tests__/helpers/api"
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

const DIRECT = "/api/merchant/invoice/payment-direct"
const SYNC = "/api/merchant/invoice/sync-payment"
const RETURN_URL = "https://shop.example/ua/checkout/monobank/return?session=ps_1"
const status = async (invoiceId: string) => (await api.get(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json
const webhookStatuses = () => receiver.requests.map((request) => JSON.parse(request.body).status)
const direct = (pan: string, extra: Record<string, unknown> = {}) =>
  api.post(DIRECT, {
    amount: 4200,
    cardData: { pan, exp: "1230", cvv: "123" },
    webHookUrl: `${receiver.url}/hook`,
    redirectUrl: RETURN_URL,
    initiationKind: "client",
    ...extra,
  })
const sync = (payment: Record<string, unknown>, reference = "order-1") =>
  api.post(SYNC, { amount: 4200, ccy: 980, merchantPaymInfo: { reference }, ...payment })
const wallet = (token: string, exp = "1230") => ({ token, exp, eciIndicator: "07", cryptogram: "AQAAAAoAR9qDi9kAAAAAgGpLpoA=" })

describe("payment-direct with the test cards", () => {
  it.each([
    ["declined", TEST_CARDS.declined, TEST_CARD_OUTCOMES.declined],
    ["insufficient funds", TEST_CARDS.insufficientFunds, TEST_CARD_OUTCOMES.insufficientFunds],
  ])("a %s card fails with the bank's reason, in the answer, the status record and the webhook", async (_label, pan, outcome) => {
    const response = await direct(pan)
    expect(response.json).toMatchObject({ status: "failure", failureReason: outcome.failureReason })
    expect(response.json.tdsUrl).toBeUndefined()
    expect(await status(response.json.invoiceId)).toMatchObject({
      status: "failure",
      errCode: outcome.errCode,
      failureReason: outcome.failureReason,
      paymentInfo: { maskedPan: `${pan.slice(0, 6)}******${pan.slice(-4)}`, paymentMethod: "direct" },
    })
    await receiver.waitFor(2)
    expect(webhookStatuses()).toEqual(["processing", "failure"])
  })

  it("sends the 3-D Secure card to tdsUrl; confirming there pays, webhooks follow and the shopper lands on redirectUrl", async () => {
    const response = await direct(TEST_CARDS.threeDSecure)
    const { invoiceId } = response.json
    expect(response.json).toMatchObject({ status: "processing", tdsUrl: `${emulator.url}/3ds/${invoiceId}` })
    expect((await status(invoiceId)).status).toBe("processing")

    const challenge = await page(emulator).get(`/3ds/${invoiceId}`)
    expect(challenge.text).toContain("400000******3220")
    const confirmed = await page(emulator).postForm(`/3ds/${invoiceId}`, { result: "success" })
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get("location")).toBe(RETURN_URL)

    expect(await status(invoiceId)).toMatchObject({
      status: "success",
      finalAmount: 4200,
      paymentInfo: { maskedPan: "400000******3220", paymentMethod: "direct", paymentSystem: "visa" },
    })
    await receiver.waitFor(2)
    expect(webhookStatuses()).toEqual(["processing", "success"])
  })

  it("fails a payment whose 3-D Secure check fails (errCode 1034) and still returns the shopper", async () => {
    const { invoiceId } = (await direct(TEST_CARDS.threeDSecure, { paymentType: "hold" })).json
    const failed = await page(emulator).postForm(`/3ds/${invoiceId}`, { result: "fail" })
    expect(failed.headers.get("location")).toBe(RETURN_URL)
    expect(await status(invoiceId)).toMatchObject({ status: "failure", errCode: "1034" })
  })

  it("holds the amount for a hold payment after 3-D Secure", async () => {
    const { invoiceId } = (await direct(TEST_CARDS.threeDSecure, { paymentType: "hold" })).json
    await emulator.control.complete3ds(invoiceId, { success: true })
    expect((await status(invoiceId)).status).toBe("hold")
  })

  it("takes the expiry as MMYY only, as the bank's API does", async () => {
    const response = await api.post(DIRECT, { amount: 100, cardData: { pan: TEST_CARDS.visa, exp: "12/30", cvv: "123" } })
    expect(response).toMatchObject({ status: 400, json: { errCode: "BAD_REQUEST", errText: "cardData.exp: expiry must be MMYY" } })
  })
})

describe("sync-payment checks what it is given", () => {
  const card = { pan: TEST_CARDS.visa, type: "FPAN", exp: "1230", eciIndicator: "05" }
  const { pan: _pan, ...noPan } = card
  const { type: _type, ...noType } = card
  const { exp: _exp, ...noExp } = card
  const { eciIndicator: _eci, ...noEci } = card
  const { token: _token, ...noToken } = wallet(TEST_CARDS.visa)
  const { eciIndicator: _walletEci, ...noWalletEci } = wallet(TEST_CARDS.visa)
  const { exp: _walletExp, ...noWalletExp } = wallet(TEST_CARDS.visa)

  it.each([
    ["no payment object", {}, "cardData: exactly one of cardData, applePay, googlePay is required"],
    ["all three payment objects", { cardData: card, applePay: wallet("1"), googlePay: wallet("1") }, "exactly one of cardData, applePay, googlePay"],
    ["card data without pan", { cardData: noPan }, "cardData.pan: field is required"],
    ["card data without type", { cardData: noType }, "cardData.type: field is required"],
    ["card data of an unknown type", { cardData: { ...card, type: "PAN" } }, "cardData.type: must be one of FPAN, DPAN"],
    ["card data without exp", { cardData: noExp }, "cardData.exp: field is required"],
    ["card data without eciIndicator", { cardData: noEci }, "cardData.eciIndicator: field is required"],
    ["card data with an MM/YY expiry", { cardData: { ...card, exp: "12/30" } }, "cardData.exp: expiry must be MMYY"],
    ["a card number failing Luhn", { cardData: { ...card, pan: "4242424242424241" } }, "cardData.pan: card number is not valid"],
    ["a 2-digit CVV", { cardData: { ...card, cvv: "12" } }, "cardData.cvv: CVV must be 3 or 4 digits"],
    ["Apple Pay without token", { applePay: noToken }, "applePay.token: field is required"],
    ["Apple Pay without eciIndicator", { applePay: noWalletEci }, "applePay.eciIndicator: field is required"],
    ["Google Pay without exp", { googlePay: noWalletExp }, "googlePay.exp: field is required"],
    ["Google Pay with a malformed expiry", { googlePay: wallet(TEST_CARDS.visa, "1330") }, "googlePay.exp: expiry must be MMYY"],
    ["an unknown wallet field", { googlePay: { ...wallet(TEST_CARDS.visa), pan: "1" } }, "googlePay.pan: unknown field"],
  ])("answers 400 in the bank's error shape for %s, naming the field", async (_label, payment, text) => {
    const response = await sync(payment)
    expect(response.status).toBe(400)
    expect(response.json).toEqual({ errCode: "BAD_REQUEST", errText: expect.stringContaining(text) })
  })

  it("requires ccy, as the bank does for sync-payment", async () => {
    const response = await api.post(SYNC, { amount: 100, cardData: card })
    expect(response).toMatchObject({ status: 400, json: { errText: "ccy: field is required" } })
  })

  it("fails a declined card with the bank's reason in the status record it answers", async () => {
    const response = await sync({ cardData: { ...card, pan: TEST_CARDS.declined } })
    expect(response.json).toMatchObject({
      status: "failure",
      errCode: TEST_CARD_OUTCOMES.declined.errCode,
      failureReason: TEST_CARD_OUTCOMES.declined.failureReason,
      reference: "order-1",
      paymentInfo: { maskedPan: "400000******0002", paymentMethod: "pan" },
    })
  })

  it("pays the 3-D Secure card at once: the shopper was authenticated before the call", async () => {
    const response = await sync({ cardData: { ...card, pan: TEST_CARDS.threeDSecure, type: "DPAN", cavv: "AAABBB" } })
    expect(response.json).toMatchObject({ status: "success", finalAmount: 4200 })
    expect(response.json.tdsUrl).toBeUndefined()
  })

  it.each([
    ["applePay", "apple", TEST_CARDS.declined, TEST_CARD_OUTCOMES.declined],
    ["googlePay", "google", TEST_CARDS.insufficientFunds, TEST_CARD_OUTCOMES.insufficientFunds],
  ])("treats a %s token that is a test card as that card: it declines", async (field, method, token, outcome) => {
    const response = await sync({ [field]: wallet(token) })
    expect(response.json).toMatchObject({
      status: "failure",
      errCode: outcome.errCode,
      failureReason: outcome.failureReason,
      paymentInfo: { paymentMethod: method, maskedPan: `${token.slice(0, 6)}******${token.slice(-4)}` },
    })
  })

  it.each([
    ["applePay", "apple"],
    ["googlePay", "google"],
  ])("pays any other %s token as the visa test card and keeps no token", async (field, method) => {
    const token = "5204240250197840"
    const response = await sync({ [field]: wallet(token) })
    expect(response.json).toMatchObject({ status: "success", paymentInfo: { paymentMethod: method, maskedPan: "424242******4242" } })
    const state = JSON.stringify([await emulator.control.getInvoice(response.json.invoiceId), await emulator.control.calls()])
    expect(state).not.toContain(token)
  })

  it("fails a wallet payment whose device card expired (errCode 51)", async () => {
    const response = await sync({ googlePay: wallet(TEST_CARDS.visa, "0120") })
    expect(response.json).toMatchObject({ status: "failure", errCode: "51" })
  })
})

describe("control: payments by reference", () => {
  it("counts the payment-direct and sync-payment calls of a reference, refused ones too, and the charges", async () => {
    const reference = "cart_01-ps_01"
    const merchantPaymInfo = { reference }
    await direct(TEST_CARDS.visa, { merchantPaymInfo })
    await direct("4242424242424241", { merchantPaymInfo })
    await sync({ googlePay: wallet(TEST_CARDS.declined) }, reference)
    await sync({ cardData: { pan: TEST_CARDS.visa, type: "FPAN", exp: "1230", eciIndicator: "05" } }, "another")

    const report = await emulator.control.paymentsByReference(reference)
    expect(report.calls.map(({ path, status }) => `${path} ${status}`)).toEqual([`${DIRECT} 200`, `${DIRECT} 400`, `${SYNC} 200`])
    expect(report.invoices).toEqual([
      expect.objectContaining({ origin: "payment-direct", status: "success", paid: true, maskedPan: "424242******4242" }),
      expect.objectContaining({ origin: "sync-payment", status: "failure", paid: false, paymentMethod: "google" }),
    ])
    expect(report.charges).toBe(1)
    expect(JSON.stringify(report)).not.toContain(TEST_CARDS.visa)
  })

  it("a payment-direct answered after the client's timeout still charges once; the report shows it", async () => {
    const reference = "timeout-1"
    await emulator.control.injectFault({ path: DIRECT, count: 1, kind: "slow", delayMs: 400, afterProcessing: true })
    const lost = api
      .post(DIRECT, { amount: 100, cardData: { pan: TEST_CARDS.visa, exp: "1230", cvv: "123" }, merchantPaymInfo: { reference } })
      .then(() => "answered" as const)
    const timedOut = await Promise.race([lost, new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 150))])
    expect(timedOut).toBe("timeout")
    // the bank acted at once: the charge is there before its answer
    expect((await emulator.control.paymentsByReference(reference)).charges).toBe(1)
    await lost
    const report = await emulator.control.paymentsByReference(reference)
    expect(report.calls).toHaveLength(1)
    expect(report.charges).toBe(1)
  })
})
