import { MonobankInstallmentsProviderService } from "../../../providers/monobank-installments/service"
import { resolveInstallmentsOptions } from "../options"

const base = { storeId: "store-1", secret: "s3cr3t", environment: "sandbox" }

describe("resolveInstallmentsOptions", () => {
  it("maps each environment preset to the bank's address", () => {
    expect(resolveInstallmentsOptions({ ...base, environment: "sandbox" }).baseUrl).toBe("https://u2-demo-ext.mono.st4g3.com")
    expect(resolveInstallmentsOptions({ ...base, environment: "stage" }).baseUrl).toBe("https://u2-ext.mono.st4g3.com")
    expect(resolveInstallmentsOptions({ ...base, environment: "production" }).baseUrl).toBe("https://u2.monobank.com.ua")
  })

  it("accepts an explicit base URL instead of a preset and trims trailing slashes", () => {
    const options = resolveInstallmentsOptions({ storeId: "s", secret: "x", baseUrl: "http://127.0.0.1:9797/", webhookBaseUrl: "https://shop.example.com/" })
    expect(options.baseUrl).toBe("http://127.0.0.1:9797")
    expect(options.webhookBaseUrl).toBe("https://shop.example.com")
  })

  it("still reads the deprecated callbackBaseUrl as webhookBaseUrl", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    const options = resolveInstallmentsOptions({ storeId: "s", secret: "x", baseUrl: "http://127.0.0.1:9797", callbackBaseUrl: "https://old.example.com" })
    expect(options.webhookBaseUrl).toBe("https://old.example.com")
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/`callbackBaseUrl` is deprecated; call it `webhookBaseUrl`/))
    warn.mockRestore()
  })

  it("fills defaults: parts 3, 4, 6 with 3 as default, INTERNET source", () => {
    const options = resolveInstallmentsOptions(base)
    expect(options.allowedParts).toEqual([3, 4, 6])
    expect(options.defaultParts).toBe(3)
    expect(options.invoiceSource).toBe("INTERNET")
  })

  it("places orders only after the approval unless placeOrderBeforeApproval is true, and refuses a value that is not a boolean by name", () => {
    expect(resolveInstallmentsOptions(base).placeOrderBeforeApproval).toBe(false)
    expect(resolveInstallmentsOptions({ ...base, placeOrderBeforeApproval: true }).placeOrderBeforeApproval).toBe(true)
    expect(() => resolveInstallmentsOptions({ ...base, placeOrderBeforeApproval: "yes" })).toThrow(/placeOrderBeforeApproval: must be true or false/)
  })

  it("sorts allowed parts and keeps a default that is among them", () => {
    const options = resolveInstallmentsOptions({ ...base, allowedParts: [10, 3, 25], defaultParts: 10, invoiceSource: "STORE", pointId: "P-1" })
    expect(options).toMatchObject({ allowedParts: [3, 10, 25], defaultParts: 10, invoiceSource: "STORE", pointId: "P-1" })
  })

  it.each([
    [{ secret: "x", environment: "sandbox" }, /storeId: is required/],
    [{ storeId: "s", environment: "sandbox" }, /secret: is required/],
    [{ storeId: "s", secret: "   ", environment: "sandbox" }, /secret: is required/],
    [{ storeId: "s", secret: "x" }, /environment: is required: "sandbox", "stage" or "production"/],
    [{ ...base, environment: "prod" }, /environment: must be one of "sandbox", "stage", "production"/],
    [{ ...base, baseUrl: "http://127.0.0.1:1" }, /baseUrl: give either environment or baseUrl, not both/],
    [{ storeId: "s", secret: "x", baseUrl: "ftp://bank" }, /baseUrl: must be an absolute http\(s\) URL/],
    [{ ...base, webhookBaseUrl: "shop.example.com" }, /webhookBaseUrl: must be an absolute http\(s\) URL/],
    [{ ...base, allowedParts: [2, 3] }, /allowedParts\.0: must be at least 3/],
    [{ ...base, allowedParts: [3, 26] }, /allowedParts\.1: must be at most 25/],
    [{ ...base, allowedParts: [3, 3] }, /allowedParts: must not repeat/],
    [{ ...base, allowedParts: [] }, /allowedParts: must list at least one number of payments/],
    [{ ...base, allowedParts: [3, 4.5] }, /allowedParts\.1: must be a whole number from 3 to 25/],
    [{ ...base, defaultParts: 12 }, /defaultParts: must be one of allowedParts \(3, 4, 6\)/],
    [{ ...base, invoiceSource: "ONLINE" }, /invoiceSource: must be "INTERNET" or "STORE"/],
    [{ ...base, pointId: "x".repeat(51) }, /pointId: must be at most 50 characters/],
  ])("rejects %j with a message naming the option", (options, message) => {
    expect(() => resolveInstallmentsOptions(options)).toThrow(message)
  })

  it("never echoes the secret in its messages", () => {
    try {
      resolveInstallmentsOptions({ storeId: "", secret: "very-secret-value", environment: "nowhere" })
      throw new Error("expected a failure")
    } catch (error) {
      expect((error as Error).message).not.toContain("very-secret-value")
      expect((error as Error).message).toMatch(/storeId.*environment|environment.*storeId/)
    }
  })

  it("lists every problem by its path in one message, with where to read more", () => {
    expect(() => resolveInstallmentsOptions({ storeId: " ", secret: "x", environment: "sandbox", allowedParts: [2, 30], invoiceSource: "ONLINE" })).toThrow(
      "monobank-installments provider: invalid options: " +
        "storeId: is required: the store id (store-id) issued by monobank for installment purchase; " +
        "allowedParts.0: must be at least 3 (the bank's minimum number of payments); " +
        "allowedParts.1: must be at most 25 (the bank's maximum number of payments); " +
        'invoiceSource: must be "INTERNET" or "STORE". See docs/installments.md.'
    )
  })

  it("is what Medusa calls at start-up through validateOptions", () => {
    expect(() => MonobankInstallmentsProviderService.validateOptions({ ...base, placeOrderBeforeApproval: "yes" })).toThrow(
      /placeOrderBeforeApproval: must be true or false/
    )
    expect(() => MonobankInstallmentsProviderService.validateOptions(base)).not.toThrow()
  })
})
