import { checkoutDeliveryContext } from "../../../utils/checkout/fulfillment"
import { MonobankCheckoutFulfillmentService } from "../service"

const branch = {
  delivery_method: "np_brnm",
  branch_id: "25",
  branch_address: "Київ, вул. Велика Васильківська, 100",
  city: { name: "Київ", ref: "8d5a980d-391c-11dd-90d9-001a92567626" },
}

describe("the monobank-checkout fulfillment provider", () => {
  const provider = new MonobankCheckoutFulfillmentService()

  it("offers the five delivery methods of the checkout page, priced at 0", async () => {
    expect((await provider.getFulfillmentOptions()).map((option) => option.id)).toEqual(["pickup", "courier", "np_brnm", "np_box", "np_cargo"])
    expect(await provider.validateOption({ id: "np_box" })).toBe(true)
    expect(await provider.validateOption({ id: "np_cargo" })).toBe(true)
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
