/**
 * The on-delivery provider inside a running application (its modules in the payment module's
 * container, as the store's `dependencies` put them there): it records only the payments the mono
 * checkout workflow hands it and the plugin's own checkout record of the cart confirms; a session
 * whose data merely claims to be one is refused.
 */
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { MONOBANK_CHECKOUT_MODULE } from "../../../modules/monobank-checkout"
import { MONOBANK_SESSION_PAYMENTS_MODULE } from "../../../modules/monobank-session-payments"
import { CHECKOUT_PAYMENT_KEY, type CheckoutPayment } from "../../../utils/checkout/checkout-payment"
import { PAID_ON_DELIVERY as onDelivery } from "../../../utils/checkout/__tests__/checkout-payment-fixtures"
import { fakePaymentModule, MemoryLedger, memoryLocking, type FakeMedusa } from "../../../utils/session-money/__tests__/memory-ledger"
import { MonobankOnDeliveryProviderService, ONLY_ON_CHECKOUT_PAGE } from "../service"

const SESSION = "payses_on_delivery"
const REGISTRATION_KEY = "pp_monobank-on-delivery_monobank-on-delivery"

let medusa: FakeMedusa
let ledger: MemoryLedger
/** What the payment module's container holds for the provider (its `dependencies`). */
let dependencies: Record<string, unknown>

/** The plugin's checkout record of cart_7 (placed by the checkout workflow) and Medusa's link of the session's collection to the cart. */
function registerApplication(checkoutRecord: Record<string, unknown> | null = { checkout_order_id: "co_7", status: "placed", amount: 1234.56 }) {
  medusa = {
    sessions: new Map([
      [SESSION, { id: SESSION, provider_id: REGISTRATION_KEY, amount: "1234.56", currency_code: "uah", payment_collection_id: "pay_col_7", data: {} }],
    ]),
    payments: [],
    captures: [],
    refunds: [],
  }
  ledger = new MemoryLedger()
  const query = {
    graph: async ({ entity, filters }: { entity: string; filters: Record<string, unknown> }) => ({
      data: entity === "cart_payment_collection" && filters.payment_collection_id === "pay_col_7" ? [{ cart_id: "cart_7" }] : [],
    }),
  }
  const checkoutOrders = {
    listMonobankCheckoutOrders: async (filter: { cart_id: string }) => (filter.cart_id === "cart_7" && checkoutRecord ? [checkoutRecord] : []),
  }
  dependencies = {
    [MONOBANK_SESSION_PAYMENTS_MODULE]: ledger,
    [Modules.PAYMENT]: fakePaymentModule(medusa),
    [Modules.LOCKING]: memoryLocking(),
    [ContainerRegistrationKeys.QUERY]: query,
    [MONOBANK_CHECKOUT_MODULE]: checkoutOrders,
  }
}

function createProvider() {
  const cradle: Record<string, unknown> = { payment_providers: [REGISTRATION_KEY], ...dependencies }
  const provider = new MonobankOnDeliveryProviderService(cradle, {})
  Object.defineProperty(cradle, REGISTRATION_KEY, { get: () => provider })
  return provider
}

/** What the checkout workflow asks of Medusa: the session, with the bank's facts in its context. */
const fromWorkflow = (facts: CheckoutPayment = onDelivery) => ({
  amount: "1234.56",
  currency_code: "uah",
  data: { session_id: SESSION },
  context: { idempotency_key: SESSION, [CHECKOUT_PAYMENT_KEY]: facts } as any,
})

/** Medusa made payment pay_7 of the session after the authorize. */
function medusaPayment() {
  medusa.payments.push({ id: "pay_7", payment_session_id: SESSION })
}

describe("the monobank-on-delivery payment provider", () => {
  beforeEach(() => registerApplication())

  it("refuses a session a storefront opens itself, so enabling it in a region does not allow unpaid orders", async () => {
    const provider = createProvider()
    const storefront = { amount: 1234.56, currency_code: "uah", context: { idempotency_key: SESSION } as any }
    await expect(provider.initiatePayment({ ...storefront, data: {} })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
    // Even with checkout facts smuggled into data rather than the workflow's context.
    await expect(provider.initiatePayment({ ...storefront, data: { [CHECKOUT_PAYMENT_KEY]: onDelivery } })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
    expect(ledger.rows).toEqual([])
  })

  it("planted checkout facts in a session's data no longer count: its authorize, capture and refund are refused", async () => {
    const provider = createProvider()
    const planted = { [CHECKOUT_PAYMENT_KEY]: onDelivery }
    await expect(provider.authorizePayment({ data: planted, context: { idempotency_key: SESSION } })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
    medusaPayment()
    medusa.captures!.push({ id: "capt_7", payment_id: "pay_7" })
    medusa.refunds!.push({ id: "ref_7", payment_id: "pay_7" })
    await expect(provider.capturePayment({ data: planted, context: { idempotency_key: "capt_7" } })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
    await expect(provider.refundPayment({ amount: 10, data: planted, context: { idempotency_key: "ref_7" } })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
  })

  it("refuses checkout facts the plugin's own checkout record of the cart does not confirm", async () => {
    registerApplication({ checkout_order_id: "co_other", status: "placed", amount: 1234.56 })
    await expect(createProvider().initiatePayment(fromWorkflow())).rejects.toThrow(/not the checkout order this store recorded/)
    registerApplication(null)
    await expect(createProvider().initiatePayment(fromWorkflow())).rejects.toThrow(/not the checkout order this store recorded/)
    expect(ledger.rows).toEqual([])
  })

  it("records an order placed on the checkout page as authorized, and captures it when the store owner says the money was collected", async () => {
    const provider = createProvider()
    const started = await provider.initiatePayment(fromWorkflow())
    expect(started).toMatchObject({ id: "co_7", status: PaymentSessionStatus.AUTHORIZED })
    expect(ledger.rows).toEqual([
      expect.objectContaining({ session_id: SESSION, kind: "checkout", bank_id: "co_7", amount_minor: 123_456, recorded_as: "authorized", payment_method: "payment_on_delivery" }),
    ])
    const data = started.data!
    expect(await provider.authorizePayment({ data, context: { idempotency_key: SESSION } })).toEqual({ status: PaymentSessionStatus.AUTHORIZED, data })

    medusaPayment()
    medusa.captures!.push({ id: "capt_7", payment_id: "pay_7" })
    const captured = await provider.capturePayment({ data, context: { idempotency_key: "capt_7" } })
    expect(captured.data?.[CHECKOUT_PAYMENT_KEY]).toMatchObject({ payment: "captured", checkout_order_id: "co_7", amount: "1234.56" })
    expect(ledger.rows[0].recorded_as).toBe("captured")
    // Capturing again (a retried admin request) changes nothing.
    expect(await provider.capturePayment({ data: captured.data, context: { idempotency_key: "capt_7" } })).toEqual({ data: captured.data })
  })

  it("refuses refunds, saying the money is returned outside monobank", async () => {
    const provider = createProvider()
    await provider.initiatePayment(fromWorkflow())
    medusaPayment()
    medusa.refunds!.push({ id: "ref_7", payment_id: "pay_7" })
    await expect(provider.refundPayment({ amount: 10, data: { [CHECKOUT_PAYMENT_KEY]: onDelivery }, context: { idempotency_key: "ref_7" } })).rejects.toThrow(
      /collected on delivery, outside monobank's API/
    )
  })
})
