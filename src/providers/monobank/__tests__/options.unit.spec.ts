import { buildRedirectUrl, parseMonobankOptions } from "../options"
import { MonobankProviderService } from "../service"

const valid = {
  token: "test-token",
  redirectUrl: "https://shop.example/checkout/monobank/return?session={session_id}",
  webhookBaseUrl: "https://api.shop.example/",
}

describe("monobank provider options", () => {
  it("fills defaults a store owner can rely on", () => {
    const options = parseMonobankOptions(valid)
    expect(options).toMatchObject({
      baseUrl: "https://api.monobank.ua",
      captureMode: "automatic",
      invoiceValiditySeconds: 86_400,
      fiscalBasket: false,
      cardSaving: false,
      webhookBaseUrl: "https://api.shop.example",
    })
  })

  it("names every missing required option in one message", () => {
    expect(() => parseMonobankOptions({})).toThrow(/token is required.*redirectUrl is required/s)
    expect(() => parseMonobankOptions({})).toThrow(/webhookBaseUrl must be a string/)
  })

  it("rejects a blank token, relative URLs and unknown capture modes", () => {
    expect(() => parseMonobankOptions({ ...valid, token: "  " })).toThrow(/token is required/)
    expect(() => parseMonobankOptions({ ...valid, webhookBaseUrl: "/hooks" })).toThrow(/webhookBaseUrl must be an absolute http\(s\) URL/)
    expect(() => parseMonobankOptions({ ...valid, redirectUrl: "checkout/{session_id}" })).toThrow(/redirectUrl must be an absolute/)
    expect(() => parseMonobankOptions({ ...valid, captureMode: "later" })).toThrow(/captureMode must be "manual"/)
  })

  it("rejects validity beyond what the bank honours and a misspelt option", () => {
    expect(() => parseMonobankOptions({ ...valid, invoiceValiditySeconds: 31 * 86_400 })).toThrow(/at most 30 days/)
    expect(() => parseMonobankOptions({ ...valid, captureMod: "manual" })).toThrow(/unknown option\(s\) captureMod/)
  })

  it("is what Medusa calls at start-up through validateOptions", () => {
    expect(() => MonobankProviderService.validateOptions({ ...valid, agentFeePercent: 101 })).toThrow(/agentFeePercent must be between 0 and 100/)
    expect(() => MonobankProviderService.validateOptions(valid)).not.toThrow()
  })

  it("puts the session id into the return URL, encoded", () => {
    expect(buildRedirectUrl(valid.redirectUrl, "payses_01 x")).toBe(
      "https://shop.example/checkout/monobank/return?session=payses_01%20x"
    )
  })
})
