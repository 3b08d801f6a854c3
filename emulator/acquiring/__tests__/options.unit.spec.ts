import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring } from "../../__tests__/helpers/api"

describe("acquiring options", () => {
  let emulator: RunningEmulator
  afterEach(() => emulator.close())

  async function paid(amount = 10000) {
    const api = acquiring(emulator)
    const created = await api.post("/api/merchant/invoice/create", { amount })
    await emulator.control.payInvoice(created.json.invoiceId)
    return { api, invoiceId: created.json.invoiceId as string }
  }

  it("cancelSettleDelayMs: a cancel answers processing, counts against what is left, and settles on the clock", async () => {
    emulator = await startEmulator({ cancelSettleDelayMs: 60_000 })
    const { api, invoiceId } = await paid()
    const cancel = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 6000 })
    expect(cancel.json.status).toBe("processing")
    const status = async () => (await api.get(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json
    expect(await status()).toMatchObject({ status: "success", finalAmount: 10000, cancelList: [{ status: "processing", amount: 6000 }] })
    const over = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 4001 })
    expect(over.json.errCode).toBe("WRONG_CANCEL_AMOUNT")
    await emulator.control.advanceClock(60_000)
    expect(await status()).toMatchObject({ status: "success", finalAmount: 4000, cancelList: [{ status: "success" }] })
  })

  it('partialRefundStatus "reversed": a partial refund reads reversed with finalAmount > 0 and can be refunded further', async () => {
    emulator = await startEmulator({ partialRefundStatus: "reversed" })
    const { api, invoiceId } = await paid()
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 2500 })
    const status = async () => (await api.get(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json
    expect(await status()).toMatchObject({ status: "reversed", finalAmount: 7500 })
    expect((await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 7500 })).status).toBe(200)
    expect(await status()).toMatchObject({ status: "reversed", finalAmount: 0 })
  })

  it("control setPartialRefundStatus switches how the next partial refund reads; reset restores the option", async () => {
    emulator = await startEmulator({})
    const { api, invoiceId } = await paid()
    const status = async (id: string) => (await api.get(`/api/merchant/invoice/status?invoiceId=${id}`)).json
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 1000 })
    expect(await status(invoiceId)).toMatchObject({ status: "success", finalAmount: 9000 })

    expect(await emulator.control.setPartialRefundStatus("reversed")).toBe("reversed")
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 2000 })
    expect(await status(invoiceId)).toMatchObject({ status: "reversed", finalAmount: 7000, cancelList: [{ amount: 1000 }, { amount: 2000 }] })

    await emulator.control.setPartialRefundStatus("success")
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 500 })
    expect(await status(invoiceId)).toMatchObject({ status: "success", finalAmount: 6500 })
    await expect(emulator.control.setPartialRefundStatus("refunded" as "success")).rejects.toThrow(/status/)

    await emulator.control.setPartialRefundStatus("reversed")
    await emulator.control.reset()
    const again = await paid()
    await again.api.post("/api/merchant/invoice/cancel", { invoiceId: again.invoiceId, amount: 1000 })
    expect(await status(again.invoiceId)).toMatchObject({ status: "success", finalAmount: 9000 })
  })

  it("publicBaseUrl is what pageUrl uses", async () => {
    emulator = await startEmulator({ publicBaseUrl: "https://pay.example.test/" })
    const created = await acquiring(emulator).post("/api/merchant/invoice/create", { amount: 100 })
    expect(created.json.pageUrl).toBe(`https://pay.example.test/pay/${created.json.invoiceId}`)
  })
})
