import { callbackUrlOf, readCheckoutOptions, returnUrlOf } from "../options"

const valid = {
  token: "merchant-token",
  storeUrl: "https://api.shop.example/",
  returnUrl: "https://shop.example/checkout/monobank?cart={cart_id}",
}

describe("mono checkout options", () => {
  it("are absent when the plugin options have no checkout section", () => {
    expect(readCheckoutOptions(undefined)).toBeUndefined()
    expect(readCheckoutOptions({})).toBeUndefined()
    expect(readCheckoutOptions({ somethingElse: true })).toBeUndefined()
  })

  it("fill in the bank's defaults: all five delivery methods, card only, client pays delivery, no hold", () => {
    expect(readCheckoutOptions({ checkout: valid })).toMatchObject({
      baseUrl: "https://api.monobank.ua",
      storeUrl: "https://api.shop.example",
      dlv_method_list: ["pickup", "courier", "np_brnm", "np_box", "np_cargo"],
      payment_method_list: ["card"],
      dlv_pay_merchant: false,
      hold: false,
      paymentProviders: {
        card: "pp_monobank_monobank",
        part_purchase: "pp_monobank-installments_monobank-installments",
        payment_on_delivery: "pp_monobank-on-delivery_monobank-on-delivery",
      },
    })
  })

  it("keep a partial paymentProviders map's other defaults", () => {
    const options = readCheckoutOptions({ checkout: { ...valid, paymentProviders: { card: "pp_monobank_monobank-debit" } } })
    expect(options?.paymentProviders).toEqual({
      card: "pp_monobank_monobank-debit",
      part_purchase: "pp_monobank-installments_monobank-installments",
      payment_on_delivery: "pp_monobank-on-delivery_monobank-on-delivery",
    })
  })

  it.each([
    [{ ...valid, token: " " }, /checkout\.token: is required: the X-Token/],
    [{ ...valid, storeUrl: "api.shop.example" }, /checkout\.storeUrl: .*absolute http\(s\) URL/],
    [{ ...valid, returnUrl: "/return?cart={cart_id}" }, /checkout\.returnUrl: .*may contain \{cart_id\}/],
    [{ ...valid, payment_method_list: ["card", "part_purchase"] }, /checkout\.payments_number: is required \(3\.\.25\) when part_purchase is offered/],
    [{ ...valid, payment_method_list: ["part_purchase"], payments_number: 2 }, /checkout\.payments_number: must be at least 3/],
    [{ ...valid, dlv_method_list: ["drone"] }, /checkout\.dlv_method_list\.0: /],
    [{ ...valid, tokn: "typo" }, /checkout\.tokn: is not a known option/],
  ])("refuse %j at start-up with a message naming the option", (checkout, message) => {
    expect(() => readCheckoutOptions({ checkout })).toThrow(message)
  })

  it("refuse with every wrong option listed by its path, not only the first", () => {
    const checkout = { token: "", storeUrl: "api.shop.example", returnUrl: valid.returnUrl, hold: "yes", paymentProviders: { cash: "pp_x" } }
    expect(() => readCheckoutOptions({ checkout })).toThrow(
      /^medusa-payment-monobank: invalid mono checkout options: checkout\.token: is required: .*; checkout\.storeUrl: must be an absolute http\(s\) URL; checkout\.hold: .*; checkout\.paymentProviders\.cash: is not a known option/
    )
  })

  it("build the callback URL on the store URL and the return URL with the cart id", () => {
    const options = readCheckoutOptions({ checkout: valid })!
    expect(callbackUrlOf(options)).toBe("https://api.shop.example/hooks/monobank/checkout")
    expect(returnUrlOf(options, "cart_01 X")).toBe("https://shop.example/checkout/monobank?cart=cart_01%20X")
  })
})
