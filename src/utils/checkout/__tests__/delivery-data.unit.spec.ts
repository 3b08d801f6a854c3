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
