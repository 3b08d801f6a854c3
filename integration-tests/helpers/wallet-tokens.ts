/**
 * Apple Pay and Google Pay for tests: merchant keys made at test time, tokens encrypted the way
 * Apple and Google do (so the plugin's real decryption runs on them), and a local fake of Apple's
 * merchant validation that requires the merchant identity client certificate.
 *
 * Keys come from node's crypto. Certificates and CMS signatures need the `openssl` CLI (node cannot
 * issue X.509): the Apple payment processing certificate must carry Apple's merchant-id extension,
 * Apple's token signing chain (test root -> intermediate -> leaf) Apple's marker extensions, and the
 * mutual TLS pair needs certificates on both sides.
 */
import { execFileSync } from "node:child_process"
import {
  createCipheriv,
  createECDH,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  type KeyObject,
} from "node:crypto"
import fs from "node:fs"
import https from "node:https"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import type { ApplePayOptionsInput, GooglePayOptionsInput } from "../../src/utils/acquiring/wallet-options"
import { intermediateKeySignedBytes, messageSignedBytes } from "../../src/providers/monobank/wallets/google-pay-signature"

const APPLE_MERCHANT_ID_OID = "1.2.840.113635.100.6.32"
const APPLE_LEAF_OID = "1.2.840.113635.100.6.29"
const APPLE_INTERMEDIATE_OID = "1.2.840.113635.100.6.2.14"
const DAY_MS = 24 * 60 * 60 * 1000

type PemPair = { certificate: string; privateKey: string }

/** Who signs Apple Pay tokens in tests: a leaf under an intermediate under `root`. */
export type AppleSigningChain = { root: string; intermediate: string; leaf: PemPair }

export type TestWalletKeys = {
  apple: {
    merchantIdentifier: string
    paymentProcessing: PemPair
    merchantIdentity: PemPair
    /** Stands in for Apple's token signing; `root` goes to the options' rootCertificate. */
    signing: AppleSigningChain
  }
  google: {
    merchantId: string
    /** The store's decryption key (PEM). */
    privateKey: string
    /** Google's side, kept by the test: the root key signs the intermediate key, which signs tokens. */
    rootPrivateKey: KeyObject
    /** `keys` entry as Google publishes it, for the options' rootSigningKeys. */
    rootSigningKey: { keyValue: string; protocolVersion: "ECv2"; keyExpiration: string }
  }
}

/** A card as a wallet holds it. `dpan` must be a Luhn-valid test number. */
export type TestWalletCard = {
  dpan: string
  expMonth: number
  /** Four digits, e.g. 2030. */
  expYear: number
  cryptogram?: string
  eciIndicator?: string
}

const ecKeyPem = () =>
  generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString()

/** Runs `openssl` in a fresh temporary folder holding `files`; the folder is removed afterwards. */
function inTempDir<T>(files: Record<string, string | Buffer>, run: (file: (name: string) => string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-cert-"))
  try {
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content, { mode: 0o600 })
    return run((name) => path.join(dir, name))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const openssl = (args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "pipe", "pipe"] })

/**
 * A certificate for `keyPem` from the openssl CLI, with extra `-addext` values: self-signed, or
 * issued by `issuer` when given.
 */
function selfSignedCertificate(keyPem: string, subject: string, extensions: string[] = [], issuer?: PemPair): string {
  const files = { "key.pem": keyPem, ...(issuer ? { "ca.pem": issuer.certificate, "ca-key.pem": issuer.privateKey } : {}) }
  return inTempDir(files, (file) => {
    const args = ["req", "-x509", "-new", "-key", file("key.pem"), "-subj", subject, "-days", "2", "-sha256"]
    if (issuer) args.push("-CA", file("ca.pem"), "-CAkey", file("ca-key.pem"))
    for (const extension of extensions) args.push("-addext", extension)
    return openssl(args).toString("utf8")
  })
}

/**
 * A test stand-in for Apple's signing chain. `markers.leaf` / `markers.intermediate` false leave
 * Apple's marker extension off that certificate (one Apple did not issue for Apple Pay).
 */
