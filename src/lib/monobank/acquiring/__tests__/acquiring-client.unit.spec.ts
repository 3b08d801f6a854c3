import { TEST_CARD_OUTCOMES } from "../../../../../emulator"
import { useEmulator, tokenOptions } from "../../__tests__/emulator-fixture"
import { errorOf } from "../../__tests__/error-of"
import { parsePublicKey } from "../../signatures/ecdsa"
import { MonobankApiError } from "../../errors"
import { AcquiringClient } from "../client"

const PAID = "4242424242424242"
const DECLINED = "4000000000000002"
const NEEDS_3DS = "4000000000003220"

const bank = useEmulator({ port: 0 }, (emulator) => ({ client: new AcquiringClient(tokenOptions(emulator)) }))

async function paidInvoice(amount: number, extra: Parameters<AcquiringClient["createInvoice"]>[0] = { amount }) {
  const { invoiceId } = await bank.client.createInvoice({ ...extra, amount })
  await bank.emulator.control.payInvoice(invoiceId, { pan: PAID })
  return invoiceId
}

describe("AcquiringClient against the emulator", () => {
  it("creates an invoice and reads its status before and after payment", async () => {
    const created = await bank.client.createInvoice({
      amount: 4200,
      ccy: 980,
      merchantPaymInfo: {
        reference: "order_1",
        destination: "Кава",
        basketOrder: [{ name: "Кава", qty: 2, sum: 2100, total: 4200, code: "coffee-1", unit: "шт." }],
      },
      redirectUrl: "https://shop.example/return",
      validity: 3600,
    })
    expect(created.invoiceId).toEqual(expect.any(String))
    expect(created.pageUrl).toContain(bank.emulator.url)

    const before = await bank.client.getInvoiceStatus(created.invoiceId)
    expect(before).toMatchObject({ invoiceId: created.invoiceId, status: "created", amount: 4200, ccy: 980 })

    await bank.emulator.control.payInvoice(created.invoiceId, { pan: PAID })
    const after = await bank.client.getInvoiceStatus(created.invoiceId)
    expect(after).toMatchObject({ status: "success", amount: 4200, finalAmount: 4200, reference: "order_1" })
    expect(after.paymentInfo?.maskedPan).toMatch(/^424242\*+4242$/)
  })

  it("reports a declined card as failure with the bank's code", async () => {
    const { invoiceId } = await bank.client.createInvoice({ amount: 100 })
    await bank.emulator.control.payInvoice(invoiceId, { pan: DECLINED })
    // The emulator's declared code; emulator/CONTRACT.md says "59".
    const { errCode, failureReason } = TEST_CARD_OUTCOMES.declined
    expect(await bank.client.getInvoiceStatus(invoiceId)).toMatchObject({ status: "failure", errCode, failureReason })
  })

  it("refunds partially and then fully", async () => {
    const invoiceId = await paidInvoice(1000)
    const partial = await bank.client.cancelInvoice({ invoiceId, amount: 300, extRef: "refund_1" })
    expect(["processing", "success"]).toContain(partial.status)
    const afterPartial = await bank.client.getInvoiceStatus(invoiceId)
    expect(afterPartial.cancelList?.[0]).toMatchObject({ amount: 300, extRef: "refund_1" })

    await bank.client.cancelInvoice({ invoiceId, extRef: "refund_2" })
    const afterFull = await bank.client.getInvoiceStatus(invoiceId)
    expect(afterFull.status).toBe("reversed")
    expect(afterFull.cancelList).toHaveLength(2)
  })

  it("holds and finalizes a smaller amount", async () => {
    const { invoiceId } = await bank.client.createInvoice({ amount: 5000, paymentType: "hold" })
    await bank.emulator.control.payInvoice(invoiceId, { pan: PAID })
    expect((await bank.client.getInvoiceStatus(invoiceId)).status).toBe("hold")
    expect(await bank.client.finalizeInvoice({ invoiceId, amount: 4000 })).toEqual({ status: "success" })
    expect(await bank.client.getInvoiceStatus(invoiceId)).toMatchObject({ status: "success", finalAmount: 4000 })
  })

  it("removes an unpaid invoice", async () => {
    const { invoiceId } = await bank.client.createInvoice({ amount: 100 })
    await expect(bank.client.removeInvoice(invoiceId)).resolves.toBeUndefined()
    expect((await bank.client.getInvoiceStatus(invoiceId)).status).not.toBe("created")
  })

  it("pays directly by card, including the 3-D Secure and declined outcomes", async () => {
    const card = (pan: string) => ({ pan, exp: "1230", cvv: "123" })
    const paid = await bank.client.paymentDirect({ amount: 700, ccy: 980, cardData: card(PAID), paymentType: "debit" })
    expect(paid).toMatchObject({ amount: 700, ccy: 980 })
    expect(["success", "processing"]).toContain(paid.status)
    expect((await bank.client.getInvoiceStatus(paid.invoiceId)).status).toBe("success")

    const tds = await bank.client.paymentDirect({
      amount: 700,
      cardData: card(NEEDS_3DS),
      initiationKind: "client",
      redirectUrl: "https://shop.example/return",
    })
    expect(tds.status).toBe("processing")
    expect(tds.tdsUrl).toEqual(expect.any(String))

    const declined = await bank.client.paymentDirect({ amount: 700, cardData: card(DECLINED) })
    expect(declined.status).toBe("failure")
  })

  it("pays synchronously and answers with the status record", async () => {
    const record = await bank.client.syncPayment({
      amount: 900,
      ccy: 980,
      cardData: { pan: PAID, type: "FPAN", exp: "1230", eciIndicator: "05", cvv: "123" },
      merchantPaymInfo: { reference: "sync_1" },
    })
    expect(record).toMatchObject({ amount: 900, ccy: 980 })
    expect(["success", "processing"]).toContain(record.status)
  })

  it("saves a card, lists it, pays with its token and deletes it", async () => {
    const invoiceId = await paidInvoice(100, { amount: 100, saveCardData: { saveCard: true, walletId: "wallet_1" } })
    const { walletData } = await bank.client.getInvoiceStatus(invoiceId)
    expect(walletData).toMatchObject({ walletId: "wallet_1", status: "created" })

    const cards = await bank.client.listWalletCards("wallet_1")
    expect(cards).toEqual([expect.objectContaining({ cardToken: walletData!.cardToken })])
    expect(cards[0].maskedPan).toMatch(/4242$/)

    const payment = await bank.client.walletPayment({
      cardToken: walletData!.cardToken,
      amount: 250,
      ccy: 980,
      initiationKind: "merchant",
    })
    expect(payment.amount).toBe(250)
    expect(["success", "processing"]).toContain(payment.status)

    await bank.client.deleteWalletCard(walletData!.cardToken)
    expect(await bank.client.listWalletCards("wallet_1")).toEqual([])
  })

  it("lists QR cashiers, reads one and resets its amount", async () => {
    const list = await bank.client.listQr()
    expect(Array.isArray(list)).toBe(true)
    expect(list.length).toBeGreaterThan(0)
    const [qr] = list
    await bank.client.createInvoice({ amount: 1500, qrId: qr.qrId })
    const details = await bank.client.getQrDetails(qr.qrId)
    expect(details).toMatchObject({ shortQrId: qr.shortQrId, amount: 1500 })
    await bank.client.resetQrAmount(qr.qrId)
    expect((await bank.client.getQrDetails(qr.qrId)).amount).toBeUndefined()
  })

  it("reads merchant, submerchant and employee data and the webhook key", async () => {
    expect(await bank.client.getMerchantDetails()).toEqual({
      merchantId: expect.any(String),
      merchantName: expect.any(String),
      edrpou: expect.any(String),
    })
    expect(Array.isArray(await bank.client.listSubmerchants())).toBe(true)
    const employees = await bank.client.listEmployees()
    expect(employees.length).toBeGreaterThan(0)
    expect(employees[0]).toEqual({ id: expect.any(String), name: expect.any(String), extRef: expect.any(String) })
    const { key } = await bank.client.getPublicKey()
    expect(parsePublicKey(key).asymmetricKeyType).toBe("ec")
  })

  it("surfaces the bank's errors with status, errCode and Trace-Id", async () => {
    const missing = await errorOf(bank.client.getInvoiceStatus("no_such_invoice"))
    expect(missing).toMatchObject({ kind: "http", status: 404, method: "GET", path: "/api/merchant/invoice/status" })
    expect(missing.errCode).toEqual(expect.any(String))
    expect(missing.traceId).toEqual(expect.any(String))

    const stranger = new AcquiringClient({ token: "wrong-token", baseUrl: bank.emulator.url })
    const forbidden = await errorOf(stranger.getMerchantDetails())
    await stranger.close()
    expect(forbidden).toMatchObject({ kind: "http", status: 403 })
    expect(forbidden.message).not.toContain("wrong-token")
  })
})
