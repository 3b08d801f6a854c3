import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, PaymentSessionStatus } from "@medusajs/framework/utils"
import { startEmulator } from "../../../../emulator"
import { CheckoutClient } from "../../../lib/monobank"
import cardProvider from "../../../providers/monobank"
import installmentsProvider from "../../../providers/monobank-installments"
import onDeliveryProvider from "../../../providers/monobank-on-delivery"
import { CHECKOUT_PAYMENT_KEY, type CheckoutPayment } from "../checkout-payment"
import {
  CheckoutPayments,
  isCheckoutPayment,
  opensCheckoutPayment,
  withoutCheckoutPayment,
} from "../checkout-payments"

type Options = { token: string; baseUrl: string }

/** A provider shaped like ours: checkout payments go to `checkoutPayments`; it records which of its own methods ran. */
class RecordingProvider extends AbstractPaymentProvider<Options> {
  static override identifier = "recording"
  readonly calls: string[] = []
  private readonly checkoutPayments = new CheckoutPayments({
    checkoutClient: () => new CheckoutClient({ token: this.config.token, baseUrl: this.config.baseUrl }),
  })

  constructor(cradle: Record<string, unknown>, options: Options) {
    super(cradle, options)
  }

  private record(name: string) {
    this.calls.push(name)
    return { data: { invoiceId: "inv_1" }, status: PaymentSessionStatus.PENDING }
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (opensCheckoutPayment(input)) return this.checkoutPayments.initiatePayment(input)
    return withoutCheckoutPayment({ id: "inv_1", ...this.record("initiate") })
  }
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.authorizePayment(input)
    return this.record("authorize")
  }
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.capturePayment(input)
    return this.record("capture")
  }
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.refundPayment(input)
    return this.record("refund")
  }
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.cancelPayment(input)
    return this.record("cancel")
  }
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.deletePayment(input)
    return this.record("delete")
  }
  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.getPaymentStatus(input)
    return this.record("status")
  }
  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.retrievePayment(input)
    return this.record("retrieve")
  }
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.updatePayment(input)
    return this.record("update")
  }
  async getWebhookActionAndData() {
    return { action: "not_supported" as const }
  }
}

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
let provider: RecordingProvider

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
})
afterAll(() => emulator.close())
beforeEach(async () => {
  await emulator.control.reset()
  provider = new RecordingProvider({}, { token: emulator.acquiringToken, baseUrl: emulator.url })
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

const NINE_METHODS = [
  "initiatePayment",
  "authorizePayment",
  "getPaymentStatus",
  "retrievePayment",
  "updatePayment",
  "capturePayment",
  "refundPayment",
  "cancelPayment",
  "deletePayment",
] as const

/** What Medusa hands each method of a checkout payment's session (initiate: the workflow's context). */
function checkoutInput(method: (typeof NINE_METHODS)[number]) {
  const facts = { ...paid, payment: "authorized" as const, payment_method: "payment_on_delivery" as const }
  if (method === "initiatePayment") return { amount: "1234.56", currency_code: "uah", context: { [CHECKOUT_PAYMENT_KEY]: facts } }
  return { amount: "1234.56", currency_code: "uah", data: { [CHECKOUT_PAYMENT_KEY]: facts } }
}

describe("every monobank payment provider, as registered", () => {
  const silent = { info() {}, warn() {}, error() {}, debug() {} }
  const providers = {
    monobank: () =>
      new cardProvider.services[0]({ logger: silent }, { token: "t", baseUrl: "http://127.0.0.1:1", webhookBaseUrl: "https://api.shop.example", redirectUrl: "https://shop.example/return" }),
    "monobank-installments": () =>
      new installmentsProvider.services[0]({ logger: silent }, { storeId: "store-1", secret: "s3cr3t", baseUrl: "http://127.0.0.1:1" }),
    "monobank-on-delivery": () => new onDeliveryProvider.services[0]({ logger: silent }, {}),
  }

  afterEach(() => jest.restoreAllMocks())

  it.each(Object.entries(providers))("%s hands each of the nine payment methods of a checkout payment to CheckoutPayments", async (_name, create) => {
    const provider = create() as unknown as Record<string, (input: unknown) => Promise<unknown>>
    for (const method of NINE_METHODS) {
      const handled = jest.spyOn(CheckoutPayments.prototype, method)
      const result = provider[method](checkoutInput(method))
      if (method === "refundPayment") await expect(result).rejects.toThrow(/collected on delivery/)
      else await result
      expect(handled).toHaveBeenCalledTimes(1)
    }
  })
})

describe("telling a checkout payment call from the provider's own", () => {
  it("reads the workflow's context when a session starts and the data afterwards", () => {
    const facts = { [CHECKOUT_PAYMENT_KEY]: paid }
    expect(opensCheckoutPayment({ amount: 1, currency_code: "uah", context: facts } as InitiatePaymentInput)).toBe(true)
    expect(opensCheckoutPayment({ amount: 1, currency_code: "uah", data: facts } as InitiatePaymentInput)).toBe(false)
    expect(isCheckoutPayment({ data: facts })).toBe(true)
    expect(isCheckoutPayment({ data: { invoiceId: "inv_1" } })).toBe(false)
  })
})
