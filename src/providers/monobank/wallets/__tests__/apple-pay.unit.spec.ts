import {
  encryptApplePayToken,
  makeAppleSigningChain,
  makeTestWalletKeys,
  resignApplePayToken,
  testApplePayOptions,
  type TestWalletKeys,
} from "../../../../../integration-tests/helpers/wallet-tokens"
import { parseWalletOptions, type ApplePayOptions } from "../../../../utils/acquiring/wallet-options"
import { openApplePayToken } from "../apple-pay"
import { refusal, storeWallet } from "./store-wallet"

const VISA_DPAN = "4242424242424242"
const MASTERCARD_DPAN = "5555555555554444"

let keys: TestWalletKeys
let options: ApplePayOptions

beforeAll(() => {
  ;({ keys, options } = storeWallet("applePay", "apple"))
})

/** The helper's default: 1.00 UAH. */
const EXPECTED = { amountMinor: 100, currencyCode: "980" }
/** The card the bank gets. */
const open = async (paymentData: unknown, expected = EXPECTED) => (await openApplePayToken(paymentData, options, expected)).card

const CARD = { dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }

describe("openApplePayToken", () => {
  it("opens a token encrypted for the store into the sync-payment applePay fields", async () => {
    const paymentData = encryptApplePayToken(
      { dpan: VISA_DPAN, expMonth: 7, expYear: 2031, cryptogram: "AQAAAAoAR9qDi9kAAAAAgGpLpoA=", eciIndicator: "07" },
      keys
    )

    expect(await open(paymentData)).toEqual({
      token: VISA_DPAN,
      exp: "0731",
      eciIndicator: "07",
      cryptogram: "AQAAAAoAR9qDi9kAAAAAgGpLpoA=",
    })
  })

  it("names the token's one use by the transaction id Apple signed, whatever case its hex is written in, until maxTokenAgeSeconds after signing", async () => {
    const signedFrom = Date.now() - 1000
    const paymentData = encryptApplePayToken(CARD, keys)
    const { use } = await openApplePayToken(paymentData, options, EXPECTED)
    expect(use).toEqual({ wallet: "applePay", id: paymentData.header.transactionId, expiresAt: expect.any(Date) })
    expect(use.expiresAt.getTime()).toBeGreaterThanOrEqual(signedFrom + 300_000)
    expect(use.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000)

    // Node reads hex case-blind and stops at the first non-hex character: the signature still
    // holds, so these are the same token and must have the same id.
    for (const transactionId of [paymentData.header.transactionId.toUpperCase(), `${paymentData.header.transactionId}zz`]) {
      const disguised = { ...paymentData, header: { ...paymentData.header, transactionId } }
      expect((await openApplePayToken(disguised, options, EXPECTED)).use.id).toBe(use.id)
    }
  })

  it('writes a one-digit ECI as two digits ("7" -> "07")', async () => {
    const paymentData = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 2, expYear: 2029, eciIndicator: "7" }, keys)

    expect((await open(paymentData)).eciIndicator).toBe("07")
  })

  it("sends ECI 02 when Apple gives none (Mastercard tokens)", async () => {
    const paymentData = encryptApplePayToken({ dpan: MASTERCARD_DPAN, expMonth: 12, expYear: 2029 }, keys)

    const card = await open(paymentData)

    expect(card).toMatchObject({ token: MASTERCARD_DPAN, exp: "1229", eciIndicator: "02" })
    expect(card.cryptogram).toEqual(expect.any(String))
  })

  it("refuses a token encrypted for another merchant's certificate", async () => {
    const other = makeTestWalletKeys("someone-else")
    const paymentData = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, other)

    const error = await refusal(() => open(paymentData))

    expect(error.field).toBe("applePay")
    expect(error.message).toBe("applePay: the token was not encrypted for this store's Apple Pay payment processing certificate")
  })

  it("refuses a token for another certificate that claims this store's key hash", async () => {
    const other = makeTestWalletKeys("impostor")
    const mine = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, keys)
    const theirs = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, other, 100, "980", keys.apple.signing)
    const disguised = { ...theirs, header: { ...theirs.header, publicKeyHash: mine.header.publicKeyHash } }

    expect((await refusal(() => open(disguised))).message).toBe(
      "applePay: the token could not be opened with this store's key: it was changed or damaged"
    )
  })

  // The card number sits at a known offset of the plaintext; AES-GCM is a stream cipher, so
  // flipping ciphertext bits flips the same plaintext bits: only the tag check notices.
  it.each([
    // `{"applicationPrimaryAccountNumber":"` is 36 bytes; 0x01 turns one digit into another.
    ["a digit of the card number", () => 36 + 3],
    ["the authentication tag", (length: number) => length - 1],
  ])("refuses a token with %s changed, without showing any of it", async (_what, offset: (length: number) => number) => {
    const paymentData = encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, keys)
    const bytes = Buffer.from(paymentData.data, "base64")
    bytes[offset(bytes.length)] ^= 0x01
    // Signed again, so only the decryption can notice.
    const tampered = resignApplePayToken({ ...paymentData, data: bytes.toString("base64") }, keys.apple.signing)

    const error = await refusal(() => open(tampered))

    expect(error.message).toBe("applePay: the token could not be opened with this store's key: it was changed or damaged")
    expect(error.message).not.toMatch(/\d{12}/)
  })

  it.each([
    ["not an object", "nope"],
    ["no header", { version: "EC_v1", data: "AAAA", signature: "AAAA" }],
  ])("refuses malformed payment data (%s)", async (_case, paymentData) => {
    expect((await refusal(() => open(paymentData))).message).toBe(
      "applePay: the token is not Apple Pay payment data (version, data, signature, header)"
    )
  })

  it("refuses RSA_v1 tokens", async () => {
    const paymentData = { ...encryptApplePayToken({ dpan: VISA_DPAN, expMonth: 7, expYear: 2031 }, keys), version: "RSA_v1" }

    expect((await refusal(() => open(paymentData))).message).toBe("applePay: only EC_v1 tokens are supported")
  })

  describe("Apple's signature", () => {
    const SIGNATURE_MISMATCH = "applePay: the token's signature does not match its content: it was changed or not signed by Apple"

    it("refuses a token with a placeholder signature", async () => {
      const paymentData = { ...encryptApplePayToken(CARD, keys), signature: Buffer.alloc(64, 7).toString("base64") }

      expect((await refusal(() => open(paymentData))).message).toBe("applePay: the token's signature is not a CMS signature from Apple")
    })

    it("refuses a token whose encrypted data was changed after Apple signed it, without showing any of it", async () => {
      const paymentData = encryptApplePayToken(CARD, keys)
      const bytes = Buffer.from(paymentData.data, "base64")
      bytes[36 + 3] ^= 0x01

      const error = await refusal(() => open({ ...paymentData, data: bytes.toString("base64") }))

      expect(error.message).toBe(SIGNATURE_MISMATCH)
      expect(error.message).not.toMatch(/\d{12}/)
    })

    it("refuses a token whose transaction id was changed after signing", async () => {
      const paymentData = encryptApplePayToken(CARD, keys)
      const changed = { ...paymentData, header: { ...paymentData.header, transactionId: "00".repeat(32) } }

      expect((await refusal(() => open(changed))).message).toBe(SIGNATURE_MISMATCH)
    })

    it.each([
      ["the signing certificate", { leaf: false }, "applePay: the token was not signed with Apple's Apple Pay signing certificate"],
      ["the intermediate", { intermediate: false }, "applePay: the token's signing certificate was not issued by Apple's Apple Pay intermediate"],
    ])("refuses a token when %s lacks Apple's Apple Pay marker", async (_which, markers, message) => {
      const chain = makeAppleSigningChain("no-marker", markers)
      options = parseWalletOptions({ applePay: testApplePayOptions(keys, { rootCertificate: chain.root }) }).applePay!
      try {
        const paymentData = encryptApplePayToken(CARD, keys, 100, "980", chain)

        expect((await refusal(() => open(paymentData))).message).toBe(message)
      } finally {
        options = parseWalletOptions({ applePay: testApplePayOptions(keys) }).applePay!
      }
    })

    it("refuses a token signed under another root than the trusted one", async () => {
      const paymentData = encryptApplePayToken(CARD, keys, 100, "980", makeAppleSigningChain("someone-elses-root"))

      expect((await refusal(() => open(paymentData))).message).toBe("applePay: the token's signature does not lead to Apple's root certificate")
    })

    it("trusts Apple Root CA - G3 when no root is set, so a test chain is refused", async () => {
      const { rootCertificate: _testRoot, ...withoutRoot } = testApplePayOptions(keys)
      const production = parseWalletOptions({ applePay: withoutRoot }).applePay!

      const error = await refusal(() => openApplePayToken(encryptApplePayToken(CARD, keys), production, EXPECTED))

      expect(production.rootCertificate).toContain("MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMw")
      expect(error.message).toBe("applePay: the token's signature does not lead to Apple's root certificate")
    })

    describe("age", () => {
      afterEach(() => jest.useRealTimers())

      it("opens a token signed within applePay.maxTokenAgeSeconds and refuses one signed longer ago", async () => {
        const paymentData = encryptApplePayToken(CARD, keys)
        jest.useFakeTimers({ now: Date.now() + 4 * 60 * 1000, doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] })
        await expect(open(paymentData)).resolves.toMatchObject({ token: VISA_DPAN })

        jest.setSystemTime(Date.now() + 2 * 60 * 1000)
        const error = await refusal(() => open(paymentData))

        expect(error.message).toBe("applePay: the token was signed more than 300 seconds ago (or in the future); try again")
      })

      it("takes a shorter applePay.maxTokenAgeSeconds", async () => {
        const strict = parseWalletOptions({ applePay: testApplePayOptions(keys, { maxTokenAgeSeconds: 30 }) }).applePay!
        const paymentData = encryptApplePayToken(CARD, keys)
        jest.useFakeTimers({ now: Date.now() + 60 * 1000, doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] })

        expect((await refusal(() => openApplePayToken(paymentData, strict, EXPECTED))).message).toBe(
          "applePay: the token was signed more than 30 seconds ago (or in the future); try again"
        )
      })
    })
  })

  describe("the approved amount", () => {
    const MISMATCH = "applePay: the amount approved in Apple Pay is not the order total; try again"

    it("opens a token for exactly the order total", async () => {
      const paymentData = encryptApplePayToken(CARD, keys, 123_45, "980")

      await expect(open(paymentData, { amountMinor: 123_45, currencyCode: "980" })).resolves.toMatchObject({ token: VISA_DPAN })
    })

    it.each([
      ["a smaller amount", 100_00, "980"],
      ["another currency", 123_45, "840"],
    ])("refuses a token that approves %s than the order", async (_case, amountMinor, currencyCode) => {
      const paymentData = encryptApplePayToken(CARD, keys, amountMinor, currencyCode)

      const error = await refusal(() => open(paymentData, { amountMinor: 123_45, currencyCode: "980" }))

      expect(error.field).toBe("applePay")
      expect(error.message).toBe(MISMATCH)
    })
  })
})
