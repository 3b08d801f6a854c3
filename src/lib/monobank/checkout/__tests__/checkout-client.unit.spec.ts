import { useEmulator, tokenOptions } from "../../__tests__/emulator-fixture"
import { MonobankApiError } from "../../errors"
import { CheckoutClient } from "../client"

const bank = useEmulator({ port: 0 }, (emulator) => ({ client: new CheckoutClient(tokenOptions(emulator)) }))

const order = {
  order_ref: "cart_1",
  amount: 1234.56,
  ccy: 980,
  count: 2,
  products: [
    { name: "Кава", cnt: 1, price: 1000, code_product: 1 },
    { name: "Чашка", cnt: 1, price: 234.56, code_product: 2 },
  ],
  dlv_method_list: ["np_brnm" as const, "courier" as const],
  payment_method_list: ["card" as const, "part_purchase" as const],
  payments_number: 3,
  return_url: "https://shop.example/return",
}

describe("CheckoutClient against the emulator", () => {
  it("creates an order and reads it back before and after the shopper completes it", async () => {
    const created = await bank.client.createOrder(order)
    expect(created).toEqual({ order_id: expect.any(String), redirect_url: expect.stringContaining(bank.emulator.url) })

    const fresh = await bank.client.getOrder(created.order_id)
    expect(fresh).toMatchObject({ orderId: created.order_id, basket_id: "cart_1" })

    await bank.emulator.control.completeCheckout(created.order_id, {
      delivery_method: "np_brnm",
      payment_method: "card",
      client: { first_name: "Тарас", last_name: "Шевченко", phoneNumber: "+380501234567" },
      delivery: { branch_id: "1", branch_address: "Київ, відділення 1" },
    })
    const completed = await bank.client.getOrder(created.order_id)
    expect(completed).toMatchObject({ orderId: created.order_id, basket_id: "cart_1", delivery_method: "np_brnm", amount: 1234.56 })
    expect(completed.payment_method).toBe("card")
    expect(completed.delivery_branch_id).toBe("1")
    expect(completed.mainClientInfo).toMatchObject({ first_name: "Тарас", phoneNumber: "+380501234567" })
  })

  it("surfaces unknown orders and bad tokens as http errors", async () => {
    const missing = await bank.client.getOrder("no_such_order").catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(MonobankApiError)
    expect(missing).toMatchObject({ kind: "http", status: 404 })

    const stranger = new CheckoutClient({ token: "wrong", baseUrl: bank.emulator.url })
    const forbidden = await stranger.createOrder(order).catch((e: unknown) => e)
    await stranger.close()
    expect(forbidden).toMatchObject({ kind: "http", status: 403 })
  })
})
