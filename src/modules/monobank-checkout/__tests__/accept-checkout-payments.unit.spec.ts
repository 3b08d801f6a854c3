import { AbstractPaymentProvider, PaymentSessionStatus } from "@medusajs/framework/utils"
import { startEmulator } from "../../../../emulator"
import { CheckoutClient } from "../../../lib/monobank"
import { acceptCheckoutPayments } from "../payments/accept-checkout-payments"
import { CHECKOUT_PAYMENT_KEY, type CheckoutPayment } from "../payments/checkout-payment"

type Options = { token: string; baseUrl: string }

/** A provider that only records which of its own methods ran. */
class RecordingProvider extends AbstractPaymentProvider<Options> {
  static override identifier = "recording"
  readonly calls: string[] = []

  constructor(cradle: Record<string, unknown>, options: Options) {
    super(cradle, options)
  }

  private record(name: string) {
    this.calls.push(name)
    return { data: { invoiceId: "inv_1" }, status: PaymentSessionStatus.PENDING }
  }

  async initiatePayment() {
    return { id: "inv_1", ...this.record("initiate") }
  }
  async authorizePayment() {
    return this.record("authorize")
  }
  async capturePayment() {
    return this.record("capture")
  }
  async refundPayment() {
    return this.record("refund")
  }
  async cancelPayment() {
    return this.record("cancel")
  }
  async deletePayment() {
    return this.record("delete")
  }
  async getPaymentStatus() {
    return this.record("status")
  }
  async retrievePayment() {
    return this.record("retrieve")
  }
  async updatePayment() {
    return this.record("update")
  }
  async getWebhookActionAndData() {
    return { action: "not_supported" as const }
  }
}

const Provider = acceptCheckoutPayments(RecordingProvider, {
  checkoutClient: (options: Options) => new CheckoutClient({ token: options.token, baseUrl: options.baseUrl }),
})

const paid: CheckoutPayment = {
  checkout_order_id: "co_1",
  order_ref: "cart_1",
  payment_method: "card",
  payment: "captured",
  general_status: "success",
  payment_status: "success",
  amount: "1234.56",
  checked_at: "2026-11-22T10:00:00.000Z",
}

let emulator: Awaited<ReturnType<typeof startEmulator>>
let provider: InstanceType<typeof Provider>

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
})
afterAll(() => emulator.close())
beforeEach(async () => {
  await emulator.control.reset()
  provider = new Provider({}, { token: emulator.acquiringToken, baseUrl: emulator.url })
})

