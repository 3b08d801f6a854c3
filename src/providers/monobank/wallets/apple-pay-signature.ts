/**
 * Checks Apple's signature on an Apple Pay token (EC_v1), as Apple's payment token format
 * reference describes: `signature` is a detached CMS SignedData over
 * `ephemeralPublicKey || data || transactionId || applicationData`, signed by a leaf certificate
 * with Apple's leaf marker under an intermediate with Apple's intermediate marker, chained to the
 * trusted root (Apple Root CA - G3 unless the options name another), and signed a short while ago.
 * pkijs parses the CMS and checks the message digest and signature; node checks the chain.
 */
import { X509Certificate, webcrypto } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { WalletTokenError } from "./wallet-card"

export const APPLE_LEAF_OID = "1.2.840.113635.100.6.29"
export const APPLE_INTERMEDIATE_OID = "1.2.840.113635.100.6.2.14"
const SIGNING_TIME_OID = "1.2.840.113549.1.9.5"


export type ApplePaySignedParts = {
  data: string
  signature: string
  header: { ephemeralPublicKey: string; transactionId: string; applicationData?: string }
}

export type ApplePaySignatureOptions = {
  /** PEM of the root the chain must end at. */
  rootCertificate: string
  maxTokenAgeSeconds: number
  now?: Date
}

const engine = new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"] })

const fail = (reason: string): never => {
  throw new WalletTokenError("applePay", reason)
}

/** The bytes Apple signs: ephemeral key, ciphertext, transaction id and application data, decoded and joined. */
export function applePaySignedBytes(parts: ApplePaySignedParts): Buffer {
  return Buffer.concat([
    Buffer.from(parts.header.ephemeralPublicKey, "base64"),
    Buffer.from(parts.data, "base64"),
    Buffer.from(parts.header.transactionId, "hex"),
    Buffer.from(parts.header.applicationData ?? "", "hex"),
  ])
}

function signedDataOf(signature: string): pkijs.SignedData {
  try {
    const der = Buffer.from(signature, "base64")
    const asn1 = asn1js.fromBER(new Uint8Array(der).buffer)
    if (asn1.offset === -1) throw new Error("not DER")
    const contentInfo = new pkijs.ContentInfo({ schema: asn1.result })
    if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error("not SignedData")
    return new pkijs.SignedData({ schema: contentInfo.content })
  } catch {
    return fail("the token's signature is not a CMS signature from Apple")
  }
}

const toNode = (certificate: pkijs.Certificate) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false)))
const hasExtension = (certificate: pkijs.Certificate, oid: string) => (certificate.extensions ?? []).some((extension) => extension.extnID === oid)
const isCurrent = (certificate: X509Certificate, now: Date) => new Date(certificate.validFrom) <= now && now <= new Date(certificate.validTo)

/** `issuer` issued `subject`: names match and the signature holds. */
const issued = (issuer: X509Certificate, subject: X509Certificate) => subject.checkIssued(issuer) && subject.verify(issuer.publicKey)

function checkChain(signedData: pkijs.SignedData, leaf: pkijs.Certificate, options: ApplePaySignatureOptions, now: Date) {
  if (!hasExtension(leaf, APPLE_LEAF_OID)) fail("the token was not signed with Apple's Apple Pay signing certificate")
  const leafCertificate = toNode(leaf)
  const others = (signedData.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate && item !== leaf)
  const intermediate = others.find((candidate) => issued(toNode(candidate), leafCertificate))
  if (!intermediate || !hasExtension(intermediate, APPLE_INTERMEDIATE_OID)) {
    return fail("the token's signing certificate was not issued by Apple's Apple Pay intermediate")
  }
  const intermediateCertificate = toNode(intermediate)
  const root = new X509Certificate(options.rootCertificate)
  if (!intermediateCertificate.ca || !issued(root, intermediateCertificate)) fail("the token's signature does not lead to Apple's root certificate")
  if (![leafCertificate, intermediateCertificate, root].every((certificate) => isCurrent(certificate, now))) {
    fail("a certificate of the token's signature is expired or not yet valid")
  }
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | undefined {
  const attribute = signerInfo.signedAttrs?.attributes.find((item) => item.type === SIGNING_TIME_OID)
  const value: unknown = attribute?.values[0]
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? value.toDate() : undefined
}

/**
 * Throws {@link WalletTokenError} unless Apple signed these token parts within `maxTokenAgeSeconds`;
 * answers when Apple signed them.
 */
export async function verifyApplePaySignature(parts: ApplePaySignedParts, options: ApplePaySignatureOptions): Promise<{ signedAt: Date }> {
  const now = options.now ?? new Date()
  const signedData = signedDataOf(parts.signature)
  const signerInfo = signedData.signerInfos[0]
  if (signedData.signerInfos.length !== 1 || !signerInfo) return fail("the token's signature is not a CMS signature from Apple")

  let leaf: pkijs.Certificate | null | undefined
  try {
    const data = applePaySignedBytes(parts)
    const result = await signedData.verify(
      { signer: 0, data: new Uint8Array(data).buffer, checkChain: false, extendedMode: true },
      engine
    )
    if (result.signatureVerified === true) leaf = result.signerCertificate
  } catch {
    leaf = undefined
  }
  if (!leaf) return fail("the token's signature does not match its content: it was changed or not signed by Apple")

  checkChain(signedData, leaf, options, now)

  const signedAt = signingTimeOf(signerInfo)
  if (!signedAt) return fail("the token's signature carries no signing time")
  const ageSeconds = (now.getTime() - signedAt.getTime()) / 1000
  if (ageSeconds > options.maxTokenAgeSeconds || ageSeconds < -options.maxTokenAgeSeconds) {
    fail(`the token was signed more than ${options.maxTokenAgeSeconds} seconds ago (or in the future); try again`)
  }
  return { signedAt }
}
