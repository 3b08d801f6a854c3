/**
 * Opens a Google Pay payment token (ECv2, DIRECT tokenization) into what `sync-payment` takes as
 * `googlePay`. Google's signatures are checked first (google-pay-signature.ts), then
 * @basis-theory/google-pay-js decrypts with the store's keys. Nothing is fetched.
 */
import { createPrivateKey, createPublicKey } from "node:crypto"
import { GooglePaymentMethodTokenContext } from "@basis-theory/google-pay-js"
import { z } from "zod"
import type { GooglePayOptions } from "../../../utils/acquiring/wallet-options"
import { GOOGLE_PROTOCOL_VERSION, checkGoogleSignatures, type SignatureProblem } from "./google-pay-signature"
import { WalletTokenError, isCardNumber, mmyy, twoDigitEci, type OpenedWalletToken } from "./wallet-card"

const tokenSchema = z.object({
  protocolVersion: z.string(),
  signature: z.string().min(1),
  intermediateSigningKey: z.object({ signedKey: z.string().min(1), signatures: z.array(z.string()).min(1) }),
  signedMessage: z.string().min(1),
})

const decryptedSchema = z.object({
  messageExpiration: z.string().regex(/^\d+$/),
  /** Google's unique id of this payment message: what makes the token single-use. */
  messageId: z.string().min(1),
  paymentMethod: z.literal("CARD"),
  paymentMethodDetails: z.object({
    pan: z.string(),
    expirationMonth: z.number(),
    expirationYear: z.number(),
    authMethod: z.enum(["PAN_ONLY", "CRYPTOGRAM_3DS"]),
    cryptogram: z.string().optional(),
    eciIndicator: z.string().optional(),
  }),
})

/**
 * ECI when Google gives none: a device token without one is a Mastercard token (02: fully
 * authenticated); a PAN_ONLY card had no authentication at all (07: e-commerce, not authenticated).
 */
const DEFAULT_ECI = { CRYPTOGRAM_3DS: "02", PAN_ONLY: "07" } as const satisfies Record<"CRYPTOGRAM_3DS" | "PAN_ONLY", string>

const SIGNATURE_REASONS = {
  "not-signed-by-google": "the token is not signed by Google (or it was changed)",
  "signing-key-expired": "the token was signed with an expired Google key",
  "not-for-this-merchant": "the token was not signed for this store's Google Pay merchant id, or it was changed",
} as const satisfies Record<SignatureProblem, string>

const fail = (reason: string): never => {
  throw new WalletTokenError("googlePay", reason)
}

/** The library reads only SEC1 PEM ("BEGIN EC PRIVATE KEY"); any PEM form the options accept is turned into it. */
const sec1Pem = (pem: string) => createPrivateKey(pem).export({ format: "pem", type: "sec1" }).toString()

function parseToken(token: unknown) {
  let value = token
  if (typeof token === "string") {
    try {
      value = JSON.parse(token)
    } catch {
      return fail("the token is not Google Pay token JSON")
    }
  }
  const parsed = tokenSchema.safeParse(value)
  if (!parsed.success) return fail("the token is not a Google Pay payment token (protocolVersion, signature, intermediateSigningKey, signedMessage)")
  if (parsed.data.protocolVersion !== GOOGLE_PROTOCOL_VERSION) fail(`only ${GOOGLE_PROTOCOL_VERSION} tokens are supported`)
  return parsed.data
}

function decrypt(token: z.output<typeof tokenSchema>, options: GooglePayOptions): unknown {
  const context = new GooglePaymentMethodTokenContext({
    merchants: options.privateKeys.map((pem) => ({ privateKeyPem: Buffer.from(sec1Pem(pem)) })),
  })
  try {
    return context.decrypt({ ...token, protocolVersion: GOOGLE_PROTOCOL_VERSION })
  } catch {
    return fail("the token was not encrypted for this store's Google Pay key")
  }
}

/**
 * The card in a Google Pay token (`paymentMethodData.tokenizationData.token`, as the JSON string
 * Google gives or parsed), for `sync-payment`'s `googlePay`, and its single use (`messageId`, until
 * `messageExpiration`). Throws {@link WalletTokenError}.
 */
export function openGooglePayToken(token: unknown, options: GooglePayOptions, now = Date.now()): OpenedWalletToken {
  const signed = parseToken(token)
  const problem = checkGoogleSignatures(signed, options, now)
  if (problem) fail(SIGNATURE_REASONS[problem])

  const parsed = decryptedSchema.safeParse(decrypt(signed, options))
  if (!parsed.success) return fail("the token holds no card payment this store can use")
  const { messageExpiration, messageId, paymentMethodDetails: card } = parsed.data
  if (Number(messageExpiration) <= now) fail("the token has expired; ask the shopper to pay again")

  if (card.authMethod === "PAN_ONLY" && !options.allowPanOnly) {
    fail("cards without a device cryptogram (PAN_ONLY) are not accepted by this store")
  }
  if (card.authMethod === "CRYPTOGRAM_3DS" && !card.cryptogram) fail("the token has no cryptogram")
  const exp = mmyy(card.expirationMonth, card.expirationYear)
  if (!isCardNumber(card.pan) || exp === undefined) return fail("the token holds no valid card number and expiry")

  return {
    card: {
      token: card.pan,
      exp,
      eciIndicator: twoDigitEci(card.eciIndicator, DEFAULT_ECI[card.authMethod]),
      ...(card.authMethod === "CRYPTOGRAM_3DS" ? { cryptogram: card.cryptogram } : {}),
    },
    use: { wallet: "googlePay", id: messageId, expiresAt: new Date(Number(messageExpiration)) },
  }
}

/**
 * The public half of the newest key, as the storefront's DIRECT tokenization `publicKey` parameter
 * (and the Google Pay & Wallet Console) take it: base64 of the uncompressed EC point.
 */
export function googlePayPublicKey(options: GooglePayOptions): string {
  const jwk = createPublicKey(createPrivateKey(options.privateKeys[0]!)).export({ format: "jwk" })
  return Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]).toString("base64")
}
