import { startEmulator } from "../../../../../emulator"
import { CheckoutClient, type CheckoutOrderRecord } from "../../../../lib/monobank"
import { validateDeliveryData } from "../../../../utils/checkout/delivery-data"
import { PAID_BY_CARD } from "../../../../utils/checkout/__tests__/checkout-payment-fixtures"
import { cartUpdateFromRecord, checkoutPaymentFromRecord, deliveryDataFromRecord, readDeliveryMethod } from "../order-details"
import { statusAfterRead } from "../../steps/record-checkout-state"

let emulator: Awaited<ReturnType<typeof startEmulator>>
let client: CheckoutClient

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
  client = new CheckoutClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
})
afterAll(async () => {
  await client.close()
  await emulator.close()
})
beforeEach(() => emulator.control.reset())

const recipient = { first_name: "Леся", last_name: "Українка", phoneNumber: "+380671112233", email: "lesia@example.test" }

/** The bank's record after the shopper completed the page with these choices. */
async function completedRecord(completion: Parameters<typeof emulator.control.completeCheckout>[1]): Promise<CheckoutOrderRecord> {
  const { order_id } = await client.createOrder({
    order_ref: "cart_1",
    amount: 1234.56,
    count: 1,
    products: [{ name: "Вишиванка", cnt: 1, price: 1234.56 }],
    payment_method_list: ["card", "payment_on_delivery", "part_purchase"],
    payments_number: 4,
  })
  await emulator.control.completeCheckout(order_id, completion)
  return client.getOrder(order_id)
}