export function makeAppleSigningChain(name = "test", markers: { leaf?: boolean; intermediate?: boolean } = {}): AppleSigningChain {
  const rootKey = ecKeyPem()
  const root = selfSignedCertificate(rootKey, `/CN=Test Apple Root ${name}`)
  const intermediateKey = ecKeyPem()
  const intermediate = selfSignedCertificate(
    intermediateKey,
    `/CN=Test Apple Application Integration CA ${name}`,
    markers.intermediate === false ? [] : [`${APPLE_INTERMEDIATE_OID}=ASN1:NULL`],
    { certificate: root, privateKey: rootKey }
  )
  const leafKey = ecKeyPem()
  const leaf = selfSignedCertificate(
    leafKey,
    `/CN=Test ecc-smp-broker-sign ${name}`,
    markers.leaf === false ? [] : [`${APPLE_LEAF_OID}=ASN1:NULL`],
    { certificate: intermediate, privateKey: intermediateKey }
  )
  return { root, intermediate, leaf: { certificate: leaf, privateKey: leafKey } }
}

/** A detached CMS SignedData (base64 DER) over `content`, as Apple signs tokens; openssl adds the signing time. */
function cmsSign(content: Buffer, chain: AppleSigningChain): string {
  const files = { "content.bin": content, "leaf.pem": chain.leaf.certificate, "leaf-key.pem": chain.leaf.privateKey, "intermediate.pem": chain.intermediate }
  return inTempDir(files, (file) =>
    openssl([
      "cms", "-sign", "-binary", "-md", "sha256", "-outform", "DER",
      "-in", file("content.bin"), "-signer", file("leaf.pem"), "-inkey", file("leaf-key.pem"), "-certfile", file("intermediate.pem"),
    ]).toString("base64")
  )
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest()

/** Fresh keys and certificates of a test merchant for both wallets. */
export function makeTestWalletKeys(name = "test-store"): TestWalletKeys {
  const merchantIdentifier = `merchant.ua.example.${name}`
  const processingKey = ecKeyPem()
  // Apple writes the upper-case hex SHA-256 of the merchant identifier into this extension (a UTF8String).
  const merchantIdHex = sha256(merchantIdentifier).toString("hex").toUpperCase()
  const processingCertificate = selfSignedCertificate(processingKey, `/CN=Apple Pay Payment Processing:${merchantIdentifier}`, [
    `${APPLE_MERCHANT_ID_OID}=ASN1:UTF8String:${merchantIdHex}`,
  ])
  const identityKey = ecKeyPem()
  const identityCertificate = selfSignedCertificate(identityKey, `/CN=Merchant ID:${merchantIdentifier}`)

  const root = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  return {
    apple: {
      merchantIdentifier,
      paymentProcessing: { certificate: processingCertificate, privateKey: processingKey },
      merchantIdentity: { certificate: identityCertificate, privateKey: identityKey },
      signing: makeAppleSigningChain(name),
    },
    google: {
      merchantId: `BCR2DN4T${sha256(name).toString("hex").slice(0, 12).toUpperCase()}`,
      privateKey: ecKeyPem(),
      rootPrivateKey: root.privateKey,
      rootSigningKey: {
        keyValue: root.publicKey.export({ format: "der", type: "spki" }).toString("base64"),
        protocolVersion: "ECv2",
        keyExpiration: String(Date.now() + 365 * DAY_MS),
      },
    },
  }
}

/** Provider options (`applePay`) for these keys. */
export function testApplePayOptions(keys: TestWalletKeys, overrides: Partial<ApplePayOptionsInput> = {}): ApplePayOptionsInput {
  return {
    merchantIdentifier: keys.apple.merchantIdentifier,
    displayName: "Test store",
    domainName: "shop.example.ua",
    paymentProcessingCertificate: keys.apple.paymentProcessing.certificate,
    paymentProcessingPrivateKey: keys.apple.paymentProcessing.privateKey,
    merchantIdentityCertificate: keys.apple.merchantIdentity.certificate,
    merchantIdentityPrivateKey: keys.apple.merchantIdentity.privateKey,
    rootCertificate: keys.apple.signing.root,
    ...overrides,
  }
}

/** Provider options (`googlePay`) for these keys. */
export function testGooglePayOptions(keys: TestWalletKeys, overrides: Partial<GooglePayOptionsInput> = {}): GooglePayOptionsInput {
  return {
    merchantId: keys.google.merchantId,
    environment: "TEST",
    privateKeys: [keys.google.privateKey],
    rootSigningKeys: [keys.google.rootSigningKey],
    ...overrides,
  }
}

/**
 * Apple Pay `paymentData` (EC_v1) for the card, encrypted to the store's payment processing
 * certificate and signed (now) by `signer` (default the keys' test chain) as Apple does.
 */
export function encryptApplePayToken(
  card: TestWalletCard,
  keys: TestWalletKeys,
  amountMinor = 100,
  currencyCode = "980",
  signer: AppleSigningChain = keys.apple.signing
) {
  const merchantPublic = createPublicKey(keys.apple.paymentProcessing.certificate)
  const ephemeral = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: merchantPublic })
  // NIST SP 800-56A single-step KDF with Apple's OtherInfo.
  const symmetricKey = sha256(
    Buffer.concat([
      Buffer.from([0, 0, 0, 1]),
      shared,
      Buffer.from("\x0did-aes256-GCM", "latin1"),
      Buffer.from("Apple", "ascii"),
      sha256(keys.apple.merchantIdentifier),
    ])
  )
  const plaintext = JSON.stringify({
    applicationPrimaryAccountNumber: card.dpan,
    applicationExpirationDate: `${String(card.expYear % 100).padStart(2, "0")}${String(card.expMonth).padStart(2, "0")}31`,
    currencyCode,
    transactionAmount: amountMinor,
    deviceManufacturerIdentifier: "040010030273",
    paymentDataType: "3DSecure",
    paymentData: {
      onlinePaymentCryptogram: card.cryptogram ?? randomBytes(20).toString("base64"),
      ...(card.eciIndicator ? { eciIndicator: card.eciIndicator } : {}),
    },
  })
  const cipher = createCipheriv("aes-256-gcm", symmetricKey, Buffer.alloc(16))
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()])
  const ephemeralPublicKey = ephemeral.publicKey.export({ format: "der", type: "spki" })
  const transactionId = randomBytes(32)
  return {
    version: "EC_v1",
    data: data.toString("base64"),
    signature: cmsSign(Buffer.concat([ephemeralPublicKey, data, transactionId]), signer),
    header: {
      ephemeralPublicKey: ephemeralPublicKey.toString("base64"),
      publicKeyHash: sha256(merchantPublic.export({ format: "der", type: "spki" })).toString("base64"),
      transactionId: transactionId.toString("hex"),
    },
  }
}

