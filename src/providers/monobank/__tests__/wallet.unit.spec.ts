import { paymentMethodIdFor, walletIdFor } from "../wallet"

describe("wallet ids", () => {
  it("derives the same walletId for a customer every time, without revealing the customer id", () => {
    expect(walletIdFor("cus_01ABC")).toBe(walletIdFor("cus_01ABC"))
    expect(walletIdFor("cus_01ABC")).not.toBe(walletIdFor("cus_01ABD"))
    expect(walletIdFor("cus_01ABC")).not.toContain("cus_01ABC")
  })

  it("names a saved card without exposing its token", () => {
    const id = paymentMethodIdFor("token-123")
    expect(id).toMatch(/^mbcard_[\w-]{24}$/)
    expect(id).not.toContain("token-123")
  })
})
