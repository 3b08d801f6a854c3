/**
 * What every bank API client shares: the options of its connection, the one HTTP core made from
 * them with the API's credentials as headers, its address, and closing it. Each API's client adds
 * its credentials' checks and its operations (acquiring/ and checkout/ through token-auth.ts,
 * installments/).
 */
import type { Dispatcher } from "undici"
import { HttpClient } from "./http"
import type { RetryOptions } from "./retry"

export type ConnectionOptions = {
  baseUrl?: string
  timeoutMs?: number
  retry?: Partial<RetryOptions>
  cms?: string
  cmsVersion?: string
  dispatcher?: Dispatcher
}

export abstract class ApiClient {
  protected readonly http: HttpClient

  protected constructor(options: ConnectionOptions, defaultBaseUrl: string, credentials: Record<string, string>) {
    this.http = new HttpClient({
      baseUrl: options.baseUrl ?? defaultBaseUrl,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      cms: options.cms,
      cmsVersion: options.cmsVersion,
      dispatcher: options.dispatcher,
      headers: credentials,
    })
  }

  get baseUrl(): string {
    return this.http.baseUrl
  }

  close(): Promise<void> {
    return this.http.close()
  }
}
