import * as fs from "node:fs"
import * as path from "node:path"
import { isDeepStrictEqual } from "node:util"
import { invoiceStatusRecordSchema } from "../records"
import { readPlainInvoiceStatusRecord } from "../status-record-reader"

const FIXTURES = path.resolve(__dirname, "../../__fixtures__")
const records: Record<string, unknown>[] = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.startsWith("acquiring-status"))
  .map((name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8")).record)

const VALUES = [undefined, null, "", "text", 0, 12, 1.5, -3, true, {}, [], { a: 1 }, "success", "weird", 2 ** 60]
const RECORD_FIELDS = [
  "invoiceId", "status", "rawStatus", "failureReason", "errCode", "amount", "ccy", "finalAmount",
  "createdDate", "modifiedDate", "reference", "destination", "paymentInfo", "cancelList",
  "walletData", "tipsInfo", "unknownField",
]
const PAYMENT_INFO_FIELDS = [
  "maskedPan", "approvalCode", "rrn", "tranId", "terminal", "bank", "paymentSystem",
  "paymentMethod", "fee", "agentFee", "country", "unknownField",
]

/** Each fixture with one field set to each of VALUES (undefined: removed). */
function variants(base: Record<string, unknown>, fields: string[]): Record<string, unknown>[] {
  return fields.flatMap((field) =>
    VALUES.map((value) => {
      const copy = { ...base }
      if (value === undefined) delete copy[field]
      else copy[field] = value
      return copy
    })
  )
}

const bodies = records.flatMap((record) => [
  record,
  ...variants(record, RECORD_FIELDS),
  ...variants((record.paymentInfo as Record<string, unknown>) ?? { maskedPan: "444403******1902" }, PAYMENT_INFO_FIELDS).map(
    (paymentInfo) => ({ ...record, paymentInfo })
  ),
])

describe("readPlainInvoiceStatusRecord", () => {
  it("reads the bank's sample records", () => {
    for (const record of records) expect(readPlainInvoiceStatusRecord(record)).toBeDefined()
  })

  it("reads exactly what invoiceStatusRecordSchema reads, or leaves the record to it", () => {
    let readPlain = 0
    for (const body of bodies) {
      const plain = readPlainInvoiceStatusRecord(body)
      if (plain === undefined) continue
      readPlain += 1
      const schema = invoiceStatusRecordSchema.safeParse(body)
      // Same keys (present or not), same values: what the schema accepts and nothing it refuses.
      expect({ body, same: schema.success && isDeepStrictEqual(schema.data, plain) }).toEqual({ body, same: true })
    }
    expect(readPlain).toBeGreaterThan(bodies.length / 3)
  })

  it("leaves unknown statuses, refunds and wrong types to the schema", () => {
    const [record] = records
    for (const body of [
      null,
      [],
      { ...record, status: "refunded" },
      { ...record, amount: "4200" },
      { ...record, cancelList: [] },
      { ...record, walletData: null },
      { ...record, paymentInfo: "card" },
    ]) {
      expect(readPlainInvoiceStatusRecord(body)).toBeUndefined()
    }
  })
})
