import { refundAddsCreditLine } from "../refund-credit-line"

describe("refundAddsCreditLine (Medusa's refund workflow opens an order change)", () => {
  it("credits the whole refund when the order owes the customer nothing", () => {
    expect(refundAddsCreditLine(300, 0)).toBe(true)
    expect(refundAddsCreditLine(300, undefined)).toBe(true)
    expect(refundAddsCreditLine(300, 150)).toBe(true)
  })

  it("credits only what is beyond the amount the order owes the customer", () => {
    expect(refundAddsCreditLine(100, -100)).toBe(false)
    expect(refundAddsCreditLine(99.99, -100)).toBe(false)
    expect(refundAddsCreditLine(100.01, -100)).toBe(true)
    expect(refundAddsCreditLine({ value: "250.5", precision: 20 }, { value: "-250.5", precision: 20 })).toBe(false)
  })
})
