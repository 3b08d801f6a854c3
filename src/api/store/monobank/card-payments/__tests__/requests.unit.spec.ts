import { z } from "zod"
import { authenticatedCardSchema, directPaymentBodySchema, parseBody, syncPaymentBodySchema } from "../requests"

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

  it("the public sync route takes exactly one wallet token and refuses card details, naming cardData and where they go", () => {
    const cardData = { pan: VISA, type: "DPAN", exp: "0130", eciIndicator: "05", cavv: "AAABBJkZUQAAAAAAAAAAAAAAAAA=" }
    expect(parseBody(syncPaymentBodySchema, { ...target, googlePay: { token: "{}" } }).googlePay?.token).toBe("{}")
    expect(refusal(syncPaymentBodySchema, { ...target })).toContain("applePay: exactly one of applePay, googlePay is required")
    expect(refusal(syncPaymentBodySchema, { ...target, applePay: { paymentData: {} }, googlePay: { token: "{}" } })).toContain("exactly one of")
    for (const body of [{ ...target, cardData }, { ...target, cardData, googlePay: { token: "{}" } }]) {
      const message = refusal(syncPaymentBodySchema, body)
      expect(message).toMatch(/^cardData: card details are not taken on this route/)
      expect(message).toContain("/store/monobank/card-payments/direct")
      expect(message).not.toContain(VISA)
      expect(message).not.toContain("AAABBJkZ")
    }
  })

  it("a card the merchant authenticated itself (server side only) is checked field by field", () => {
    const card = { pan: VISA, type: "DPAN", exp: "0130", eciIndicator: "07" }
    expect(authenticatedCardSchema.parse(card).type).toBe("DPAN")
    const message = refusal(z.strictObject({ cardData: authenticatedCardSchema }), { cardData: { ...card, type: "X", eciIndicator: "5" } })
    expect(message).toContain('cardData.type: expected "FPAN" or "DPAN"')
    expect(message).toContain("cardData.eciIndicator: expected a 2-digit ECI")
  })
})
