import { checkoutChargeOf, goodsTotalOf } from "../checkout-charge"

describe("how a mono checkout amount splits into goods, discount and delivery", () => {
  it("takes a delivery price the store quoted when the bank's amount is the goods plus that price", () => {
    expect(checkoutChargeOf({ collected: "1294.56", goods: 1234.56, deliveries: ["60.00", "0"] })).toEqual({ kind: "proven", delivery: "60.00" })
    expect(checkoutChargeOf({ collected: "1234.56", goods: 1234.56, deliveries: ["60.00", "0"] })).toEqual({ kind: "proven", delivery: "0" })
  })

  it("compares to the kopeck by the plugin's rounding: goods of 89.991 and delivery 10.00 are 99.99 collected", () => {
    expect(checkoutChargeOf({ collected: "99.99", goods: "89.991", deliveries: ["10.00"] })).toEqual({ kind: "proven", delivery: "10.00" })
  })

  it("finds the promo code the store accepted when the bank took its discount off, with or without delivery", () => {
    const promos = { SPRING10: "123.46", VIP: "200.00" }
    expect(checkoutChargeOf({ collected: "1171.10", goods: 1234.56, deliveries: ["60.00", "0"], promos })).toEqual({
      kind: "proven",
      delivery: "60.00",
      promo: { code: "SPRING10", discount: "123.46" },
    })
    expect(checkoutChargeOf({ collected: "1034.56", goods: 1234.56, deliveries: ["60.00", "0"], promos })).toEqual({
      kind: "proven",
      delivery: "0",
      promo: { code: "VIP", discount: "200.00" },
    })
    // No code when the bank took nothing off, even if one was accepted on the page.
    expect(checkoutChargeOf({ collected: "1294.56", goods: 1234.56, deliveries: ["60.00", "0"], promos })).toEqual({ kind: "proven", delivery: "60.00" })
  })

  it("is not taken when no stated price and code explain it, and says what the amount leaves beyond the goods", () => {
    expect(checkoutChargeOf({ collected: "1314.56", goods: 1234.56, deliveries: ["60.00", undefined, "0"] })).toEqual({ kind: "unproven", paid: "80.00" })
    expect(checkoutChargeOf({ collected: "1200.00", goods: 1234.56, deliveries: ["0"], promos: { SPRING10: "123.46" } })).toEqual({ kind: "unproven", paid: "-34.56" })
  })

  it("is ambiguous, never a guess, when a code's discount equals a delivery price or two codes take off the same", () => {
    expect(checkoutChargeOf({ collected: "1234.56", goods: 1234.56, deliveries: ["60.00", "0"], promos: { SAME60: "60.00" } })).toEqual({
      kind: "ambiguous",
      readings: [{ delivery: "0" }, { delivery: "60.00", promo: { code: "SAME60", discount: "60.00" } }],
    })
    expect(checkoutChargeOf({ collected: "1244.56", goods: 1234.56, deliveries: ["60.00"], promos: { A50: "50.00", B50: "50" } })).toEqual({
      kind: "ambiguous",
      readings: [
        { delivery: "60.00", promo: { code: "A50", discount: "50.00" } },
        { delivery: "60.00", promo: { code: "B50", discount: "50" } },
      ],
    })
    // The same price stated twice is one reading.
    expect(checkoutChargeOf({ collected: "1294.56", goods: 1234.56, deliveries: ["60.00", "60"] })).toEqual({ kind: "proven", delivery: "60.00" })
  })

  it("takes the goods as the cart total without the shipping chosen in the storefront", () => {
    expect(String(goodsTotalOf({ total: 1304.56, shipping_total: 70 }))).toBe("1234.56")
    expect(String(goodsTotalOf({ total: 1234.56, shipping_total: null }))).toBe("1234.56")
  })
})