type ApplePaymentData = ReturnType<typeof encryptApplePayToken>

/** Signs `paymentData` again as it now stands (a test that changes a token and wants the signature to still hold). */
export function resignApplePayToken(paymentData: ApplePaymentData, signer: AppleSigningChain): ApplePaymentData {
  const { header } = paymentData
  const content = Buffer.concat([Buffer.from(header.ephemeralPublicKey, "base64"), Buffer.from(paymentData.data, "base64"), Buffer.from(header.transactionId, "hex")])
  return { ...paymentData, signature: cmsSign(content, signer) }
}

export type GoogleTokenShape = {
  authMethod?: "CRYPTOGRAM_3DS" | "PAN_ONLY"
  /** When the message stops being valid (ms since 1970); default an hour from now. */
  messageExpiration?: number
  /** When the intermediate signing key expires; default a day from now. */
  signingKeyExpiration?: number
}

/** Uncompressed EC point (0x04 || x || y) of a P-256 key, as Google's DIRECT tokenization takes the public key. */
function uncompressedPoint(key: KeyObject): Buffer {
  const jwk = createPublicKey(key).export({ format: "jwk" })
  return Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")])
}

/**
 * A Google Pay ECv2 token for the card (the JSON string Google puts in
 * `paymentMethodData.tokenizationData.token`), encrypted to the store's key and signed by the test's
 * Google root key through an intermediate key, as Google does.
 */
