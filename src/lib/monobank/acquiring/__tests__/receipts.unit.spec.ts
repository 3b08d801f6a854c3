/**
 * Fiscal checks and the bank's receipt are read as loosely as the README promises: nulls, numbers
 * for text, extra fields, unknown types and statuses, and odd list entries never reject the answer.
 */
import { AcquiringClient } from "../client"
import { fiscalCheckListResponseSchema, receiptResponseSchema } from "../schemas"
import { startRawServer, type RecordedRequest } from "../../__tests__/raw-server"

describe("fiscal check list schema", () => {
  it("reads a published check with every field", () => {
    const check = { id: "c1", type: "sale", status: "done", statusDescription: "", taxUrl: "https://tax.example.com/c?fn=1", file: "JVBERi0=", fiscalizationSource: "monopay" }
    expect(fiscalCheckListResponseSchema.parse({ checks: [check] }).checks).toEqual([check])
  })

  it("keeps an unknown type, status and source as the bank's text and drops extra fields", () => {
    const { checks } = fiscalCheckListResponseSchema.parse({
      checks: [{ id: "c1", type: "correction", status: "cancelled", fiscalizationSource: "newkasa", fiscalNumber: "123", extra: { a: 1 } }],
    })
    expect(checks).toEqual([{ id: "c1", type: "correction", status: "cancelled", fiscalizationSource: "newkasa" }])
  })

  it("reads nulls as absent, numbers as text, and keeps a check missing its required fields", () => {
    const { checks } = fiscalCheckListResponseSchema.parse({ checks: [{ id: 42, type: null, status: null, taxUrl: null, file: null }, {}] })
    expect(checks).toEqual([{ id: "42" }, {}])
  })

  it("reads a missing, null or non-list checks as no checks and drops entries that are not objects", () => {
    expect(fiscalCheckListResponseSchema.parse({}).checks).toEqual([])
    expect(fiscalCheckListResponseSchema.parse({ checks: null }).checks).toEqual([])
    expect(fiscalCheckListResponseSchema.parse({ checks: "none" }).checks).toEqual([])
    expect(fiscalCheckListResponseSchema.parse({ checks: [null, "x", 3, [], { id: "c1" }] }).checks).toEqual([{ id: "c1" }])
  })
})

describe("receipt schema", () => {
  it("reads the file, and null or missing as absent, with extra fields dropped", () => {
    expect(receiptResponseSchema.parse({ file: "JVBERi0=", email: "x" })).toEqual({ file: "JVBERi0=" })
    expect(receiptResponseSchema.parse({ file: null })).toEqual({})
    expect(receiptResponseSchema.parse({})).toEqual({})
  })
})

describe("AcquiringClient fiscal checks and receipt", () => {
  const requests: RecordedRequest[] = []
  let close: () => Promise<void> = async () => undefined
  afterEach(async () => {
    requests.length = 0
    await close()
  })

  async function clientAnswering(body: unknown) {
    const server = await startRawServer((req, res) => {
      requests.push(req)
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    })
    const client = new AcquiringClient({ token: "t", baseUrl: server.url, retry: { maxAttempts: 1 } })
    close = async () => {
      await client.close()
      await server.close()
    }
    return client
  }

  it("asks GET fiscal-checks with the invoiceId and answers the checks", async () => {
    const client = await clientAnswering({ checks: [{ id: "c1", type: "sale", status: "done" }] })
    expect(await client.listFiscalChecks("inv 1")).toEqual([{ id: "c1", type: "sale", status: "done" }])
    expect(requests[0].method).toBe("GET")
    expect(requests[0].url).toBe("/api/merchant/invoice/fiscal-checks?invoiceId=inv+1")
    expect(requests[0].headers["x-token"]).toBe("t")
  })

  it("asks GET receipt with the invoiceId and answers the base64 file", async () => {
    const client = await clientAnswering({ file: "JVBERi0=" })
    expect(await client.getReceipt("inv1")).toEqual({ file: "JVBERi0=" })
    expect(requests[0].url).toBe("/api/merchant/invoice/receipt?invoiceId=inv1")
  })

  it("refuses an empty invoiceId before sending", async () => {
    const client = await clientAnswering({ checks: [] })
    await expect(client.listFiscalChecks("")).rejects.toMatchObject({ kind: "validation" })
    expect(requests).toHaveLength(0)
  })
})
