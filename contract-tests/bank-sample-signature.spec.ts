/**
 * The bank's own sample webhook (public key, X-Sign, body) from the NodeJs verification example in
 * the published acquiring document, extracted at test time, must verify; any one-byte change of the
 * body must not. Runs both node:crypto directly and our library's verifyEcdsaSignature.
 */
import { createPublicKey, verify } from "node:crypto"
import { verifyEcdsaSignature } from "../src/lib/monobank"
import { loadSpec } from "./openapi-schema"

type Sample = { publicKeyBase64: string; xSign: string; body: Buffer }

function extractNodeSample(): Sample {
  const texts: string[] = []
  const walk = (node: unknown) => {
    if (typeof node === "string") texts.push(node)
    else if (node && typeof node === "object") Object.values(node).forEach(walk)
  }
  walk(loadSpec("acquiring"))
  const text = texts.find((candidate) => candidate.includes("<summary>NodeJs</summary>"))
  if (!text) throw new Error("no NodeJs verification sample in the acquiring document")
  const section = text.slice(text.indexOf("<summary>NodeJs</summary>"))
  const code = /```javascript\n([\s\S]*?)```/.exec(section)?.[1]
  if (!code) throw new Error("the NodeJs sample has no javascript code block")
  // the code block is indented inside <details>: remove the common indentation to get the original bytes
  const lines = code.split("\n")
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length))
  const source = lines.map((line) => line.slice(indent)).join("\n")
  const publicKeyBase64 = /pubKeyBase64 = "([^"]+)"/.exec(source)?.[1]
  const xSign = /xSignBase64 = "([^"]+)"/.exec(source)?.[1]
  const message = /let message = `([\s\S]*?)`/.exec(source)?.[1]
  if (!publicKeyBase64 || !xSign || message === undefined) throw new Error("could not read key, X-Sign and body from the sample")
  return { publicKeyBase64, xSign, body: Buffer.from(message, "utf8") }
}

describe("the bank's sample webhook signature", () => {
  const sample = extractNodeSample()
  const key = createPublicKey(Buffer.from(sample.publicKeyBase64, "base64").toString("utf8"))
  const signature = Buffer.from(sample.xSign, "base64")

  it("is a P-256 key and a webhook body the emulator's records resemble", () => {
    expect(key.asymmetricKeyType).toBe("ec")
    expect(key.asymmetricKeyDetails?.namedCurve).toBe("prime256v1")
    expect(JSON.parse(sample.body.toString("utf8"))).toMatchObject({ invoiceId: expect.any(String), status: "created" })
  })

  it("verifies with node crypto.verify and with verifyEcdsaSignature", () => {
    expect(verify("sha256", sample.body, key, signature)).toBe(true)
    expect(verifyEcdsaSignature(sample.body, sample.xSign, sample.publicKeyBase64)).toBe(true)
  })

  it("fails for every one-byte change of the body", () => {
    const failures: number[] = []
    for (let i = 0; i < sample.body.length; i++) {
      const changed = Buffer.from(sample.body)
      changed[i] ^= 0x01
      if (verify("sha256", changed, key, signature) || verifyEcdsaSignature(changed, sample.xSign, sample.publicKeyBase64)) {
        failures.push(i)
      }
    }
    expect(failures).toEqual([])
  })

  it("fails for the body re-serialized as JSON (the raw bytes are what is signed)", () => {
    const reserialized = Buffer.from(JSON.stringify(JSON.parse(sample.body.toString("utf8"))))
    expect(verify("sha256", reserialized, key, signature)).toBe(false)
  })
})