describe("a monobank provider that also records mono checkout payments", () => {
  it("opens a checkout session from the workflow's context without any bank call and answers from its facts", async () => {
    const started = await provider.initiatePayment({ amount: 1234.56, currency_code: "uah", context: { [CHECKOUT_PAYMENT_KEY]: paid } as any })
    expect(started).toEqual({ id: "co_1", data: { [CHECKOUT_PAYMENT_KEY]: paid }, status: PaymentSessionStatus.CAPTURED })

    const data = started.data!
    expect(await provider.authorizePayment({ data })).toEqual({ status: PaymentSessionStatus.CAPTURED, data })
    expect(await provider.getPaymentStatus({ data })).toEqual({ status: PaymentSessionStatus.CAPTURED, data })
    expect(await provider.capturePayment({ data })).toEqual({ data })
    expect(await provider.cancelPayment({ data })).toEqual({ data })
    expect(await provider.deletePayment({ data })).toEqual({ data })
    expect(provider.calls).toEqual([])
    expect((await emulator.control.calls()).length).toBe(0)
  })

  it("drops a monobank_checkout key that a storefront sent in an ordinary session's data", async () => {
    const input = { amount: 10, currency_code: "uah", data: { [CHECKOUT_PAYMENT_KEY]: paid, session_id: "payses_1" } }
    const started = await provider.initiatePayment(input)
    const stored = JSON.parse(JSON.stringify({ ...input.data, ...started.data }))

    expect(provider.calls).toEqual(["initiate"])
    expect(stored).toEqual({ session_id: "payses_1", invoiceId: "inv_1" })
    await provider.authorizePayment({ data: stored })
    expect(provider.calls).toEqual(["initiate", "authorize"])
  })

  it("refuses a session whose amount is not what the bank collected", async () => {
    await expect(
      provider.initiatePayment({ amount: "1234.57", currency_code: "uah", context: { [CHECKOUT_PAYMENT_KEY]: paid } as any })
    ).rejects.toThrow("monobank checkout order co_1 collected 1234.56 UAH, not 1234.57")
    await expect(
      provider.updatePayment({ amount: 1000, currency_code: "uah", data: { [CHECKOUT_PAYMENT_KEY]: paid } })
    ).rejects.toThrow(/its amount cannot change/)
  })

  it("refuses refunds of checkout payments, pointing to the business cabinet", async () => {
    await expect(provider.refundPayment({ amount: 100, data: { [CHECKOUT_PAYMENT_KEY]: paid } })).rejects.toThrow(
      /Refund it in the monobank business cabinet/
    )
    expect(provider.calls).toEqual([])
  })

  it("still answers from checkout facts stored under the old order_id key, and writes them back as checkout_order_id", async () => {
    const { checkout_order_id, ...rest } = paid
    const stored = { [CHECKOUT_PAYMENT_KEY]: { ...rest, order_id: checkout_order_id } }
    expect(await provider.getPaymentStatus({ data: stored })).toEqual({ status: PaymentSessionStatus.CAPTURED, data: stored })
    await expect(provider.refundPayment({ amount: 100, data: stored })).rejects.toThrow(/Refund it in the monobank business cabinet/)

    const started = await provider.initiatePayment({ amount: 1234.56, currency_code: "uah", context: stored as any })
    expect(started).toEqual({ id: "co_1", data: { [CHECKOUT_PAYMENT_KEY]: paid }, status: PaymentSessionStatus.CAPTURED })
    expect(provider.calls).toEqual([])
  })

  it("refuses malformed checkout facts in the context", async () => {
    await expect(
      provider.initiatePayment({ amount: 1, currency_code: "uah", context: { [CHECKOUT_PAYMENT_KEY]: { order_id: "x" } } as any })
    ).rejects.toThrow(/malformed monobank_checkout/)
  })

  it("captures a held checkout payment only once the bank shows it charged, and never after the hold was released", async () => {
    const client = new CheckoutClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
    const order = { amount: 100, count: 1, products: [{ name: "Кава", cnt: 1, price: 100 }] }
    const held = await client.createOrder({ ...order, order_ref: "cart_held", hold: true })
    await emulator.control.completeCheckout(held.order_id, { delivery_method: "pickup", payment_method: "card" })
    const heldData = { [CHECKOUT_PAYMENT_KEY]: { ...paid, checkout_order_id: held.order_id, payment: "authorized", amount: "100.00" } }

    await expect(provider.capturePayment({ data: heldData })).rejects.toThrow(/is still held: finalize it in the monobank business cabinet/)
    await emulator.control.advanceClock(10 * 24 * 60 * 60 * 1000 + 1000)
    await expect(provider.capturePayment({ data: heldData })).rejects.toThrow(/hold of order .* was released/)

    // As if finalized in the cabinet: the bank now shows the order charged.
    const charged = await client.createOrder({ ...order, order_ref: "cart_charged" })
    await emulator.control.completeCheckout(charged.order_id, { delivery_method: "pickup", payment_method: "card" })
    const captured = await provider.capturePayment({
      data: { [CHECKOUT_PAYMENT_KEY]: { ...paid, checkout_order_id: charged.order_id, payment: "authorized", amount: "100.00" } },
    })
    expect(captured.data?.[CHECKOUT_PAYMENT_KEY]).toMatchObject({ payment: "captured", general_status: "success" })
    expect(provider.calls).toEqual([])
    await client.close()
  })
})
