import { checkoutCreateOrderRequestSchema, fromCheckoutAmount, toCheckoutAmount } from "../schemas"

describe("checkout amounts (hryvnia with kopecks as decimals)", () => {
  it("turns Medusa amounts in any shape into hryvnia numbers, never kopecks", () => {
    expect(toCheckoutAmount(1234.56)).toBe(1234.56)
    expect(toCheckoutAmount("2469.1")).toBe(2469.1)
    expect(toCheckoutAmount({ value: "100.10", precision: 20 })).toBe(100.1)
    expect(() => toCheckoutAmount("1.005")).toThrow(/more than 2 decimal places/)
    expect(() => toCheckoutAmount(-1)).toThrow(/must not be negative/)
  })

  it("reads bank amounts back as exact text for comparing with Medusa totals", () => {
    expect(fromCheckoutAmount(1234.56)).toBe("1234.56")
    expect(fromCheckoutAmount(0.3)).toBe("0.30")
    // Float noise is refused, not rounded away.
    expect(() => fromCheckoutAmount(0.1 + 0.2)).toThrow(/more than 2 decimal places/)
    expect(fromCheckoutAmount(70)).toBe("70.00")
    expect(() => fromCheckoutAmount(12.345)).toThrow(/more than 2 decimal places/)
  })

  it("what toCheckoutAmount gives passes the request schema", () => {
    const amount = toCheckoutAmount("999999.99")
    const parsed = checkoutCreateOrderRequestSchema.safeParse({
      order_ref: "cart_1",
      amount,
      count: 1,
      products: [{ name: "x", cnt: 1, price: amount }],
    })
    expect(parsed.success).toBe(true)
  })
})
