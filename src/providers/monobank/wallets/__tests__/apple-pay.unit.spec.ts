import { encryptApplePayToken, makeTestWalletKeys, testApplePayOptions, type TestWalletKeys } from "../../../../../integration-tests/helpers/wallet-tokens"
import { parseWalletOptions, type ApplePayOptions } from "../../../../utils/acquiring/wallet-options"
import { openApplePayToken } from "../apple-pay"
import { WalletTokenError } from "../wallet-card"

const VISA_DPAN = "4242424242424242"
const MASTERCARD_DPAN = "5555555555554444"

let keys: TestWalletKeys
let options: ApplePayOptions

beforeAll(() => {
  keys = makeTestWalletKeys("apple")
  options = parseWalletOptions({ applePay: testApplePayOptions(keys) }).applePay!
})

function refusal(run: () => unknown): WalletTokenError {
  try {
    run()
  } catch (error) {
    if (error instanceof WalletTokenError) return error
    throw error
  }
  throw new Error("the token was accepted")
}

describe("openApplePayToken", () => {
  it("opens a token encrypted for the store into the sync-payment applePay fields", () => {
    const paymentData = encryptApplePayToken(
      { dpan: VISA_DPAN, expMonth: 7, expYear: 2031, cryptogram: "AQAAAAoAR9qDi9kAAAAAgGpLpoA=", eciIndicator: "07" },
      keys
    )

    expect(openApplePayToken(paymentData, options)).toEqual({
      token: VISA_DPAN,
      exp: "0731",
      eciIndicator: "07",
      cryptogram: "AQAAAAoAR9qDi9kAAAAAgGpLpoA=",
    })
  })

  it('writes a one-digit ECI as two digits ("7" -> "07")', () => {
    const paymentData = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 2, expYear: 2029, eciIndicator: "7" }, keys)

    expect(openApplePayToken(paymentData, options).eciIndicator).toBe("07")
  })

  it("sends ECI 02 when Apple gives none (Mastercard tokens)", () => {
    const paymentData = encryptApplePayToken({ dpan: MASTERCARD_DPAN, expMonth: 12, expYear: 2029 }, keys)

    const card = openApplePayToken(paymentData, options)

    expect(card).toMatchObject({ token: MASTERCARD_DPAN, exp: "1229", eciIndicator: "02" })
    expect(card.cryptogram).toEqual(expect.any(String))
  })

  it("refuses a token encrypted for another merchant's certificate", () => {
    const other = makeTestWalletKeys("someone-else")
    const paymentData = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, other)

    const error = refusal(() => openApplePayToken(paymentData, options))

    expect(error.field).toBe("applePay")
    expect(error.message).toBe("applePay: the token was not encrypted for this store's Apple Pay payment processing certificate")
  })

  it("refuses a token for another certificate that claims this store's key hash", () => {
    const other = makeTestWalletKeys("impostor")
    const mine = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, keys)
    const theirs = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, other)
    const disguised = { ...theirs, header: { ...theirs.header, publicKeyHash: mine.header.publicKeyHash } }

    expect(refusal(() => openApplePayToken(disguised, options)).message).toBe(
      "applePay: the token could not be opened with this store's key: it was changed or damaged"
    )
  })

  // The card number sits at a known offset of the plaintext; AES-GCM is a stream cipher, so
  // flipping ciphertext bits flips the same plaintext bits: only the tag check notices.
  it.each([
    // `{"applicationPrimaryAccountNumber":"` is 36 bytes; 0x01 turns one digit into another.
    ["a digit of the card number", () => 36 + 3],
    ["the authentication tag", (length: number) => length - 1],
  ])("refuses a token with %s changed, without showing any of it", (_what, offset: (length: number) => number) => {
    const paymentData = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, keys)
    const bytes = Buffer.from(paymentData.data, "base64")
    bytes[offset(bytes.length)] ^= 0x01
    const tampered = { ...paymentData, data: bytes.toString("base64") }

    const error = refusal(() => openApplePayToken(tampered, options))

    expect(error.message).toBe("applePay: the token could not be opened with this store's key: it was changed or damaged")
    expect(error.message).not.toMatch(/\d{12}/)
  })

  it.each([
    ["not an object", "nope"],
    ["no header", { version: "EC_v1", data: "AAAA", signature: "AAAA" }],
  ])("refuses malformed payment data (%s)", (_case, paymentData) => {
    expect(refusal(() => openApplePayToken(paymentData, options)).message).toBe(
      "applePay: the token is not Apple Pay payment data (version, data, signature, header)"
    )
  })

  it("refuses RSA_v1 tokens", () => {
    const paymentData = { ...encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, keys), version: "RSA_v1" }

    expect(refusal(() => openApplePayToken(paymentData, options)).message).toBe("applePay: only EC_v1 tokens are supported")
  })
})
