/** `recordShapes`: each real-world shape goes out where the bank would send it, and only when turned on. */
import { startEmulator, type RunningEmulator } from "../start"
import { RECORD_SHAPES } from "../record-shapes"
import { acquiring, installments } from "./helpers/api"
import { startReceiver, type Receiver } from "./helpers/receiver"

let emulator: RunningEmulator
let receiver: Receiver

beforeAll(async () => {
  emulator = await startEmulator({ recordShapes: [...RECORD_SHAPES], installmentsCallbackDelayMs: 60_000, webhookRetryDelayMs: 10 })
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver.close()
  await emulator.close()
})

describe("recordShapes", () => {
  it("installments order/data and order/info: null timestamps, no store_order_id", async () => {
    const api = installments(emulator)
    const created = await api.post("/api/order/create", {
      store_order_id: "shape-order-1",
      client_phone: "+380501234564",
      total_sum: 100,
      invoice: { date: "2025-01-15", number: "INV-1", source: "INTERNET" },
      available_programs: [{ available_parts_count: [3] }],
      products: [{ name: "Чашка", count: 1, sum: 100 }],
    })
    const order_id = created.json.order_id as string
    await emulator.control.installmentClientConfirm(order_id)
    await api.post("/api/order/confirm", { order_id })
    await api.post("/api/order/return", { order_id, sum: 10, store_return_id: "r1", return_money_to_card: true })

    const data = (await api.post("/api/order/data", { order_id })).json
    expect(data).toMatchObject({ create_timestamp: null, reverse_list: [{ sum: 10, timestamp: null }] })
    expect(data).not.toHaveProperty("store_order_id")
    const info = (await api.post("/api/order/info", { order_id })).json
    expect(info).toMatchObject({ create_timestamp: null })
    expect(info).not.toHaveProperty("store_order_id")
  })

  it("acquiring status records and webhooks: finalAmount and the refund's amount and ccy are null", async () => {
    const api = acquiring(emulator)
    const created = await api.post("/api/merchant/invoice/create", { amount: 10000, webHookUrl: `${receiver.url}/webhook` })
    const invoiceId = created.json.invoiceId as string
    await emulator.control.payInvoice(invoiceId)
    await api.post("/api/merchant/invoice/cancel", { invoiceId, amount: 2500 })
    const status = (await api.get(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json
    expect(status).toMatchObject({ amount: 10000, finalAmount: null, cancelList: [{ status: "success", amount: null, ccy: null }] })
    await emulator.control.flushWebhooks()
    const last = JSON.parse(receiver.requests.filter((r) => r.path === "/webhook").at(-1)!.body)
    expect(last).toMatchObject({ finalAmount: null, cancelList: [{ amount: null, ccy: null }] })
  })

  it("checkout callbacks carry the record under result", async () => {
    const created = await acquiring(emulator).post("/personal/checkout/order", {
      order_ref: "shape-basket-1",
      amount: 100,
      ccy: 980,
      count: 1,
      products: [{ name: "Чашка", cnt: 1, price: 100, code_product: 1 }],
      dlv_method_list: ["pickup"],
      payment_method_list: ["card"],
      callback_url: `${receiver.url}/checkout-callback`,
    })
    const orderId = created.json.result.order_id as string
    await emulator.control.completeCheckout(orderId, { delivery_method: "pickup", payment_method: "card" })
    await emulator.control.flushWebhooks()
    const body = JSON.parse(receiver.requests.filter((r) => r.path === "/checkout-callback").at(-1)!.body)
    expect(body).toEqual({ result: expect.objectContaining({ orderId, basket_id: "shape-basket-1" }) })
  })

  it("sends the everyday shapes when none is turned on", async () => {
    const plain = await startEmulator()
    try {
      const api = acquiring(plain)
      const created = await api.post("/api/merchant/invoice/create", { amount: 500 })
      await plain.control.payInvoice(created.json.invoiceId)
      const status = (await api.get(`/api/merchant/invoice/status?invoiceId=${created.json.invoiceId}`)).json
      expect(status.finalAmount).toBe(500)
    } finally {
      await plain.close()
    }
  })
})
