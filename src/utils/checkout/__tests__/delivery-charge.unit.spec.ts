import { deliveryChargeOf, goodsTotalOf } from "../delivery-charge"

describe("the delivery part of what mono checkout collected", () => {
  it("is a price the store quoted when the bank's amount is the goods plus that price", () => {
    expect(deliveryChargeOf({ collected: "1294.56", goods: 1234.56, stated: ["60.00", "0"] })).toEqual({ kind: "proven", amount: "60.00" })
    expect(deliveryChargeOf({ collected: "1234.56", goods: 1234.56, stated: ["60.00", "0"] })).toEqual({ kind: "proven", amount: "0" })
  })

  it("compares to the kopeck by the plugin's rounding: goods of 89.991 and delivery 10.00 are 99.99 collected", () => {
    expect(deliveryChargeOf({ collected: "99.99", goods: "89.991", stated: ["10.00"] })).toEqual({ kind: "proven", amount: "10.00" })
  })

  it("is not taken when it is no price the store stated, and says what the bank's amount leaves for delivery", () => {
    expect(deliveryChargeOf({ collected: "1314.56", goods: 1234.56, stated: ["60.00", undefined, "0"] })).toEqual({ kind: "unproven", paid: "80.00" })
    expect(deliveryChargeOf({ collected: "1200.00", goods: 1234.56, stated: ["0"] })).toEqual({ kind: "unproven", paid: "-34.56" })
  })

  it("takes the goods as the cart total without the shipping chosen in the storefront", () => {
    expect(String(goodsTotalOf({ total: 1304.56, shipping_total: 70 }))).toBe("1234.56")
    expect(String(goodsTotalOf({ total: 1234.56, shipping_total: null }))).toBe("1234.56")
  })
})
