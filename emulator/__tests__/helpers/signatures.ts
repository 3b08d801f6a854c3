import { createHmac, createPublicKey, verify } from "node:crypto"

/** The check a merchant does on an acquiring webhook: X-Sign over the exact body, key from /pubkey. */
export function verifyXSign(body: string, xSign: string, pubkeyBase64: string): boolean {
  const key = createPublicKey(Buffer.from(pubkeyBase64, "base64").toString("utf8"))
  return verify("sha256", Buffer.from(body, "utf8"), key, Buffer.from(xSign, "base64"))
}

export function installmentsSignature(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64")
}
