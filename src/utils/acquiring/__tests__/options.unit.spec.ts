import { buildRedirectUrl, parseMonobankOptions } from "../options"
import { MonobankProviderService } from "../../../providers/monobank/service"
import { makeTestWalletKeys, testApplePayOptions, testGooglePayOptions } from "../../../../integration-tests/helpers/wallet-tokens"

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
      directCardPayments: false,
      syncPayments: false,
      webhookBaseUrl: "https://api.shop.example",
    })
    expect(options.applePay).toBeUndefined()
    expect(options.googlePay).toBeUndefined()
  })

  it("a wallet without sync-payment access stops start-up, naming the wallet", () => {
    const keys = makeTestWalletKeys("options-sync")
    const wallets = { applePay: testApplePayOptions(keys), googlePay: testGooglePayOptions(keys) }
    expect(() => parseMonobankOptions({ ...valid, ...wallets })).toThrow(
      /applePay: needs syncPayments: true .*; googlePay: needs syncPayments: true/
    )
    expect(parseMonobankOptions({ ...valid, ...wallets, syncPayments: true }).applePay?.merchantIdentifier).toBe(keys.apple.merchantIdentifier)
  })

  it("names every missing required option in one message, each by its path", () => {
    expect(() => parseMonobankOptions({})).toThrow(
      "monobank provider: invalid options: " +
        "token: is required: the X-Token from your monobank business cabinet (or the test token); " +
        "redirectUrl: is required: your storefront's return page, e.g. https://shop.example/checkout/monobank/return?session={session_id}; " +
        "webhookBaseUrl: must be a string"
    )
  })

  it("lists every wrong option at once, not only the first", () => {
    expect(() =>
      parseMonobankOptions({ ...valid, captureMode: "later", invoiceValiditySeconds: 10, timeoutMs: 5, captureMod: "manual" })
    ).toThrow(
      /captureMode: must be "manual".*; invoiceValiditySeconds: must be at least 60 seconds; timeoutMs: must be at least 1000 ms; captureMod: is not a known option/
    )
  })

  it("rejects a blank token, relative URLs and unknown capture modes", () => {
    expect(() => parseMonobankOptions({ ...valid, token: "  " })).toThrow(/token: is required/)
    expect(() => parseMonobankOptions({ ...valid, webhookBaseUrl: "/hooks" })).toThrow(/webhookBaseUrl: must be an absolute http\(s\) URL/)
    expect(() => parseMonobankOptions({ ...valid, redirectUrl: "checkout/{session_id}" })).toThrow(/redirectUrl: must be an absolute/)
    expect(() => parseMonobankOptions({ ...valid, captureMode: "later" })).toThrow(/captureMode: must be "manual"/)
  })

  it("rejects validity beyond what the bank honours and a misspelt option", () => {
    expect(() => parseMonobankOptions({ ...valid, invoiceValiditySeconds: 31 * 86_400 })).toThrow(/invoiceValiditySeconds: must be at most 30 days/)
    expect(() => parseMonobankOptions({ ...valid, captureMod: "manual" })).toThrow(/captureMod: is not a known option/)
  })

  it("is what Medusa calls at start-up through validateOptions", () => {
    expect(() => MonobankProviderService.validateOptions({ ...valid, agentFeePercent: 101 })).toThrow(/agentFeePercent: must be between 0 and 100/)
    expect(() => MonobankProviderService.validateOptions(valid)).not.toThrow()
  })

  it("puts the session id into the return URL, encoded", () => {
    expect(buildRedirectUrl(valid.redirectUrl, "payses_01 x")).toBe(
      "https://shop.example/checkout/monobank/return?session=payses_01%20x"
    )
  })
})
