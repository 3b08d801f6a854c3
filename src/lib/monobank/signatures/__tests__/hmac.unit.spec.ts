import { createHmac } from "node:crypto"
import fc from "fast-check"
import { signInstallmentsBody, verifyInstallmentsSignature } from "../hmac"

const SECRET = "emulator-installments-test-secret"
const BODY = '{"order_id":"fa4a8249-336e-4e6d-9b85-79bc8be62377","note":"Покупка"}'

describe("installments HMAC signatures", () => {
  it("matches a vector computed outside node (python hmac) and node's own HMAC", () => {
    expect(signInstallmentsBody(BODY, SECRET)).toBe("7KnQJXqq8dfYr1B5o31p21PzjU0mjWmxuRdV4u/G6AY=")
    const independent = createHmac("sha256", SECRET).update(Buffer.from(BODY, "utf8")).digest("base64")
    expect(signInstallmentsBody(Buffer.from(BODY, "utf8"), SECRET)).toBe(independent)
  })

  it("verifies a correct signature and tolerates whitespace around the header value", () => {
    const signature = signInstallmentsBody(BODY, SECRET)
    expect(verifyInstallmentsSignature(BODY, signature, SECRET)).toBe(true)
    expect(verifyInstallmentsSignature(Buffer.from(BODY), ` ${signature}\t\n`, SECRET)).toBe(true)
  })

  it("rejects a wrong secret, a changed body and missing or garbage signatures", () => {
    const signature = signInstallmentsBody(BODY, SECRET)
    expect(verifyInstallmentsSignature(BODY, signature, "emulator-installments-test-secreT")).toBe(false)
    expect(verifyInstallmentsSignature(BODY.replace("Покупка", "покупка"), signature, SECRET)).toBe(false)
    expect(verifyInstallmentsSignature(BODY, undefined, SECRET)).toBe(false)
    expect(verifyInstallmentsSignature(BODY, "", SECRET)).toBe(false)
    expect(verifyInstallmentsSignature(BODY, "not base64 at all ✓", SECRET)).toBe(false)
    expect(verifyInstallmentsSignature(BODY, signature.slice(0, -2), SECRET)).toBe(false)
    expect(verifyInstallmentsSignature(BODY, signature, "")).toBe(false)
    expect(verifyInstallmentsSignature(BODY, 42 as never, SECRET)).toBe(false)
  })

  it("signs the raw bytes, including bytes that are not valid UTF-8", () => {
    const raw = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x41])
    expect(signInstallmentsBody(raw, "k")).toBe("3mwf1xVG9qODB8oKUckKLGfdGmb0kHz15cxhkuNJqzw=")
    expect(verifyInstallmentsSignature(raw, "3mwf1xVG9qODB8oKUckKLGfdGmb0kHz15cxhkuNJqzw=", "k")).toBe(true)
    // Decoding to a string first replaces the invalid bytes, and the signature no longer matches.
    expect(verifyInstallmentsSignature(raw.toString("utf8"), "3mwf1xVG9qODB8oKUckKLGfdGmb0kHz15cxhkuNJqzw=", "k")).toBe(false)
  })

  it("any one-byte change of the body breaks the signature (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 256 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, index, flip) => {
          const body = Buffer.from(bytes)
          const signature = signInstallmentsBody(body, SECRET)
          const changed = Buffer.from(body)
          changed[index % changed.length] ^= flip
          expect(verifyInstallmentsSignature(body, signature, SECRET)).toBe(true)
          expect(verifyInstallmentsSignature(changed, signature, SECRET)).toBe(false)
        }
      )
    )
  })
})
