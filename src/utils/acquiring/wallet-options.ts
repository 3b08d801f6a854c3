/**
 * Options for Apple Pay and Google Pay through the bank's `sync-payment` (the card provider's
 * `applePay` / `googlePay` options). Every key and certificate is checked to parse with node's
 * crypto at start-up, so a pasted-wrong PEM stops Medusa with the option's name, not a failed
 * payment later. Every key here is a secret: keep them in environment variables or a vault.
 */
import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto"
import { z } from "zod"
import { parsePluginOptions } from "../plugin-options"
import { APPLE_ROOT_CA_G3_PEM } from "./apple-root-ca"

const EC_P256 = "prime256v1"

function privateKeyOf(pem: string): KeyObject | undefined {
  try {
    return createPrivateKey({ key: pem, format: "pem" })
  } catch {
    return undefined
  }
}

function certificateOf(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem)
  } catch {
    return undefined
  }
}

const isP256 = (key: KeyObject | undefined) => key?.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === EC_P256

const text = (rule: string) => z.string({ error: rule }).trim().min(1, { error: rule })

const pemCertificate = z
  .string({ error: "must be a PEM certificate (-----BEGIN CERTIFICATE-----)" })
  .refine((value) => certificateOf(value) !== undefined, { error: "must be a PEM certificate (-----BEGIN CERTIFICATE-----)" })

const pemPrivateKey = z
  .string({ error: "must be a PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN EC PRIVATE KEY-----)" })
  .refine((value) => privateKeyOf(value) !== undefined, {
    error: "must be a PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN EC PRIVATE KEY-----), unencrypted",
  })

const p256PrivateKey = pemPrivateKey.refine((value) => isP256(privateKeyOf(value)), {
  error: "must be an EC P-256 (prime256v1) private key",
})

const httpsUrl = z
  .string({ error: "must be an absolute https URL" })
  .trim()
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", { error: "must be an absolute https URL" })

/** The key belongs to the certificate (their public halves match); checked only once both parse. */
function pairCheck(certificateField: string, keyField: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const certificate = typeof value[certificateField] === "string" ? certificateOf(value[certificateField]) : undefined
    const key = typeof value[keyField] === "string" ? privateKeyOf(value[keyField]) : undefined
    if (certificate === undefined || key === undefined) return
    if (!certificate.checkPrivateKey(key)) {
      ctx.addIssue({ code: "custom", path: [keyField], message: `does not belong to ${certificateField}` })
    }
  }
}

export const applePayOptionsSchema = z
  .strictObject({
    /** Apple merchant identifier, e.g. "merchant.ua.example.shop". */
    merchantIdentifier: text("is required: your Apple merchant identifier, e.g. merchant.ua.example.shop"),
    /** Store name Apple shows on the payment sheet (at most 64 characters). */
    displayName: text("is required: the store name shown on the Apple Pay sheet").pipe(
      z.string().max(64, { error: "must be at most 64 characters" })
    ),
    /** The storefront's domain as registered with Apple, without scheme or path. */
    domainName: text("is required: the storefront's domain registered with Apple, e.g. shop.example.ua").refine(
      (value) => /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value),
      { error: "must be a domain name only, e.g. shop.example.ua (no scheme, port or path)" }
    ),
    /** Payment processing certificate (EC, from Apple): opens the tokens. */
    paymentProcessingCertificate: pemCertificate,
    paymentProcessingPrivateKey: p256PrivateKey,
    /** Merchant identity certificate (from Apple): client certificate for merchant validation. */
    merchantIdentityCertificate: pemCertificate,
    merchantIdentityPrivateKey: pemPrivateKey,
    /** Where to ask for the merchant session instead of the `validationURL` Apple gives the browser. */
    merchantValidationUrl: httpsUrl.optional(),
    /** Extra CA (PEM) to trust for `merchantValidationUrl`: only for a local fake of Apple in tests. */
    merchantValidationCa: pemCertificate.optional(),
    /** The root (PEM) Apple's token signatures must lead to: Apple Root CA - G3 unless set (tests set their own). */
    rootCertificate: pemCertificate.default(APPLE_ROOT_CA_G3_PEM),
    /** How long after Apple signed it a token is taken (seconds). */
    maxTokenAgeSeconds: z
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(1, { error: "must be at least 1 second" })
      .max(3600, { error: "must be at most 3600 seconds" })
      .default(300),
  })
  .superRefine(pairCheck("paymentProcessingCertificate", "paymentProcessingPrivateKey"))
  .superRefine(pairCheck("merchantIdentityCertificate", "merchantIdentityPrivateKey"))

