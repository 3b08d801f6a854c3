import { checkoutDeliveryContext, MonobankCheckoutFulfillmentService } from "../service"
import { DELIVERY_REQUIREMENTS, validateDeliveryData } from "../delivery-data"

const branch = {
  delivery_method: "np_brnm",
  branch_id: "25",
  branch_address: "Київ, вул. Велика Васильківська, 100",
  city: { name: "Київ", ref: "8d5a980d-391c-11dd-90d9-001a92567626" },
}

describe("mono checkout delivery data", () => {
  it.each([
    ["pickup", { delivery_method: "pickup" }],
    ["courier", { delivery_method: "courier", address: "Львів, пл. Ринок, 1", city: { ref: "city-ref" } }],
    ["np_brnm", branch],
    ["np_box", { ...branch, delivery_method: "np_box" }],
  ])("accepts what %s needs", (method, data) => {
    expect(validateDeliveryData(method, data)).toEqual(data)
  })

  it.each([
    ["np_brnm", { ...branch, branch_id: undefined }, /Nova Poshta branch \(mono checkout\) needs branch_id \(branch number\)/],
    ["np_box", { ...branch, delivery_method: "np_box", branch_address: " " }, /branch_address/],
    ["courier", { delivery_method: "courier", city: { ref: "x" } }, /Courier \(mono checkout\) needs address \(street address\)/],
    ["courier", { delivery_method: "courier" }, /needs address \(street address\)$/],
  ])("refuses %s data without what the carrier needs", (method, data, message) => {
    expect(() => validateDeliveryData(method, data)).toThrow(message)
  })

  // The bank's records do not always carry deliveryAddressInfo or a city reference: a paid order
  // without them is placed with what is there, and the admin completes the address.
  it.each([
    ["courier", { delivery_method: "courier", address: "Львів, пл. Ринок, 1" }],
    ["np_brnm", { ...branch, city: { name: "Київ" } }],
    ["np_box", { ...branch, delivery_method: "np_box", city: undefined }],
  ])("accepts %s data without a city reference", (method, data) => {
    expect(validateDeliveryData(method, data)).toMatchObject({ delivery_method: method })
  })

  it("refuses data for another method, an unknown option and a storefront's empty data", () => {
    expect(() => validateDeliveryData("np_box", branch)).toThrow(/delivery data for np_brnm given to the np_box shipping option/)
    expect(() => validateDeliveryData("drone", branch)).toThrow(/unknown delivery option "drone"/)
    expect(() => validateDeliveryData("pickup", {})).toThrow(/filled in from orders placed on the mono checkout page/)
  })

  it("has a requirement list for every delivery method", () => {
    expect(Object.keys(DELIVERY_REQUIREMENTS).sort()).toEqual(["courier", "np_box", "np_brnm", "pickup"])
  })
})

describe("the monobank-checkout fulfillment provider", () => {
  const provider = new MonobankCheckoutFulfillmentService()

  it("offers the four delivery methods of the checkout page, priced at 0", async () => {
    expect((await provider.getFulfillmentOptions()).map((option) => option.id)).toEqual(["pickup", "courier", "np_brnm", "np_box"])
    expect(await provider.validateOption({ id: "np_box" })).toBe(true)
    expect(await provider.validateOption({ id: "drone" })).toBe(false)
    expect(await provider.canCalculate()).toBe(true)
    expect(await provider.calculatePrice()).toEqual({ calculated_amount: 0, is_calculated_price_tax_inclusive: true })
  })

  it("hands the checked delivery data to the fulfillment", async () => {
    expect(await provider.createFulfillment(branch)).toEqual({ data: branch, labels: [] })
    await expect(provider.createFulfillment({ ...branch, branch_id: "" })).rejects.toThrow(/branch_id/)
  })
})

describe("the monobank-checkout shipping options outside mono checkout", () => {
  const provider = new MonobankCheckoutFulfillmentService()
  // What Medusa passes when a storefront adds a shipping method: the cart, plus the stock location.
  const storefrontContext = { id: "cart_1", email: "x@example.test", metadata: { monobank_checkout_delivery: { checkout_order_id: "o-1" } }, from_location: {} }

  it("are refused for a storefront's shipping method, whatever data it forges", async () => {
    for (const data of [{ delivery_method: "pickup" }, { ...branch, checkout_order_id: "o-1" }]) {
      await expect(provider.validateFulfillmentData({ id: data.delivery_method }, data, storefrontContext)).rejects.toThrow(
        /offered only on the mono checkout page/
      )
    }
    await expect(provider.validateFulfillmentData({ id: "pickup" }, { delivery_method: "pickup" })).rejects.toThrow(/only on the mono checkout page/)
  })

  it("are accepted from the checkout workflow, for the checkout order it places", async () => {
    const data = { ...branch, checkout_order_id: "o-1" }
    expect(await provider.validateFulfillmentData({ id: "np_brnm" }, data, checkoutDeliveryContext("o-1"))).toEqual(data)
    await expect(provider.validateFulfillmentData({ id: "np_brnm" }, data, checkoutDeliveryContext("o-2"))).rejects.toThrow(/only on the mono checkout page/)
  })
})
