import { buildInvoiceRequest } from "../../../providers/monobank/invoice-request"
import { parseMonobankOptions } from "../options"
import { paymentLinkContext, paymentLinkOfContext, PAYMENT_LINK_CONTEXT_KEY, PAYMENT_LINK_MAX_VALIDITY_SECONDS } from "../payment-link-context"

const options = parseMonobankOptions({
  token: "test-token",
  redirectUrl: "https://shop.example/checkout/monobank/return?session={session_id}",
  webhookBaseUrl: "https://api.shop.example/",
  invoiceValiditySeconds: 3_600,
})
const start = { sessionId: "payses_01TEST", amount: 123_456, ccy: 980, webHookUrl: "https://api.shop.example/hooks/payment/monobank_monobank" }

describe("payment link invoices", () => {
  it("a link's invoice has the link's validity and no return page; a checkout invoice keeps the store's", () => {
    const link = paymentLinkOfContext(paymentLinkContext({ order_id: "order_1", validity_seconds: 7 * 86_400 }))!
    const linkInvoice = buildInvoiceRequest(options, { ...start, paymentLink: { validitySeconds: link.validity_seconds } })
    expect(linkInvoice).toMatchObject({ amount: 123_456, ccy: 980, validity: 604_800 })
    expect(linkInvoice).not.toHaveProperty("redirectUrl")

    const checkoutInvoice = buildInvoiceRequest(options, start)
    expect(checkoutInvoice).toMatchObject({ validity: 3_600, redirectUrl: "https://shop.example/checkout/monobank/return?session=payses_01TEST" })
  })

  it("only a well-formed link context counts; anything else is a checkout session", () => {
    expect(paymentLinkOfContext(undefined)).toBeUndefined()
    expect(paymentLinkOfContext({ idempotency_key: "payses_1" })).toBeUndefined()
    expect(paymentLinkOfContext({ [PAYMENT_LINK_CONTEXT_KEY]: { order_id: "order_1", validity_seconds: "604800" } })).toBeUndefined()
    expect(paymentLinkOfContext({ [PAYMENT_LINK_CONTEXT_KEY]: { order_id: "order_1", validity_seconds: PAYMENT_LINK_MAX_VALIDITY_SECONDS + 1 } })).toBeUndefined()
  })

  it("refuses to make a context the bank would truncate", () => {
    expect(() => paymentLinkContext({ order_id: "order_1", validity_seconds: PAYMENT_LINK_MAX_VALIDITY_SECONDS + 1 })).toThrow(/at most 2592000/)
  })
})
