/** The HTTP core as the acquiring and checkout APIs want it: authenticated by the merchant's `X-Token`. */
import type { Dispatcher } from "undici"
import { HttpClient } from "./http"
import type { RetryOptions } from "./retry"

export type TokenClientOptions = {
  /** Merchant token (`X-Token`); a test token puts the merchant in the bank's test environment. */
  token: string
  baseUrl?: string
  timeoutMs?: number
  retry?: Partial<RetryOptions>
  cms?: string
  cmsVersion?: string
  dispatcher?: Dispatcher
}

export function createTokenHttpClient(clientName: string, defaultBaseUrl: string, options: TokenClientOptions) {
  if (typeof options?.token !== "string" || options.token.trim() === "") {
    throw new TypeError(`${clientName}: token is required`)
  }
  return new HttpClient({
    baseUrl: options.baseUrl ?? defaultBaseUrl,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    cms: options.cms,
    cmsVersion: options.cmsVersion,
    dispatcher: options.dispatcher,
    headers: { "X-Token": options.token },
  })
}
