import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { CHECKOUT_PAYMENT_KEY, type CheckoutPayment } from "../../../utils/checkout/checkout-payment"
import { MonobankOnDeliveryProviderService, ONLY_ON_CHECKOUT_PAGE } from "../service"

const onDelivery: CheckoutPayment = {
  checkout_order_id: "co_7",
  order_ref: "cart_7",
  payment_method: "payment_on_delivery",
  payment: "authorized",
  general_status: "payment_on_delivery",
  payment_status: "accepted",
  amount: "1234.56",
  checked_at: "2026-11-22T10:00:00.000Z",
}

describe("the monobank-on-delivery payment provider", () => {
  const provider = new MonobankOnDeliveryProviderService({}, {})

  it("refuses a session a storefront opens itself, so enabling it in a region does not allow unpaid orders", async () => {
    await expect(provider.initiatePayment({ amount: 100, currency_code: "uah", data: {} })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
    // Even with checkout facts smuggled into data rather than the workflow's context.
    await expect(
      provider.initiatePayment({ amount: 1234.56, currency_code: "uah", data: { [CHECKOUT_PAYMENT_KEY]: onDelivery } })
    ).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
    await expect(provider.authorizePayment({ data: { session_id: "payses_1" } })).rejects.toThrow(ONLY_ON_CHECKOUT_PAGE)
  })

  it("records an order placed on the checkout page as authorized, and captures it when the store owner says the money was collected", async () => {
    const started = await provider.initiatePayment({
      amount: "1234.56",
      currency_code: "uah",
      context: { [CHECKOUT_PAYMENT_KEY]: onDelivery } as any,
    })
    expect(started).toMatchObject({ id: "co_7", status: PaymentSessionStatus.AUTHORIZED })
    const data = started.data!
    expect(await provider.authorizePayment({ data })).toEqual({ status: PaymentSessionStatus.AUTHORIZED, data })

    const captured = await provider.capturePayment({ data })
    expect(captured.data?.[CHECKOUT_PAYMENT_KEY]).toMatchObject({ payment: "captured", checkout_order_id: "co_7", amount: "1234.56" })
    // Capturing again (a retried admin request) changes nothing.
    expect(await provider.capturePayment({ data: captured.data })).toEqual({ data: captured.data })
  })

  it("refuses refunds, saying the money is returned outside monobank", async () => {
    await expect(provider.refundPayment({ amount: 10, data: { [CHECKOUT_PAYMENT_KEY]: onDelivery } })).rejects.toThrow(
      /collected on delivery, outside monobank's API/
    )
  })
})
