import { GENERAL_STATUS_MEANING, readCheckoutOutcome } from "../outcome"

describe("what a checkout order record means", () => {
  // generalStatus / payment_status pairs as the emulator reports each completion (emulator/README.md).
  it.each([
    ["not completed yet", { generalStatus: "not_authorized", payment_status: "not_paid", payment_method: undefined }, { kind: "waiting" }],
    ["card paid", { generalStatus: "success", payment_status: "success", payment_method: "card" }, { kind: "placed", payment_method: "card", payment: "captured" }],
    ["card held", { generalStatus: "in_process", payment_status: "hold", payment_method: "card" }, { kind: "placed", payment_method: "card", payment: "authorized" }],
    ["card declined", { generalStatus: "fail", payment_status: "failure", payment_method: "card" }, { kind: "failed" }],
    ["hold released after 10 days", { generalStatus: "fail", payment_status: "reversed", payment_method: "card" }, { kind: "failed" }],
    ["payment on delivery", { generalStatus: "payment_on_delivery", payment_status: "accepted", payment_method: "payment_on_delivery" }, { kind: "placed", payment_method: "payment_on_delivery", payment: "authorized" }],
    ["installments approved", { generalStatus: "success", payment_status: "approved", payment_method: "part_purchase" }, { kind: "placed", payment_method: "part_purchase", payment: "captured" }],
    ["card still processing", { generalStatus: "in_process", payment_status: "processing", payment_method: "card" }, { kind: "waiting" }],
    ["not confirmed", { generalStatus: "not_confirmed", payment_status: null, payment_method: "card" }, { kind: "waiting" }],
  ])("%s", (_name, record, expected) => {
    expect(readCheckoutOutcome(record as any)).toMatchObject(expected)
  })

  it("never places an order on a status or payment method it does not know", () => {
    expect(readCheckoutOutcome({ generalStatus: "delivered", payment_status: "success", payment_method: "card" })).toMatchObject({ kind: "unknown" })
    expect(readCheckoutOutcome({ generalStatus: undefined, payment_status: undefined, payment_method: undefined })).toMatchObject({ kind: "unknown" })
    expect(readCheckoutOutcome({ generalStatus: "success", payment_status: "success", payment_method: "crypto" })).toMatchObject({ kind: "unknown" })
  })

  it("reads every generalStatus the bank is known to send", () => {
    expect(Object.keys(GENERAL_STATUS_MEANING).sort()).toEqual(
      ["fail", "in_process", "not_authorized", "not_confirmed", "payment_on_delivery", "success"]
    )
  })
})
