import { startEmulator } from "../../../../../emulator"
import { CheckoutClient, type CheckoutOrderRecord } from "../../../../lib/monobank"
import { validateDeliveryData } from "../../../../utils/checkout/delivery-data"
import { PAID_BY_CARD } from "../../../../utils/checkout/__tests__/checkout-payment-fixtures"
import { cartUpdateFromRecord, checkoutPaymentFromRecord, deliveryDataFromRecord } from "../order-details"
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
  ] as const)("%s + %j (order: %s) -> %s", (current, outcome, hasOrder, expected) => {
    expect(statusAfterRead(current, outcome as any, hasOrder)).toBe(expected)
  })
})
