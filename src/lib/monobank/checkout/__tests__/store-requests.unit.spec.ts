import {
  checkoutDeliveryPriceList,
  checkoutDeliveryPriceRequestSchema,
  checkoutPromoAccepted,
  checkoutPromoCodeQuerySchema,
  checkoutPromoRefused,
} from "../.."

describe("the bank's delivery-price request", () => {
  it("is read tolerantly: nulls, numbers as text, non-text methods left out, extra fields ignored", () => {
    const read = checkoutDeliveryPriceRequestSchema.parse({
      orderRef: "cart_1-2",
      phoneNumber: null,
      methods: ["np_brnm", 7, "courier"],
      city: "Дніпро",
      address: 78,
      extra: { anything: true },
    })
    expect(read).toEqual({ orderRef: "cart_1-2", phoneNumber: undefined, methods: ["np_brnm", "courier"], city: "Дніпро", address: "78" })
    expect(checkoutDeliveryPriceRequestSchema.parse({ orderRef: "x", methods: "np_brnm" }).methods).toBeUndefined()
  })

  it("answers each price in hryvnia with at most two decimals", () => {
    expect(checkoutDeliveryPriceList([["np_brnm", "60.00"], ["courier", "0"], ["np_box", "45.5"]])).toEqual({
      deliveryPriceList: [
        { method: "np_brnm", price: 60 },
        { method: "courier", price: 0 },
        { method: "np_box", price: 45.5 },
      ],
    })
    expect(() => checkoutDeliveryPriceList([["np_brnm", "60.005"]])).toThrow()
  })
})

describe("the bank's promo-code check", () => {
  it("reads basket_id, phone_number and promo_code, trimmed; an overlong value reads as absent", () => {
    expect(checkoutPromoCodeQuerySchema.parse({ basket_id: " cart_1 ", promo_code: "SPRING10", phone_number: "+380671112233" })).toEqual({
      basket_id: "cart_1",
      promo_code: "SPRING10",
      phone_number: "+380671112233",
    })
    expect(checkoutPromoCodeQuerySchema.parse({ basket_id: "x".repeat(201) }).basket_id).toBeUndefined()
  })

  it("answers an accepted code with the total and the discount in hryvnia, and a refusal with its reason", () => {
    expect(checkoutPromoAccepted("SPRING10", "1111.10", "123.46")).toEqual({
      success: true,
      code: 200,
      data: { total_amount: 1111.1, promo_codes: [{ promo_code: "SPRING10", discount_amount: 123.46 }] },
    })
    expect(checkoutPromoRefused(409, "ONCE has been used up")).toEqual({ success: false, code: 409, message: "ONCE has been used up" })
  })
})