describe("a placed checkout order, read into the Medusa order", () => {
  it("carrier branch: recipient, carrier and branch number, then the branch's street, city and region on the shipping address; branch, city ref on the delivery data", async () => {
    const record = await completedRecord({
      delivery_method: "np_brnm",
      payment_method: "card",
      client: recipient,
      delivery: { branch_id: "25", branch_address: "Київ, відділення №25", cityName: "Київ", areaName: "Київська" },
    })
    expect(cartUpdateFromRecord(record)).toEqual({
      email: "lesia@example.test",
      shipping_address: {
        first_name: "Леся",
        last_name: "Українка",
        phone: "+380671112233",
        address_1: "Нова пошта: відділення №25",
        address_2: "Київ, відділення №25",
        city: "Київ",
        province: "Київська обл.",
        country_code: "ua",
      },
      billing_address: { first_name: "Леся", last_name: "Українка", phone: "+380671112233", city: "Київ", province: "Київська обл.", country_code: "ua" },
    })
    const delivery = deliveryDataFromRecord(record)
    expect(delivery).toMatchObject({
      delivery_method: "np_brnm",
      branch_id: "25",
      branch_address: "Київ, відділення №25",
      city: { name: "Київ", ref: record.deliveryAddressInfo!.cityRef, area_name: "Київська" },
      recipient: { first_name: "Леся", phone: "+380671112233" },
      checkout_order_id: record.orderId,
    })
    expect(validateDeliveryData("np_brnm", delivery)).toEqual(delivery)
  })

  it("Nova Poshta cargo branch: read like a carrier branch, with its number and street", async () => {
    const record = await completedRecord({
      delivery_method: "np_cargo",
      payment_method: "card",
      client: recipient,
      delivery: { branch_id: "3", branch_address: "Київ, вул. Колекторна, 38 (вантажне відділення №3)", cityName: "Київ" },
    })
    expect(readDeliveryMethod(record.delivery_method)).toEqual({ method: "np_cargo", text: "np_cargo" })
    expect(cartUpdateFromRecord(record).shipping_address).toMatchObject({
      address_1: "Нова пошта: вантажне відділення №3",
      address_2: "Київ, вул. Колекторна, 38 (вантажне відділення №3)",
    })
    const delivery = deliveryDataFromRecord(record)
    expect(delivery).toMatchObject({ delivery_method: "np_cargo", branch_id: "3", branch_address: "Київ, вул. Колекторна, 38 (вантажне відділення №3)" })
    expect(validateDeliveryData("np_cargo", delivery)).toEqual(delivery)
  })

  it("a delivery method the plugin does not know is read as the bank's text, and its data goes to the fallback option with the bank's method kept", async () => {
    const record = await completedRecord({
      delivery_method: "pickup",
      bank_delivery_method: "ukrposhta",
      bank_delivery_method_desc: "Укрпошта, відділення",
      payment_method: "card",
      client: recipient,
      delivery: { branch_id: "01001", branch_address: "Київ, вул. Хрещатик, 22", cityName: "Київ" },
    })
    expect(readDeliveryMethod(record.delivery_method)).toEqual({ method: undefined, text: "ukrposhta" })
    expect(readDeliveryMethod(null)).toEqual({ method: undefined, text: "" })
    expect(() => deliveryDataFromRecord(record)).toThrow(/unknown delivery_method "ukrposhta"/)
    const delivery = deliveryDataFromRecord(record, "pickup")
    expect(delivery).toMatchObject({
      delivery_method: "pickup",
      bank_delivery_method: "ukrposhta",
      delivery_method_desc: "Укрпошта, відділення",
      branch_id: "01001",
      branch_address: "Київ, вул. Хрещатик, 22",
    })
    expect(validateDeliveryData("pickup", delivery)).toEqual(delivery)
    // The packer reads the bank's words first, the street after.
    expect(cartUpdateFromRecord(record).shipping_address).toMatchObject({
      address_1: "Укрпошта, відділення",
      address_2: "Київ, вул. Хрещатик, 22",
      city: "Київ",
    })
  })

  it("courier: the street address goes to address, not to a branch", async () => {
    const record = await completedRecord({
      delivery_method: "courier",
      payment_method: "payment_on_delivery",
      client: recipient,
      delivery: { address: "Львів, пл. Ринок, 1", cityName: "Львів" },
    })
    const delivery = deliveryDataFromRecord(record)
    expect(delivery).toMatchObject({ delivery_method: "courier", address: "Львів, пл. Ринок, 1" })
    expect(delivery).not.toHaveProperty("branch_id")
    expect(cartUpdateFromRecord(record).shipping_address).toMatchObject({ address_1: "Львів, пл. Ринок, 1", city: "Львів" })
    expect(cartUpdateFromRecord(record).shipping_address).not.toHaveProperty("address_2")
    expect(validateDeliveryData("courier", delivery)).toEqual(delivery)
  })

  it("pickup without an email from the bank keeps the cart's email and has no street", async () => {
    const record = await completedRecord({
      delivery_method: "pickup",
      payment_method: "part_purchase",
      client: { first_name: "Іван", last_name: "Франко", phoneNumber: "+380501112233" },
    })
    const update = cartUpdateFromRecord(record, "ivan@example.test")
    expect(update.email).toBe("ivan@example.test")
    expect(update.shipping_address).toEqual({ first_name: "Іван", last_name: "Франко", phone: "+380501112233", country_code: "ua" })
    expect(validateDeliveryData("pickup", deliveryDataFromRecord(record))).toMatchObject({ delivery_method: "pickup" })
  })

  it("records the payment facts with the amount as exact UAH text", async () => {
    const record = await completedRecord({ delivery_method: "pickup", payment_method: "card", client: recipient })
    const now = new Date("2026-11-22T10:00:00Z")
    // The card payment of the shared fixture, under the order id the emulator gave.
    expect(checkoutPaymentFromRecord(record, { payment_method: "card", payment: "captured" }, "cart_1", now)).toEqual({ ...PAID_BY_CARD, checkout_order_id: record.orderId })
  })
})

describe("our status after reading the bank", () => {
  it.each([
    ["awaiting_shopper", { kind: "waiting" }, false, "awaiting_shopper"],
    ["awaiting_shopper", { kind: "failed" }, false, "failed"],
    ["needs_attention", { kind: "placed" }, false, "needs_attention"],
    ["awaiting_shopper", { kind: "unknown" }, false, "awaiting_shopper"],
    ["completed", { kind: "failed" }, true, "completed"],
    ["awaiting_shopper", { kind: "placed" }, true, "completed"],
    // Placed with a fallback shipping option (unknown delivery method): flagged until a person looks.
    ["needs_attention", { kind: "placed" }, true, "needs_attention"],
  ] as const)("%s + %j (order: %s) -> %s", (current, outcome, hasOrder, expected) => {
    expect(statusAfterRead(current, outcome as any, hasOrder)).toBe(expected)
  })
})
