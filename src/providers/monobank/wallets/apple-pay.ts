/**
 * Opens an Apple Pay payment token (`payment.token.paymentData`, EC_v1) into what `sync-payment`
 * takes as `applePay`. @basis-theory/apple-pay-js derives the key from the store's payment
 * processing certificate and key; RSA_v1 (issued in China only) is not accepted. Apple's signature
 * is checked first (apple-pay-signature.ts), and the amount the shopper approved must be the order total.
 */
import { X509Certificate, createDecipheriv, createHash, createPrivateKey } from "node:crypto"
import { EcDecryptionStrategy } from "@basis-theory/apple-pay-js"
import { z } from "zod"
import type { ApplePayOptions } from "../../../utils/acquiring/wallet-options"
import { verifyApplePaySignature } from "./apple-pay-signature"
import { WalletTokenError, isCardNumber, twoDigitEci, type OpenedWalletToken } from "./wallet-card"

const paymentDataSchema = z.object({
  version: z.string(),
  data: z.string().min(1),
  signature: z.string().min(1),
  header: z.object({
    ephemeralPublicKey: z.string().min(1),
    publicKeyHash: z.string().min(1),
    transactionId: z.string().min(1),
    applicationData: z.string().optional(),
  }),
})

const decryptedSchema = z.object({
  applicationPrimaryAccountNumber: z.string(),
  /** YYMMDD */
  applicationExpirationDate: z.string().regex(/^\d{2}(0[1-9]|1[0-2])\d{2}$/),
  /** ISO 4217 numeric, e.g. "980". */
  currencyCode: z.string(),
  /** In minor units. */
  transactionAmount: z.number(),
  paymentDataType: z.string(),
  paymentData: z.object({ onlinePaymentCryptogram: z.string().optional(), eciIndicator: z.string().optional() }),
})

/** Apple leaves the ECI out for Mastercard tokens; those are fully authenticated (02). */
const DEFAULT_ECI = "02"

const fail = (reason: string): never => {
  throw new WalletTokenError("applePay", reason)
}

/** Apple names the key a token is for by the base64 SHA-256 of the certificate's public key (DER SPKI). */
function publicKeyHash(certificatePem: string): string {
  const spki = new X509Certificate(certificatePem).publicKey.export({ format: "der", type: "spki" })
  return createHash("sha256").update(spki).digest("base64")
}

const GCM_TAG_BYTES = 16

/**
 * The library (2.0.4) decrypts AES-256-GCM with node-forge and ignores a failed tag check, so a
 * changed token would still open. Its key derivation is kept; only the final AES-GCM step is
 * node's own, which throws when the tag does not match. `decryptCiphertext` is an internal method
 * of the pinned version: the tampered-token unit test fails if an upgrade stops calling it.
 */
class AuthenticatedEcDecryption extends EcDecryptionStrategy {
  decryptCiphertext(symmetricKeyHex: string, data: string): string {
    const bytes = Buffer.from(data, "base64")
    if (bytes.length <= GCM_TAG_BYTES) throw new Error("ciphertext too short")
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(symmetricKeyHex, "hex"), Buffer.alloc(16))
    decipher.setAuthTag(bytes.subarray(bytes.length - GCM_TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - GCM_TAG_BYTES)), decipher.final()]).toString("utf8")
  }
}

function decrypt(paymentData: z.output<typeof paymentDataSchema>, options: ApplePayOptions): unknown {
  const strategy = new AuthenticatedEcDecryption({
    certificatePem: Buffer.from(options.paymentProcessingCertificate),
    // Normalised so the library's own PEM parser never sees (and never prints) an odd form.
    privateKeyPem: Buffer.from(createPrivateKey(options.paymentProcessingPrivateKey).export({ format: "pem", type: "pkcs8" })),
  })
  try {
    return strategy.decrypt({ ...paymentData, version: "EC_v1" })
  } catch {
    return fail("the token could not be opened with this store's key: it was changed or damaged")
  }
}

/** What the session charges: the token must approve exactly this. */
export type ApplePayExpected = { amountMinor: number; /** ISO 4217 numeric, e.g. "980". */ currencyCode: string }

/** Apple writes currency codes as three digits; the bank's `ccy` is a number (980). */
const sameCurrency = (a: string, b: string) => /^\d{1,3}$/.test(a) && /^\d{1,3}$/.test(b) && Number(a) === Number(b)

/**
 * Apple's transaction id as the signature covers it: the bytes its hex decodes to. Node reads hex
 * case-blind and stops at the first odd character, so "AB12", "ab12" and "ab12zz" sign alike and
 * must count as one token.
 */
const signedTransactionId = (transactionId: string) => Buffer.from(transactionId, "hex").toString("hex")

/**
 * The card in an Apple Pay token, for `sync-payment`'s `applePay`, and its single use (the
 * transaction id; the token opens until `maxTokenAgeSeconds` after Apple signed it). Throws {@link WalletTokenError}.
 */
export async function openApplePayToken(paymentData: unknown, options: ApplePayOptions, expected: ApplePayExpected): Promise<OpenedWalletToken> {
  const parsed = paymentDataSchema.safeParse(paymentData)
  if (!parsed.success) return fail("the token is not Apple Pay payment data (version, data, signature, header)")
  if (parsed.data.version !== "EC_v1") fail("only EC_v1 tokens are supported")
  if (parsed.data.header.publicKeyHash !== publicKeyHash(options.paymentProcessingCertificate)) {
    fail("the token was not encrypted for this store's Apple Pay payment processing certificate")
  }
  const { signedAt } = await verifyApplePaySignature(parsed.data, options)
  const transactionId = signedTransactionId(parsed.data.header.transactionId)
  if (!transactionId) fail("the token has no transaction id")

  const opened = decryptedSchema.safeParse(decrypt(parsed.data, options))
  if (!opened.success || !isCardNumber(opened.data.applicationPrimaryAccountNumber)) {
    return fail("the token holds no valid card number and expiry")
  }
  const { applicationPrimaryAccountNumber, applicationExpirationDate, paymentDataType, paymentData: details } = opened.data
  if (opened.data.transactionAmount !== expected.amountMinor || !sameCurrency(opened.data.currencyCode, expected.currencyCode)) {
    fail("the amount approved in Apple Pay is not the order total; try again")
  }
  if (paymentDataType !== "3DSecure" || !details.onlinePaymentCryptogram) fail("only 3-D Secure tokens are supported (no EMV)")

  const [yy, mm] = [applicationExpirationDate.slice(0, 2), applicationExpirationDate.slice(2, 4)]
  return {
    card: {
      token: applicationPrimaryAccountNumber,
      exp: `${mm}${yy}`,
      eciIndicator: twoDigitEci(details.eciIndicator, DEFAULT_ECI),
      cryptogram: details.onlinePaymentCryptogram,
    },
    use: { wallet: "applePay", id: transactionId, expiresAt: new Date(signedAt.getTime() + options.maxTokenAgeSeconds * 1000) },
  }
}
