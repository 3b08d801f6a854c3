import { DELIVERY_REQUIREMENTS, fallbackDeliveryMethod, validateDeliveryData } from "../delivery-data"

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
    ["np_cargo", { ...branch, delivery_method: "np_cargo" }],
  ])("accepts what %s needs", (method, data) => {
    expect(validateDeliveryData(method, data)).toEqual(data)
  })

  it.each([
    ["np_brnm", { ...branch, branch_id: undefined }, /Nova Poshta branch \(mono checkout\) needs branch_id \(branch number\)/],
    ["np_box", { ...branch, delivery_method: "np_box", branch_address: " " }, /branch_address/],
    ["np_cargo", { ...branch, delivery_method: "np_cargo", branch_id: undefined }, /Nova Poshta cargo branch \(mono checkout\) needs branch_id/],
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

  it("keeps the bank's own method when the order was placed with another option, the bank's method being unknown", () => {
    const data = { delivery_method: "pickup", bank_delivery_method: "ukrposhta", delivery_method_desc: "Укрпошта", branch_id: "12" }
    expect(validateDeliveryData("pickup", data)).toEqual(data)
  })

  it("places an unknown method with pickup when the store has it, else the first option whose needs the bank's data meets", () => {
    const all = new Set(["pickup", "courier", "np_brnm", "np_box", "np_cargo"] as const)
    expect(fallbackDeliveryMethod(all, { branch_id: "1", branch_address: "x", address: "x" })).toBe("pickup")
    expect(fallbackDeliveryMethod(new Set(["courier", "np_brnm"] as const), { address: "Львів, пл. Ринок, 1" })).toBe("courier")
    expect(fallbackDeliveryMethod(new Set(["courier", "np_brnm"] as const), { branch_id: "1", branch_address: "x" })).toBe("np_brnm")
    expect(fallbackDeliveryMethod(new Set(["np_box"] as const), {})).toBeUndefined()
  })

  it("has a requirement list for every delivery method", () => {
    expect(Object.keys(DELIVERY_REQUIREMENTS).sort()).toEqual(["courier", "np_box", "np_brnm", "np_cargo", "pickup"])
  })
})
