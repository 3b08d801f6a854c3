/** The merchant's statement, and the client reading it: payments with their reference, newest first. */
import { AcquiringClient } from "../../../src/lib/monobank"
import { statementResponseSchema } from "../../../src/lib/monobank/acquiring/records"
import { acquiring } from "../../__tests__/helpers/api"
import { TEST_CARDS } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"

let emulator: RunningEmulator
let client: AcquiringClient

beforeAll(async () => {
  emulator = await startEmulator({})
  client = new AcquiringClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

const now = () => Math.floor(Date.now() / 1000)
const pay = (pan: string, reference: string, amount = 4200) =>
  client.paymentDirect({ amount, ccy: 980, cardData: { pan, exp: "1230", cvv: "123" }, merchantPaymInfo: { reference }, initiationKind: "merchant" })

describe("GET /api/merchant/statement", () => {
  it("lists the payments of the period, newest first, with the reference the merchant gave; unpaid invoices are not payments", async () => {
    const first = await pay(TEST_CARDS.visa, "payses_first")
    const declined = await pay(TEST_CARDS.declined, "payses_declined", 1500)
    await client.createInvoice({ amount: 999, ccy: 980, merchantPaymInfo: { reference: "payses_unpaid" } })
    const list = await client.getStatement({ from: now() - 60, to: now() })
    expect(list.map((item) => [item.invoiceId, item.reference, item.status, item.amount])).toEqual([
      [declined.invoiceId, "payses_declined", "failure", 1500],
      [first.invoiceId, "payses_first", "success", 4200],
    ])
  })

  it("a period before the payments is empty, and a period over 31 days is refused naming the field", async () => {
    await pay(TEST_CARDS.visa, "payses_1")
    expect(await client.getStatement({ from: now() - 7200, to: now() - 3600 })).toEqual([])
    await expect(client.getStatement({ from: now() - 40 * 24 * 3600, to: now() })).rejects.toThrow(/from: the period must be at most 31 days/)
  })

  it("names what the merchant keeps `profit`, as the bank's schema requires (not profitAmount), and lowers it by each refund", async () => {
    const paid = await pay(TEST_CARDS.visa, "payses_profit", 10000)
    const api = acquiring(emulator)
    await api.post("/api/merchant/invoice/cancel", { invoiceId: paid.invoiceId, amount: 2500 })
    const answer = await api.get(`/api/merchant/statement?from=${now() - 60}&to=${now()}`)
    expect(answer.json.list).toEqual([expect.objectContaining({ invoiceId: paid.invoiceId, amount: 10000, profit: 7500 })])
    expect(answer.json.list[0]).not.toHaveProperty("profitAmount")
  })

  it("the client reads an item whichever way the bank spells the merchant's share, or without it", () => {
    const item = { invoiceId: "i", status: "success", maskedPan: "444403******1902", date: "2024-01-01T00:00:00Z", paymentScheme: "full", amount: 4200, ccy: 980, reference: "r" }
    const read = (extra: Record<string, unknown>) => statementResponseSchema.parse({ list: [{ ...item, ...extra }] }).list
    for (const extra of [{ profit: 4100 }, { profitAmount: 4100 }, {}, { profit: null }]) {
      expect(read(extra)).toEqual([expect.objectContaining({ invoiceId: "i", status: "success", reference: "r", amount: 4200 })])
    }
  })
})
