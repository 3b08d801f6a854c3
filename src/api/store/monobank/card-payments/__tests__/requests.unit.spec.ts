import { directPaymentBodySchema, parseBody, syncPaymentBodySchema } from "../requests"

const target = { cart_id: "cart_1", payment_session_id: "payses_1" }
const VISA = "4242424242424242"

function refusal(schema: Parameters<typeof parseBody>[0], body: unknown): string {
  try {
    parseBody(schema, body)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("expected the body to be refused")
}

describe("card-payments request bodies", () => {
  it("accept a card with MMYY expiry and a 3- or 4-digit CVV", () => {
    expect(parseBody(directPaymentBodySchema, { ...target, cardData: { pan: VISA, exp: "0130", cvv: "123" } }).cardData.pan).toBe(VISA)
    expect(parseBody(directPaymentBodySchema, { ...target, cardData: { pan: VISA, exp: "1299", cvv: "1234" } }).cardData.cvv).toBe("1234")
  })

  it("name every wrong field and never repeat what the shopper typed", () => {
    const message = refusal(directPaymentBodySchema, { ...target, cardData: { pan: "4242424242424241", exp: "13/30", cvv: "98" } })
    expect(message).toContain("cardData.pan: is not a valid card number")
    expect(message).toContain("cardData.exp: expected MMYY")
    expect(message).toContain("cardData.cvv: expected 3 or 4 digits")
    expect(message).not.toContain("4242424242424241")
    expect(message).not.toContain("13/30")
  })

  it("refuse unknown keys (no amount from the request) and missing ids", () => {
    expect(refusal(directPaymentBodySchema, { ...target, amount: 1, cardData: { pan: VISA, exp: "0130", cvv: "123" } })).toMatch(/amount/)
    expect(refusal(directPaymentBodySchema, { cardData: { pan: VISA, exp: "0130", cvv: "123" } })).toContain("cart_id: is required")
  })

  it("sync-payment takes exactly one of cardData, applePay, googlePay", () => {
    const cardData = { pan: VISA, type: "DPAN", exp: "0130", eciIndicator: "07" }
    expect(parseBody(syncPaymentBodySchema, { ...target, cardData }).cardData?.type).toBe("DPAN")
    expect(parseBody(syncPaymentBodySchema, { ...target, googlePay: { token: "{}" } }).googlePay?.token).toBe("{}")
    expect(refusal(syncPaymentBodySchema, { ...target })).toContain("exactly one of cardData, applePay, googlePay is required")
    expect(refusal(syncPaymentBodySchema, { ...target, cardData, googlePay: { token: "{}" } })).toContain("exactly one of")
    expect(refusal(syncPaymentBodySchema, { ...target, cardData: { ...cardData, type: "X" } })).toContain('cardData.type: expected "FPAN" or "DPAN"')
  })
})
