import { checkoutCurrencyMismatch } from "../checkout-currency"

const cart = (currency_code: string | null) => ({ id: "cart_1", currency_code })

describe("whether a mono checkout order's money can pay the cart", () => {
  it("can when both are hryvnia, also when the bank leaves ccy out (its default is 980)", () => {
    expect(checkoutCurrencyMismatch({ orderId: "o1", ccy: 980 }, cart("uah"))).toBeUndefined()
    expect(checkoutCurrencyMismatch({ orderId: "o1" }, cart("uah"))).toBeUndefined()
  })

  it("cannot when the cart was moved to another currency, saying both and what to do", () => {
    expect(checkoutCurrencyMismatch({ orderId: "o1", ccy: 980 }, cart("eur"))).toMatch(
      /^checkout order o1 was paid in UAH, but cart cart_1 is in EUR .*refund the shopper in the monobank business cabinet/
    )
    expect(checkoutCurrencyMismatch({ orderId: "o1", ccy: 980 }, cart(null))).toMatch(/cart cart_1 is in NONE/)
  })

  it("cannot when the bank reports another currency than the hryvnia it was sent", () => {
    expect(checkoutCurrencyMismatch({ orderId: "o1", ccy: 978 }, cart("uah"))).toMatch(/reports its amount in EUR \(ccy 978\)/)
    expect(checkoutCurrencyMismatch({ orderId: "o1", ccy: 1 }, cart("uah"))).toMatch(/reports its amount in ccy 1,/)
  })
})
