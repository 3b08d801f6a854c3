/** The credentials of the acquiring and checkout APIs: the merchant's `X-Token`. */
import type { ConnectionOptions } from "./api-client"

export type TokenClientOptions = ConnectionOptions & {
  /** Merchant token (`X-Token`); a test token puts the merchant in the bank's test environment. */
  token: string
}

/** The `X-Token` header; a TypeError naming the client when the token is missing. */
export function tokenHeaders(clientName: string, options: TokenClientOptions): Record<string, string> {
  if (typeof options?.token !== "string" || options.token.trim() === "") {
    throw new TypeError(`${clientName}: token is required`)
  }
  return { "X-Token": options.token }
}
