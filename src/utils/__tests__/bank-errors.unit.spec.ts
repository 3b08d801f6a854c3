import { MedusaError } from "@medusajs/framework/utils"
import { isOutcomeUnknown, MonobankApiError, stripUndefined } from "../../lib/monobank"
import { toMedusaError } from "../../providers/monobank/errors"
import { toMedusaBankError } from "../installments/bank-errors"

const timeout = new MonobankApiError({ kind: "timeout", method: "POST", path: "/x", outcomeUnknown: true, traceId: "t-1" })
const invalid = new MonobankApiError({ kind: "validation", method: "POST", path: "/x", detail: "amount: required" })

describe("bank errors shared by the providers", () => {
  it("pass a MedusaError through and wrap anything else that is not a bank answer", () => {
    const medusa = new MedusaError(MedusaError.Types.NOT_FOUND, "gone")
    expect(toMedusaError("capture", medusa)).toBe(medusa)
    expect(toMedusaBankError("confirm the order", medusa)).toBe(medusa)
    expect(toMedusaError("capture", new Error("boom")).message).toBe("monobank: capture failed: boom")
    expect(toMedusaBankError("confirm the order", "boom").message).toBe("monobank installments: confirm the order failed: boom")
  })

  it("say the same about a request without an answer, each with its own advice and the Trace-Id", () => {
    expect(toMedusaError("capture", timeout).message).toBe(
      "monobank did not answer in time while trying to capture; nothing was repeated. Check the payment in the monobank cabinet before trying again [monobank Trace-Id t-1]"
    )
    expect(toMedusaBankError("confirm the order", timeout).message).toBe(
      "monobank did not answer in time while trying to confirm the order; nothing was repeated. Try again in a minute [monobank Trace-Id t-1]"
    )
    expect(isOutcomeUnknown(timeout)).toBe(true)
    expect(isOutcomeUnknown(invalid)).toBe(false)
    expect(isOutcomeUnknown(new Error("x"))).toBe(false)
  })

  it("report a request refused before sending as invalid data", () => {
    expect(toMedusaError("refund", invalid).type).toBe(MedusaError.Types.INVALID_DATA)
    expect(toMedusaBankError("refund", invalid).message).toMatch(/^monobank installments: refund: .*amount: required/)
  })

  it("drop undefined fields and keep falsy ones", () => {
    expect(stripUndefined({ a: 0, b: undefined, c: "", d: null })).toEqual({ a: 0, c: "", d: null })
    expect(Object.keys(stripUndefined({ a: undefined }))).toEqual([])
  })
})
