import { offeredMethods } from "../offered-methods"

const options = {
  dlv_method_list: ["pickup", "courier", "np_brnm", "np_box"] as const,
  payment_method_list: ["card", "payment_on_delivery", "part_purchase"] as const,
  payments_number: 4,
  paymentProviders: {
    card: "pp_monobank_monobank",
    part_purchase: "pp_monobank-installments_monobank-installments",
    payment_on_delivery: "pp_system_default",
  },
}
const everything = {
  deliveryWithShippingOption: new Set(["pickup", "courier", "np_brnm", "np_box"] as const),
  regionPaymentProviders: new Set(Object.values(options.paymentProviders)),
}
const opts = (over: Partial<typeof options> = {}) => ({ ...options, ...over }) as any

describe("the methods offered on the checkout page", () => {
  it("are the store's, when the store can record all of them", () => {
    expect(offeredMethods(opts(), {}, everything)).toEqual({
      dlv_method_list: ["pickup", "courier", "np_brnm", "np_box"],
      payment_method_list: ["card", "payment_on_delivery", "part_purchase"],
      payments_number: 4,
    })
  })

  it("leave out what the store cannot turn into an order: no shipping option, provider not in the region", () => {
    const offered = offeredMethods(opts(), {}, {
      deliveryWithShippingOption: new Set(["np_brnm"] as const),
      regionPaymentProviders: new Set(["pp_monobank_monobank"]),
    })
    expect(offered).toEqual({ dlv_method_list: ["np_brnm"], payment_method_list: ["card"] })
  })

  it("narrow to what the storefront asks for this cart, with fewer installment payments than the store allows", () => {
    expect(offeredMethods(opts(), { dlv_method_list: ["np_box"], payment_method_list: ["part_purchase"], payments_number: 3 }, everything)).toEqual({
      dlv_method_list: ["np_box"],
      payment_method_list: ["part_purchase"],
      payments_number: 3,
    })
    expect(offeredMethods(opts({ payments_number: 12 }), { payments_number: 12 }, everything).payments_number).toBe(12)
  })

  it.each([
    [{ payment_method_list: ["part_purchase"] as any, payments_number: 2 }, opts(), /^payments_number: this store allows 3 to 4 installment payments on mono checkout \(got 2\)$/],
    [{ payments_number: 5 }, opts(), /^payments_number: this store allows 3 to 4 installment payments on mono checkout \(got 5\)$/],
    [{ payment_method_list: ["card"] as any, payments_number: 25 }, opts(), /3 to 4 .*\(got 25\)/],
    [{ payments_number: 4 }, opts({ payment_method_list: ["card"] as any, payments_number: undefined }), /^payments_number: this store offers no installments on mono checkout \(got 4\)$/],
    [{ payments_number: 3.5 }, opts(), /got 3\.5/],
    [{}, opts({ payments_number: undefined }), /from 3 to 25 when part_purchase is offered$/],
    [{ payment_method_list: ["part_purchase"] as any }, opts({ payment_method_list: ["card"] as any }), /payment_method_list: part_purchase not enabled in this store \(enabled: card\)/],
    [{ dlv_method_list: ["courier"] as any }, opts({ dlv_method_list: ["np_brnm"] as any }), /dlv_method_list: courier not enabled/],
  ])("refuse %j", (requested, storeOptions, message) => {
    expect(() => offeredMethods(storeOptions, requested, everything)).toThrow(message)
  })

  it("refuse a cart nothing can be offered for, saying what to set up", () => {
    expect(() => offeredMethods(opts(), {}, { ...everything, deliveryWithShippingOption: new Set() })).toThrow(
      /No mono checkout delivery method \(pickup, courier, np_brnm, np_box\) has a shipping option of the monobank-checkout fulfillment provider/
    )
    expect(() => offeredMethods(opts(), {}, { ...everything, regionPaymentProviders: new Set() })).toThrow(
      /enable its payment provider \(card: pp_monobank_monobank, payment_on_delivery: pp_system_default/
    )
  })
})
