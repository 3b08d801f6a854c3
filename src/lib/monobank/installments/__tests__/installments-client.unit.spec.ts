import { startReceiver, useEmulator } from "../../__tests__/emulator-fixture"
import { errorOf } from "../../__tests__/error-of"
import { MonobankApiError } from "../../errors"
import { toInstallmentSum } from "../../money"
import { InstallmentsClient } from "../client"
import type { CreateOrderRequest } from "../schemas"

const CALLBACK_DELAY_MS = 5_000

const bank = useEmulator({ port: 0, installmentsCallbackDelayMs: CALLBACK_DELAY_MS, webhookRetryDelayMs: 0 }, async (emulator) => ({
  client: new InstallmentsClient({ ...emulator.installments, baseUrl: emulator.url }),
  receiver: await startReceiver(),
}))

let sequence = 0
function order(phoneEnding: string, extra: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  sequence += 1
  return {
    store_order_id: `order_${sequence}`,
    client_phone: `+38050123456${phoneEnding}`,
    total_sum: toInstallmentSum("2499.99"),
    invoice: { date: "2025-01-15", number: `INV-${sequence}`, source: "INTERNET" },
    available_programs: [{ available_parts_count: [3, 6], type: "payment_installments" }],
    products: [{ name: "Телевізор", count: 1, sum: 2499.99 }],
    ...extra,
  }
}

describe("InstallmentsClient against the emulator", () => {
  it("creates an order once per store_order_id", async () => {
    const body = order("4")
    const first = await bank.client.createOrder(body)
    expect(first.order_id).toEqual(expect.any(String))
    expect(await bank.client.createOrder(body)).toEqual(first)
  })

  it("walks an order through client approval, store confirmation, a return and its data", async () => {
    const { order_id } = await bank.client.createOrder(order("4"))
    expect(await bank.client.getOrderState(order_id)).toMatchObject({
      order_id,
      state: "IN_PROCESS",
      order_sub_state: "WAITING_FOR_CLIENT",
    })
    await bank.emulator.control.advanceClock(CALLBACK_DELAY_MS)
    expect(await bank.client.getOrderState(order_id)).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })

    expect(await bank.client.confirmOrder(order_id)).toMatchObject({ order_id, state: "SUCCESS", order_sub_state: "ACTIVE" })
    expect(await bank.client.checkPaid(order_id)).toEqual({
      fully_paid: expect.any(Boolean),
      bank_can_return_money_to_card: expect.any(Boolean),
    })

    expect(
      await bank.client.returnOrder({ order_id, sum: 500.5, store_return_id: "ret_1", return_money_to_card: true })
    ).toEqual({ status: "OK" })
    const data = await bank.client.getOrderData(order_id)
    expect(data.total_sum).toBe(2499.99)
    expect(data.reverse_list).toEqual([expect.objectContaining({ sum: 500.5 })])
  })

  it("lets the store reject an order the client approved", async () => {
    const { order_id } = await bank.client.createOrder(order("4"))
    await bank.emulator.control.advanceClock(CALLBACK_DELAY_MS)
    expect(await bank.client.rejectOrder(order_id)).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
  })

  it("reports a refused credit limit", async () => {
    const { order_id } = await bank.client.createOrder(order("3"))
    await bank.emulator.control.advanceClock(CALLBACK_DELAY_MS)
    expect(await bank.client.getOrderState(order_id)).toMatchObject({ state: "FAIL", order_sub_state: "EXCEEDED_SUM_LIMIT" })
  })

  it("receives a callback whose signature verifies over the raw body", async () => {
    const { order_id } = await bank.client.createOrder(order("4", { result_callback: `${bank.receiver.url}/callback` }))
    await bank.emulator.control.advanceClock(CALLBACK_DELAY_MS)
    let callback = bank.receiver.requests.find((r) => r.body.toString().includes(order_id))
    for (let i = 0; !callback && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      callback = bank.receiver.requests.find((r) => r.body.toString().includes(order_id))
    }
    expect(callback).toBeDefined()
    expect(bank.client.verifyCallback(callback!.body, callback!.headers.signature as string)).toBe(true)
    expect(bank.client.verifyCallback(Buffer.concat([callback!.body, Buffer.from(" ")]), callback!.headers.signature as string)).toBe(false)
  })

  it("surfaces a bad signature as 401 with the bank's message", async () => {
    const impostor = new InstallmentsClient({ storeId: bank.emulator.installments.storeId, secret: "wrong", baseUrl: bank.emulator.url })
    const error = await errorOf(impostor.createOrder(order("4")))
    await impostor.close()
    expect(error).toMatchObject({ kind: "http", status: 401, path: "/api/order/create" })
    expect(error.errText).toEqual(expect.any(String))
  })

  it("answers 404 for an unknown order", async () => {
    const error = await errorOf(bank.client.getOrderState("00000000-0000-0000-0000-000000000000"))
    expect(error).toMatchObject({ kind: "http", status: 404 })
  })
})
