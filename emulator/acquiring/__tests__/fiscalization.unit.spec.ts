import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring } from "../../__tests__/helpers/api"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>

beforeAll(async () => {
  emulator = await startEmulator()
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

const line = (sum: number, qty = 1, code = "sku-1") => ({ name: "Табурет", code, qty, sum })

async function paidInvoice(paymentType: "debit" | "hold" = "debit"): Promise<string> {
  const created = await api.post("/api/merchant/invoice/create", { amount: 10000, paymentType })
  await emulator.control.payInvoice(created.json.invoiceId)
  return created.json.invoiceId
}

describe("acquiring fiscalization switch", () => {
  it("refuses a partial cancel without items, or with items that do not add up, with errCode/errText", async () => {
    await emulator.control.setFiscalization(true)
    const invoiceId = await paidInvoice()
    const bare = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 3000 })
    expect(bare.status).toBe(400)
    expect(bare.json).toEqual({ errCode: "BAD_REQUEST", errText: expect.stringContaining("items") })
    const off = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 3000, items: [line(1000, 2)] })
    expect(off.status).toBe(400)
    expect(off.json.errText).toContain("2000")
    expect((await emulator.control.getInvoice(invoiceId)).cancelList).toEqual([])
  })

  it("takes a partial cancel whose items add up to the amount and keeps them on the invoice", async () => {
    await emulator.control.setFiscalization(true)
    const invoiceId = await paidInvoice()
    const items = [line(1000, 2), line(1000, 1, "sku-2")]
    const refund = await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 3000, extRef: "r1", items })
    expect(refund.status).toBe(200)
    expect((await emulator.control.getInvoice(invoiceId)).fiscalItems).toEqual([{ operation: "cancel", amount: 3000, extRef: "r1", items }])
  })

  it("takes a cancel of the whole payment without items; the remainder after a partial one needs them", async () => {
    await emulator.control.setFiscalization(true)
    const whole = await paidInvoice()
    expect((await api.post("/api/merchant/invoice/cancel", { invoiceId: whole })).status).toBe(200)
    const parted = await paidInvoice()
    expect((await api.post("/api/merchant/invoice/cancel", { invoiceId: parted, amount: 4000, items: [line(4000)] })).status).toBe(200)
    expect((await api.post("/api/merchant/invoice/cancel", { invoiceId: parted, amount: 6000 })).status).toBe(400)
  })

  it("refuses a finalize of another amount than the hold without items; the full hold needs none", async () => {
    await emulator.control.setFiscalization(true)
    const partial = await paidInvoice("hold")
    expect((await api.post("/api/merchant/invoice/finalize", { invoiceId: partial, amount: 7000 })).json.errCode).toBe("BAD_REQUEST")
    const items = [line(2333, 3)]
    expect((await api.post("/api/merchant/invoice/finalize", { invoiceId: partial, amount: 6999, items })).status).toBe(200)
    expect((await emulator.control.getInvoice(partial)).fiscalItems).toEqual([{ operation: "finalize", amount: 6999, items }])
    const full = await paidInvoice("hold")
    expect((await api.post("/api/merchant/invoice/finalize", { invoiceId: full, amount: 10000 })).status).toBe(200)
  })

  it("is off by default and after reset: a partial cancel needs no items", async () => {
    await emulator.control.setFiscalization(true)
    await emulator.control.reset()
    const invoiceId = await paidInvoice()
    expect((await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 3000 })).status).toBe(200)
  })
})
