import { encryptGooglePayToken, makeTestWalletKeys, type TestWalletKeys } from "../../../../../integration-tests/helpers/wallet-tokens"
import type { GooglePayOptions } from "../../../../utils/acquiring/wallet-options"
import { googlePayPublicKey, openGooglePayToken } from "../google-pay"
import { refusal, storeWallet } from "./store-wallet"

const VISA = "4111111111111111"
const MASTERCARD = "5555555555554444"

let keys: TestWalletKeys
let options: GooglePayOptions

beforeAll(() => {
  ;({ keys, options } = storeWallet("googlePay", "google"))
})

/** The card the bank gets. */
const card = (token: unknown, opts: GooglePayOptions) => openGooglePayToken(token, opts).card

describe("openGooglePayToken", () => {
  it("opens a CRYPTOGRAM_3DS token into the sync-payment googlePay fields", () => {
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030, cryptogram: "AgAAAAAABk4DWZ4C28yUQAAAAAA=", eciIndicator: "05" }, keys)

    expect(card(token, options)).toEqual({ token: VISA, exp: "0330", eciIndicator: "05", cryptogram: "AgAAAAAABk4DWZ4C28yUQAAAAAA=" })
  })

  it("names the token's one use by Google's messageId, until its messageExpiration", () => {
    const messageExpiration = Date.now() + 10 * 60 * 1000
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys, { messageExpiration })
    const { use } = openGooglePayToken(token, options)

    expect(use).toEqual({ wallet: "googlePay", id: expect.stringMatching(/^[0-9a-f]{32}$/), expiresAt: new Date(messageExpiration) })
    expect(openGooglePayToken(JSON.parse(token), options).use.id).toBe(use.id)
    expect(openGooglePayToken(encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys), options).use.id).not.toBe(use.id)
  })

  it("takes the token parsed as well as the JSON string Google gives, and sends ECI 02 when Google gives none", () => {
    const token = encryptGooglePayToken({ dpan: MASTERCARD, expMonth: 11, expYear: 2032 }, keys)

    expect(card(JSON.parse(token), options)).toMatchObject({ token: MASTERCARD, exp: "1132", eciIndicator: "02" })
  })

  it("refuses PAN_ONLY cards unless the store allows them, then sends them with ECI 07 and no cryptogram", () => {
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 1, expYear: 2031 }, keys, { authMethod: "PAN_ONLY" })

    expect(refusal(() => openGooglePayToken(token, options)).message).toBe(
      "googlePay: cards without a device cryptogram (PAN_ONLY) are not accepted by this store"
    )
    expect(card(token, { ...options, allowPanOnly: true })).toEqual({ token: VISA, exp: "0131", eciIndicator: "07" })
  })

  it("refuses a token encrypted for another merchant key", () => {
    const other = makeTestWalletKeys("google-other")
    // Same merchant id and Google root, but encrypted to the other store's key.
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, { ...keys, google: { ...keys.google, privateKey: other.google.privateKey } })

    const error = refusal(() => openGooglePayToken(token, options))

    expect(error.field).toBe("googlePay")
    expect(error.message).toBe("googlePay: the token was not encrypted for this store's Google Pay key")
  })

  it("opens tokens for a rotated key while the old one is still listed", () => {
    const next = makeTestWalletKeys("google-next")
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys)

    expect(card(token, { ...options, privateKeys: [next.google.privateKey, keys.google.privateKey] }).token).toBe(VISA)
  })

  it("refuses a token signed for another merchant id", () => {
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, { ...keys, google: { ...keys.google, merchantId: "BCR2DN4TOTHERSTORE" } })

    expect(refusal(() => openGooglePayToken(token, options)).message).toBe(
      "googlePay: the token was not signed for this store's Google Pay merchant id, or it was changed"
    )
  })

  it("refuses a token not signed by a Google root key of the options", () => {
    const impostor = makeTestWalletKeys("not-google")
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, { ...keys, google: { ...keys.google, rootPrivateKey: impostor.google.rootPrivateKey } })

    expect(refusal(() => openGooglePayToken(token, options)).message).toBe("googlePay: the token is not signed by Google (or it was changed)")
  })

  it("refuses a token once Google's root key in the options has expired", () => {
    const token = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys)
    const expiredRoot = { ...options.rootSigningKeys[0]!, keyExpiration: String(Date.now() - 1000) }

    expect(refusal(() => openGooglePayToken(token, { ...options, rootSigningKeys: [expiredRoot] })).message).toBe(
      "googlePay: the token is not signed by Google (or it was changed)"
    )
  })

  it("refuses a token whose encrypted message was changed, without showing any of it", () => {
    const token = JSON.parse(encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys))
    const signedMessage = JSON.parse(token.signedMessage)
    const bytes = Buffer.from(signedMessage.encryptedMessage, "base64")
    bytes[60] ^= 0x01
    token.signedMessage = JSON.stringify({ ...signedMessage, encryptedMessage: bytes.toString("base64") })

    const error = refusal(() => openGooglePayToken(token, options))

    expect(error.message).toBe("googlePay: the token was not signed for this store's Google Pay merchant id, or it was changed")
    expect(error.message).not.toMatch(/\d{12}/)
  })

  it("refuses an expired token and a token signed with an expired Google key", () => {
    const expired = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys, { messageExpiration: Date.now() - 1000 })
    const staleKey = encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys, { signingKeyExpiration: Date.now() - 1000 })

    expect(refusal(() => openGooglePayToken(expired, options)).message).toBe("googlePay: the token has expired; ask the shopper to pay again")
    expect(refusal(() => openGooglePayToken(staleKey, options)).message).toBe("googlePay: the token was signed with an expired Google key")
  })

  it.each([
    ["not JSON", "{nope", "googlePay: the token is not Google Pay token JSON"],
    ["missing fields", { protocolVersion: "ECv2" }, "googlePay: the token is not a Google Pay payment token (protocolVersion, signature, intermediateSigningKey, signedMessage)"],
  ])("refuses a malformed token (%s)", (_case, token, message) => {
    expect(refusal(() => openGooglePayToken(token, options)).message).toBe(message)
  })

  it("refuses protocol versions other than ECv2", () => {
    const token = { ...JSON.parse(encryptGooglePayToken({ dpan: VISA, expMonth: 3, expYear: 2030 }, keys)), protocolVersion: "ECv1" }

    expect(refusal(() => openGooglePayToken(token, options)).message).toBe("googlePay: only ECv2 tokens are supported")
  })
})

describe("googlePayPublicKey", () => {
  it("gives the storefront the base64 uncompressed public point of the newest key", () => {
    const point = Buffer.from(googlePayPublicKey(options), "base64")

    expect(point).toHaveLength(65)
    expect(point[0]).toBe(4)
  })
})
