import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring } from "../../__tests__/helpers/api"
import { fiscalNumberOf } from "../receipts"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>

beforeAll(async () => {
  emulator = await startEmulator()
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

const line = (sum: number) => ({ name: "Табурет", code: "sku-1", qty: 1, sum })

async function invoice(pay: boolean): Promise<string> {
  const created = await api.post("/api/merchant/invoice/create", { amount: 10000 })
  if (pay) await emulator.control.payInvoice(created.json.invoiceId)
  return created.json.invoiceId
}

const checksOf = async (invoiceId: string) => (await api.get(`/api/merchant/invoice/fiscal-checks?invoiceId=${invoiceId}`)).json.checks

describe("emulated fiscal checks", () => {
  it("lists one registered sale check for a paid invoice when fiscalization is on", async () => {
    await emulator.control.setFiscalization(true)
    const invoiceId = await invoice(true)
    expect(await checksOf(invoiceId)).toEqual([
      {
        id: `${invoiceId}-check-0`,
        type: "sale",
        status: "done",
        statusDescription: "",
        taxUrl: `https://tax.example.com/cashregs/check?fn=${fiscalNumberOf(invoiceId, 0)}`,
        fiscalizationSource: "monopay",
      },
    ])
    expect(fiscalNumberOf(invoiceId, 0)).toMatch(/^\d{10}$/)
  })

  it("adds a return check for each refund sent with items", async () => {
    await emulator.control.setFiscalization(true)
    const invoiceId = await invoice(true)
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 3000, items: [line(3000)] })
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 2000, items: [line(2000)] })
    const checks = await checksOf(invoiceId)
    expect(checks.map((c: { type: string }) => c.type)).toEqual(["sale", "return", "return"])
    expect(new Set(checks.map((c: { taxUrl: string }) => c.taxUrl)).size).toBe(3)
  })

  it("lists no checks without fiscalization, nor for an unpaid invoice", async () => {
    expect(await checksOf(await invoice(true))).toEqual([])
    await emulator.control.setFiscalization(true)
    expect(await checksOf(await invoice(false))).toEqual([])
  })

  it("answers 404 in the bank's error shape for an unknown invoice", async () => {
    const answer = await api.get("/api/merchant/invoice/fiscal-checks?invoiceId=nope")
    expect(answer.status).toBe(404)
    expect(answer.json).toEqual({ errCode: expect.any(String), errText: expect.stringContaining("nope") })
  })
})

describe("emulated bank receipt", () => {
  it("answers a base64 PDF for a paid invoice", async () => {
    const answer = await api.get(`/api/merchant/invoice/receipt?invoiceId=${await invoice(true)}`)
    expect(answer.status).toBe(200)
    const pdf = Buffer.from(answer.json.file, "base64").toString("latin1")
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true)
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true)
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1])
    expect(pdf.slice(xref, xref + 4)).toBe("xref")
  })

  it("answers 404 for an unpaid or unknown invoice", async () => {
    expect((await api.get(`/api/merchant/invoice/receipt?invoiceId=${await invoice(false)}`)).status).toBe(404)
    const unknown = await api.get("/api/merchant/invoice/receipt?invoiceId=nope")
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ errCode: expect.any(String), errText: expect.any(String) })
  })
})
