import { Agent, request } from "undici"
import {
  makeTestWalletKeys,
  startFakeApplePayValidation,
  testApplePayOptions,
  type FakeApplePayValidation,
  type TestWalletKeys,
} from "../../../../../integration-tests/helpers/wallet-tokens"
import { parseWalletOptions, type ApplePayOptions } from "../../../../utils/acquiring/wallet-options"
import { ApplePayMerchantValidationError, appleValidationUrl, requestApplePayMerchantSession } from "../apple-pay-merchant-session"

let keys: TestWalletKeys
let fake: FakeApplePayValidation
let options: ApplePayOptions

beforeAll(async () => {
  keys = makeTestWalletKeys("session")
  fake = await startFakeApplePayValidation(keys)
  options = parseWalletOptions({
    applePay: testApplePayOptions(keys, { merchantValidationUrl: fake.url, merchantValidationCa: fake.ca }),
  }).applePay!
})

afterAll(async () => {
  await fake.close()
})

describe("requestApplePayMerchantSession", () => {
  it("asks the configured validation address with the merchant identity certificate and returns Apple's answer as is", async () => {
    const session = await requestApplePayMerchantSession(options, "https://apple-pay-gateway.apple.com/paymentservices/paymentSession")

    expect(fake.requests.at(-1)).toEqual({
      merchantIdentifier: keys.apple.merchantIdentifier,
      displayName: "Test store",
      initiative: "web",
      initiativeContext: "shop.example.ua",
    })
    expect(session).toMatchObject({ domainName: "shop.example.ua", displayName: "Test store", merchantSessionIdentifier: expect.any(String) })
    expect(Object.keys(session)).toContain("signature")
  })

  it("is refused by the validation server with another merchant's identity certificate", async () => {
    const other = makeTestWalletKeys("session-other")
    const impostor = parseWalletOptions({
      applePay: testApplePayOptions(other, { merchantValidationUrl: fake.url, merchantValidationCa: fake.ca }),
    }).applePay!
    const before = fake.requests.length

    await expect(requestApplePayMerchantSession(impostor, undefined)).rejects.toThrow(ApplePayMerchantValidationError)
    expect(fake.requests).toHaveLength(before)
  })

  it("the validation server refuses a client without a certificate", async () => {
    const agent = new Agent({ connect: { ca: fake.ca } })
    try {
      await expect(request(fake.url, { method: "POST", dispatcher: agent, body: "{}" })).rejects.toThrow()
    } finally {
      await agent.close()
    }
  })

  it.each([
    "https://apple-pay-gateway.evil.example/paymentSession",
    "https://apple-pay-gateway.apple.com.evil.example/paymentSession",
    "http://apple-pay-gateway.apple.com/paymentSession",
    "https://apple-pay-gateway.apple.com:8443/paymentSession",
    "https://www.apple.com/paymentSession",
    "not a url",
  ])("refuses a browser-given validation URL off Apple's Apple Pay hosts: %s", async (url) => {
    const unconfigured = { ...options, merchantValidationUrl: undefined }

    await expect(requestApplePayMerchantSession(unconfigured, url)).rejects.toThrow(
      "applePay: the validation URL is not on one of Apple's Apple Pay gateway hosts (set merchantValidationUrl to use another)"
    )
  })

  it.each([
    "https://apple-pay-gateway.apple.com/paymentservices/paymentSession",
    "https://apple-pay-gateway-nc-pod3.apple.com/paymentservices/startSession",
    "https://cn-apple-pay-gateway-tj-pod2.apple.com/paymentservices/paymentSession",
    "https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession",
  ])("accepts Apple's documented gateway hosts: %s", (url) => {
    expect(appleValidationUrl(url)?.href).toBe(url)
  })
})
