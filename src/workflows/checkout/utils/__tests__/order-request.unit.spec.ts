import fc from "fast-check"
import { fromMinorUnits, toMinorUnits } from "../../../../lib/monobank"
import { buildCheckoutOrderRequest, checkoutAmountOf, productsOf, type CheckoutCart } from "../order-request"

const choices = {
  dlv_method_list: ["np_brnm" as const, "pickup" as const],
  payment_method_list: ["card" as const],
  dlv_pay_merchant: false,
  hold: false,
  callback_url: "https://api.shop.example/hooks/monobank/checkout",
  return_url: "https://shop.example/checkout/monobank?cart=cart_1",
}

const cart = (over: Partial<CheckoutCart> = {}): CheckoutCart => ({
  id: "cart_1",
  currency_code: "uah",
  total: "2539.12",
  shipping_total: "70",
  items: [{ product_title: "Вишиванка", variant_title: "M", quantity: 2, total: "2469.12" }],
  ...over,
})

describe("the checkout order request from a cart", () => {
  it("asks for the cart without its shipping, in hryvnia, with one unit price per product", () => {
    expect(buildCheckoutOrderRequest(cart(), choices)).toEqual({
      order_ref: "cart_1",
      amount: 2469.12,
      ccy: 980,
      count: 2,
      products: [{ name: "Вишиванка (M)", cnt: 2, price: 1234.56 }],
      dlv_method_list: ["np_brnm", "pickup"],
      payment_method_list: ["card"],
      dlv_pay_merchant: false,
      callback_url: choices.callback_url,
      return_url: choices.return_url,
      hold: false,
    })
  })

  it("sends payments_number only when installments are offered", () => {
    const request = buildCheckoutOrderRequest(cart(), { ...choices, payment_method_list: ["card", "part_purchase"], payments_number: 6 })
    expect(request.payments_number).toBe(6)
    expect(buildCheckoutOrderRequest(cart(), { ...choices, payments_number: 6 })).not.toHaveProperty("payments_number")
  })

  it("reads Medusa amounts in any shape without floating point", () => {
    expect(checkoutAmountOf(cart({ total: { value: "100.1", precision: 20 } as any, shipping_total: 0 }))).toBe("100.10")
    expect(checkoutAmountOf(cart({ total: 0.3, shipping_total: 0.1 }))).toBe("0.20")
  })

  it("splits a line whose discounted total does not divide into whole kopecks per unit", () => {
    expect(productsOf({ title: "Чашка", quantity: 3, total: "100" })).toEqual([
      { name: "Чашка", cnt: 2, price: 33.33 },
      { name: "Чашка", cnt: 1, price: 33.34 },
    ])
  })

  it("always has products adding up to the line total, kopeck for kopeck", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 10_000_000 }), (quantity, kopecks) => {
        const products = productsOf({ title: "x", quantity, total: fromMinorUnits(kopecks, "UAH") })
        const sum = products.reduce((total, p) => total + p.cnt * toMinorUnits(p.price, "UAH"), 0)
        const count = products.reduce((total, p) => total + p.cnt, 0)
        return sum === kopecks && count === quantity && products.length <= 2
      })
    )
  })

  it.each([
    ["a completed cart", cart({ completed_at: new Date() }), /already completed/],
    ["a cart in euro", cart({ currency_code: "eur" }), /hryvnia only; cart cart_1 is in EUR/],
    ["an empty cart", cart({ items: [] }), /Cart cart_1 is empty/],
    ["a free cart", cart({ total: "70", items: [{ title: "Подарунок", quantity: 1, total: 0 }] }), /nothing to pay \(0\.00 UAH\)/],
    ["a fractional quantity", cart({ items: [{ title: "Сир", quantity: 0.5, total: "100" }] }), /needs whole units/],
  ])("refuses %s", (_name, input, message) => {
    expect(() => buildCheckoutOrderRequest(input, choices)).toThrow(message)
  })
})