export function encryptGooglePayToken(card: TestWalletCard, keys: TestWalletKeys, shape: GoogleTokenShape = {}): string {
  const { authMethod = "CRYPTOGRAM_3DS" } = shape
  const now = Date.now()
  const details = {
    pan: card.dpan,
    expirationMonth: card.expMonth,
    expirationYear: card.expYear,
    authMethod,
    ...(authMethod === "CRYPTOGRAM_3DS"
      ? { cryptogram: card.cryptogram ?? randomBytes(20).toString("base64"), ...(card.eciIndicator ? { eciIndicator: card.eciIndicator } : {}) }
      : {}),
  }
  const message = JSON.stringify({
    messageExpiration: String(shape.messageExpiration ?? now + 60 * 60 * 1000),
    messageId: randomBytes(16).toString("hex"),
    paymentMethod: "CARD",
    paymentMethodDetails: details,
  })

  // ECIES-KEM with HKDF-SHA256, AES-256-CTR and HMAC-SHA256, as Google's ECv2 encrypts.
  const ephemeral = createECDH("prime256v1")
  const ephemeralPublic = ephemeral.generateKeys()
  const shared = ephemeral.computeSecret(uncompressedPoint(createPrivateKey(keys.google.privateKey)))
  const derived = Buffer.from(hkdfSync("sha256", Buffer.concat([ephemeralPublic, shared]), Buffer.alloc(32), Buffer.from("Google"), 64))
  const cipher = createCipheriv("aes-256-ctr", derived.subarray(0, 32), Buffer.alloc(16))
  const encrypted = Buffer.concat([cipher.update(message, "utf8"), cipher.final()])
  const signedMessage = JSON.stringify({
    encryptedMessage: encrypted.toString("base64"),
    ephemeralPublicKey: ephemeralPublic.toString("base64"),
    tag: createHmac("sha256", derived.subarray(32)).update(encrypted).digest("base64"),
  })

  const intermediate = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  const signedKey = JSON.stringify({
    keyValue: intermediate.publicKey.export({ format: "der", type: "spki" }).toString("base64"),
    keyExpiration: String(shape.signingKeyExpiration ?? now + DAY_MS),
  })
  const ecdsa = (key: KeyObject, data: Buffer) => sign("sha256", data, { key, dsaEncoding: "der" }).toString("base64")
  return JSON.stringify({
    protocolVersion: "ECv2",
    signature: ecdsa(intermediate.privateKey, messageSignedBytes(keys.google.merchantId, signedMessage)),
    intermediateSigningKey: { signedKey, signatures: [ecdsa(keys.google.rootPrivateKey, intermediateKeySignedBytes(signedKey))] },
    signedMessage,
  })
}

export type FakeApplePayValidation = {
  /** Where to send merchant validation: set as `merchantValidationUrl`. */
  url: string
  /** The fake's own certificate: set as `merchantValidationCa` so the client trusts it. */
  ca: string
  /** Bodies of the requests that passed the client certificate check. */
  requests: Array<Record<string, unknown>>
  close(): Promise<void>
}

/**
 * A local stand-in for Apple's merchant validation on 127.0.0.1: TLS that requires the merchant
 * identity certificate of `keys` as client certificate, answering a fake merchant session.
 */
export async function startFakeApplePayValidation(keys: TestWalletKeys): Promise<FakeApplePayValidation> {
  const serverKey = ecKeyPem()
  const serverCertificate = selfSignedCertificate(serverKey, "/CN=127.0.0.1", ["subjectAltName=IP:127.0.0.1"])
  const requests: Array<Record<string, unknown>> = []
  const server = https.createServer(
    {
      key: serverKey,
      cert: serverCertificate,
      ca: keys.apple.merchantIdentity.certificate,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        let body: Record<string, unknown> = {}
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>
        } catch {
          res.writeHead(400).end()
          return
        }
        requests.push(body)
        const now = Date.now()
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            epochTimestamp: now,
            expiresAt: now + 60 * 60 * 1000,
            merchantSessionIdentifier: `SSH${randomBytes(16).toString("hex").toUpperCase()}`,
            nonce: randomBytes(4).toString("hex"),
            merchantIdentifier: sha256(String(body.merchantIdentifier)).toString("hex").toUpperCase(),
            domainName: body.initiativeContext,
            displayName: body.displayName,
            signature: randomBytes(64).toString("base64"),
            operationalAnalyticsIdentifier: "fake-apple-pay-validation",
            retries: 0,
          })
        )
      })
    }
  )
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}/paymentservices/paymentSession`,
    ca: serverCertificate,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
