import { generateKeyPairSync, sign, type KeyObject } from "node:crypto"
import fc from "fast-check"
import { parsePublicKey, verifyEcdsaSignature } from "../ecdsa"

function bankKeyPair(): { privateKey: KeyObject; publicKeyBase64: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
  const pem = publicKey.export({ type: "spki", format: "pem" }).toString()
  return { privateKey, publicKeyBase64: Buffer.from(pem, "utf8").toString("base64") }
}

const bank = bankKeyPair()
const other = bankKeyPair()
const BODY = '{\n  "invoiceId": "p2_test",\n  "status": "success",\n  "amount": 4200,\n  "ccy": 980\n}'
const xSign = (body: Buffer | string, key = bank.privateKey) => sign("sha256", Buffer.from(body), key).toString("base64")

describe("verifyEcdsaSignature", () => {
  it("accepts the signature of the exact raw body, as string or Buffer", () => {
    const signature = xSign(BODY)
    expect(verifyEcdsaSignature(BODY, signature, bank.publicKeyBase64)).toBe(true)
    expect(verifyEcdsaSignature(Buffer.from(BODY), signature, parsePublicKey(bank.publicKeyBase64))).toBe(true)
  })

  it("rejects the same JSON re-serialised (key order and spacing matter)", () => {
    const signature = xSign(BODY)
    expect(verifyEcdsaSignature(JSON.stringify(JSON.parse(BODY)), signature, bank.publicKeyBase64)).toBe(false)
  })

  it("any one-byte change of the body fails (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (bytes, i, flip) => {
        const body = Buffer.from(bytes)
        const signature = xSign(body)
        const changed = Buffer.from(body)
        changed[i % changed.length] ^= flip
        expect(verifyEcdsaSignature(changed, signature, bank.publicKeyBase64)).toBe(false)
      }),
      { numRuns: 50 }
    )
  })

  it("rejects a signature made with another key", () => {
    expect(verifyEcdsaSignature(BODY, xSign(BODY, other.privateKey), bank.publicKeyBase64)).toBe(false)
    expect(verifyEcdsaSignature(BODY, xSign(BODY), other.publicKeyBase64)).toBe(false)
  })

  it.each([undefined, null, "", "   ", "!!!", "AAAA", Buffer.from("garbage").toString("base64")])(
    "returns false for the signature %p",
    (signature) => {
      expect(verifyEcdsaSignature(BODY, signature as string, bank.publicKeyBase64)).toBe(false)
    }
  )

  it("returns false, without throwing, for a garbage key", () => {
    const signature = xSign(BODY)
    for (const key of ["", "abc", Buffer.from("-----BEGIN PUBLIC KEY-----\nxx\n").toString("base64")]) {
      expect(verifyEcdsaSignature(BODY, signature, key)).toBe(false)
    }
  })
})

describe("parsePublicKey", () => {
  it("parses base64 of PEM and a bare PEM", () => {
    expect(parsePublicKey(bank.publicKeyBase64).asymmetricKeyType).toBe("ec")
    const pem = Buffer.from(bank.publicKeyBase64, "base64").toString("utf8")
    expect(parsePublicKey(pem).asymmetricKeyType).toBe("ec")
  })

  it("throws on garbage and on non-EC keys", () => {
    expect(() => parsePublicKey("not a key")).toThrow(/PEM/)
    const { publicKey } = generateKeyPairSync("ed25519")
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString()
    expect(() => parsePublicKey(Buffer.from(pem).toString("base64"))).toThrow(/ECDSA/)
  })
})