const rootSigningKeySchema = z.strictObject({
  /** Base64 DER SubjectPublicKeyInfo, as in Google's published keys list. */
  keyValue: z.string({ error: "must be the base64 public key from Google's root signing keys" }).refine(
    (value) => {
      try {
        return isP256(createPublicKey({ key: Buffer.from(value, "base64"), format: "der", type: "spki" }))
      } catch {
        return false
      }
    },
    { error: "must be a base64 EC P-256 public key (keyValue from Google's root signing keys)" }
  ),
  protocolVersion: z.literal("ECv2", { error: 'must be "ECv2" (the only protocol supported)' }),
  /** Milliseconds since the epoch, as Google writes it; a key past it is not used. */
  keyExpiration: z.string({ error: "is required: milliseconds since 1970 as a string, as Google publishes it" }).regex(/^\d+$/, {
    error: "must be milliseconds since 1970 as a string",
  }),
})

export const googlePayOptionsSchema = z.strictObject({
  /** Google Pay merchant id from the Google Pay & Wallet Console. */
  merchantId: text("is required: your Google Pay merchant id from the Google Pay & Wallet Console"),
  /** Store name Google shows on the payment sheet. */
  merchantName: z.string({ error: "must be a string" }).trim().min(1).optional(),
  environment: z.enum(["TEST", "PRODUCTION"], { error: 'must be "TEST" or "PRODUCTION"' }),
  /**
   * The store's decryption keys (EC P-256 PEM), newest first; more than one while a rotated key's
   * tokens may still arrive. Their public halves are uploaded to the Google Pay & Wallet Console.
   */
  privateKeys: z
    .array(p256PrivateKey, { error: "must be a list of PEM private keys" })
    .min(1, { error: "must hold at least one private key" }),
  /**
   * Google's root signing keys (the `keys` list Google publishes for the environment). Tokens are
   * checked against them offline: nothing is fetched at run time.
   */
  rootSigningKeys: z
    .array(rootSigningKeySchema, { error: "must be the list of Google's root signing keys ({ keyValue, protocolVersion, keyExpiration })" })
    .min(1, { error: "must hold at least one of Google's root signing keys" }),
  /**
   * Accept PAN_ONLY tokens (a card kept in the Google account, no device cryptogram). Off by
   * default: such a payment carries no authentication, and the bank may decline it.
   */
  allowPanOnly: z.boolean({ error: "must be true or false" }).default(false),
})

export type ApplePayOptionsInput = z.input<typeof applePayOptionsSchema>
export type ApplePayOptions = z.output<typeof applePayOptionsSchema>
export type GooglePayOptionsInput = z.input<typeof googlePayOptionsSchema>
export type GooglePayOptions = z.output<typeof googlePayOptionsSchema>

export type WalletOptions = { applePay?: ApplePayOptions; googlePay?: GooglePayOptions }

export const walletOptionsSchema = z.strictObject({
  applePay: applePayOptionsSchema.optional(),
  googlePay: googlePayOptionsSchema.optional(),
})

/**
 * Parses the `applePay` / `googlePay` options of the card provider (either may be absent: that
 * wallet is then off). Throws one error naming every problem as `applePay.<field>: <rule>`.
 * Nest `applePayOptionsSchema` / `googlePayOptionsSchema` in another strict schema for the same paths.
 */
export function parseWalletOptions(
  options: { applePay?: unknown; googlePay?: unknown },
  subject = "monobank provider: invalid options"
): WalletOptions {
  return parsePluginOptions(walletOptionsSchema, { applePay: options.applePay, googlePay: options.googlePay }, { subject })
}
