import { resolveInstallmentsOptions } from "../../../utils/installments/options"
import { refusalOf, type SessionRequest } from "../session-request"

const options = resolveInstallmentsOptions({ storeId: "store", secret: "secret", baseUrl: "http://127.0.0.1:1", allowedParts: [3, 4, 6] })

const request = (overrides: Partial<SessionRequest> = {}): SessionRequest => ({
  amount: 1304.56,
  currency_code: "uah",
  cart_completed: false,
  live_payments: 0,
  data: { client_phone: "+380501234564" },
  ...overrides,
})

describe("refusalOf (a request for a new installment session, before Medusa acts on it)", () => {
  it("lets through what initiatePayment would send to the bank", () => {
    expect(refusalOf(request(), options)).toBeUndefined()
    expect(refusalOf(request({ data: {}, customer: { phone: null, billing_address: { phone: "0501234564" } as any } }), options)).toBeUndefined()
  })

  it.each([
    [{ data: { client_phone: "+7 916 123-45-67" } }, "phone_not_ukrainian"],
    [{ data: {} }, "phone_missing"],
    [{ data: { client_phone: "+380501234564", parts_count: 2 } }, "parts_not_allowed"],
    [{ currency_code: "eur" }, "currency_not_supported"],
    [{ amount: 1.99 }, "amount_below_minimum"],
  ] as const)("refuses %j as initiatePayment would (%s)", (overrides, code) => {
    expect(refusalOf(request(overrides), options)?.code).toBe(code)
  })

  it("refuses a cart that is already an order, or a collection with a payment that is not cancelled", () => {
    expect(refusalOf(request({ cart_completed: true }), options)?.code).toBe("cart_already_paid")
    expect(refusalOf(request({ live_payments: 1 }), options)?.code).toBe("cart_already_paid")
  })
})
