import { hookUrlOf } from "../hook-address"

describe("hookUrlOf: where the bank is told to send a provider's notifications", () => {
  const options = { webhookBaseUrl: "https://shop.example.com" }

  it("uses the registration of the provider instance itself, whatever else is registered", () => {
    const cradle = { payment_providers: ["pp_monobank-installments_a", "pp_monobank-installments_b"] }
    expect(hookUrlOf(cradle, "monobank-installments", "monobank-installments_b", options)).toBe(
      "https://shop.example.com/hooks/monobank/payment/monobank-installments_b"
    )
  })

  it("uses the only registration of its kind when the instance is not registered yet", () => {
    const cradle = { payment_providers: ["pp_system_default", "pp_monobank-installments_ua"] }
    expect(hookUrlOf(cradle, "monobank-installments", undefined, options)).toBe("https://shop.example.com/hooks/monobank/payment/monobank-installments_ua")
  })

  it("prefers the providerId option, and refuses to guess among several registrations without it", () => {
    const cradle = { payment_providers: ["pp_monobank_a", "pp_monobank_b"] }
    expect(hookUrlOf(cradle, "monobank", undefined, { ...options, providerId: "b" })).toBe("https://shop.example.com/hooks/monobank/payment/monobank_b")
    const warn = jest.fn()
    expect(() => hookUrlOf(cradle, "monobank", undefined, options, { warn })).toThrow(/set its providerId option/)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/monobank_a, monobank_b/))
  })

  it("sends no URL without webhookBaseUrl", () => {
    expect(hookUrlOf({}, "monobank-installments", undefined, {})).toBeUndefined()
  })
})
