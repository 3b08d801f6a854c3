import { generateKeyPairSync } from "node:crypto"
import { makeTestWalletKeys, testApplePayOptions, testGooglePayOptions, type TestWalletKeys } from "../../../../integration-tests/helpers/wallet-tokens"
import { PluginOptionsError } from "../../plugin-options"
import { parseWalletOptions } from "../wallet-options"

let keys: TestWalletKeys
let other: TestWalletKeys

beforeAll(() => {
  keys = makeTestWalletKeys("options")
  other = makeTestWalletKeys("options-other")
})

function problems(input: { applePay?: unknown; googlePay?: unknown }): string {
  try {
    parseWalletOptions(input)
  } catch (error) {
    if (error instanceof PluginOptionsError) return error.message
    throw error
  }
  throw new Error("the options were accepted")
}

describe("parseWalletOptions", () => {
  it("leaves both wallets off when neither is configured", () => {
    expect(parseWalletOptions({})).toEqual({})
  })

  it("accepts complete Apple Pay and Google Pay options, PAN_ONLY off by default", () => {
    const parsed = parseWalletOptions({ applePay: testApplePayOptions(keys), googlePay: testGooglePayOptions(keys) })

    expect(parsed.applePay?.merchantIdentifier).toBe(keys.apple.merchantIdentifier)
    expect(parsed.googlePay).toMatchObject({ merchantId: keys.google.merchantId, environment: "TEST", allowPanOnly: false })
  })

  it("names every missing Apple Pay option", () => {
    const message = problems({ applePay: {} })

    for (const field of [
      "merchantIdentifier",
      "displayName",
      "domainName",
      "paymentProcessingCertificate",
      "paymentProcessingPrivateKey",
      "merchantIdentityCertificate",
      "merchantIdentityPrivateKey",
    ]) {
      expect(message).toContain(`applePay.${field}: `)
    }
  })

  it("says which PEM does not parse, without repeating it", () => {
    const message = problems({
      applePay: testApplePayOptions(keys, { paymentProcessingCertificate: "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----" }),
    })

    expect(message).toBe(
      "monobank provider: invalid options: applePay.paymentProcessingCertificate: must be a PEM certificate (-----BEGIN CERTIFICATE-----)"
    )
  })

  it("refuses a private key that does not belong to its certificate", () => {
    const message = problems({
      applePay: testApplePayOptions(keys, { merchantIdentityPrivateKey: other.apple.merchantIdentity.privateKey }),
    })

    expect(message).toBe("monobank provider: invalid options: applePay.merchantIdentityPrivateKey: does not belong to merchantIdentityCertificate")
    expect(message).not.toContain("PRIVATE KEY")
  })

  it("refuses a domain with a scheme and an http validation address", () => {
    const message = problems({
      applePay: testApplePayOptions(keys, { domainName: "https://shop.example.ua", merchantValidationUrl: "http://127.0.0.1:1/x" }),
    })

    expect(message).toContain("applePay.domainName: must be a domain name only")
    expect(message).toContain("applePay.merchantValidationUrl: must be an absolute https URL")
  })

  it("names the Google Pay field at fault, down to the list entry", () => {
    const message = problems({
      googlePay: testGooglePayOptions(keys, {
        environment: "LIVE" as never,
        privateKeys: [keys.google.privateKey, "garbage"],
        rootSigningKeys: [{ ...keys.google.rootSigningKey, keyValue: "AAAA" }],
      }),
    })

    expect(message).toContain('googlePay.environment: must be "TEST" or "PRODUCTION"')
    expect(message).toContain("googlePay.privateKeys.1: must be a PEM private key")
    expect(message).toContain("googlePay.rootSigningKeys.0.keyValue: must be a base64 EC P-256 public key")
  })

  it("requires Google's root signing keys and an unknown option is named", () => {
    const { rootSigningKeys: _left, ...withoutRoots } = testGooglePayOptions(keys)

    const message = problems({ googlePay: { ...withoutRoots, gatewayMerchantId: "x" } })

    expect(message).toContain("googlePay.rootSigningKeys: must be the list of Google's root signing keys")
    expect(message).toContain("googlePay.gatewayMerchantId: is not a known option")
  })

  it("refuses a decryption key that is not EC P-256", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString()

    expect(problems({ googlePay: testGooglePayOptions(keys, { privateKeys: [rsa] }) })).toBe(
      "monobank provider: invalid options: googlePay.privateKeys.0: must be an EC P-256 (prime256v1) private key"
    )
  })
})
