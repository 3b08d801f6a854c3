import { callbackUrlFor, kyivDate } from "../callback-url"

describe("callbackUrlFor", () => {
  const base = { callbackBaseUrl: "https://shop.example.com" }

  it("uses the id the provider is registered with", () => {
    const container = { payment_providers: ["pp_system_default", "pp_monobank-installments_ua"] }
    expect(callbackUrlFor(base, container)).toBe("https://shop.example.com/hooks/payment/monobank-installments_ua")
  })

  it("prefers an explicit providerId and warns when several are registered without one", () => {
    const container = { payment_providers: ["pp_monobank-installments_a", "pp_monobank-installments_b"] }
    expect(callbackUrlFor({ ...base, providerId: "b" }, container)).toBe("https://shop.example.com/hooks/payment/monobank-installments_b")
    const warn = jest.fn()
    callbackUrlFor(base, container, { warn })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/providerId/))
  })

  it("sends no callback URL without callbackBaseUrl", () => {
    expect(callbackUrlFor({}, {})).toBeUndefined()
  })
})

describe("kyivDate", () => {
  it("uses the Kyiv calendar day", () => {
    expect(kyivDate(new Date("2025-01-15T22:30:00Z"))).toBe("2025-01-16")
    expect(kyivDate(new Date("2025-07-01T12:00:00Z"))).toBe("2025-07-01")
  })
})
