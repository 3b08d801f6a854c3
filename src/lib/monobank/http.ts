/**
 * The one HTTP core every monobank client goes through: keep-alive pool, timeouts, caller abort,
 * default headers, JSON encoding (the exact bytes are handed to signers and returned), Trace-Id
 * capture, error parsing and the retry policy of `retry.ts`.
 */
import { Pool, type Dispatcher } from "undici"
import { PLUGIN_NAME, PLUGIN_VERSION } from "./plugin-info"
import { AttemptAbort } from "./attempt-abort"
import { requestText } from "./request-text"
import { MonobankApiError, type MonobankApiErrorInit } from "./errors"
import {
  errorCode,
  isNeverSent,
  lowerCaseKeys,
  parseErrorBody,
  parseJson,
  queryString,
} from "./http-util"
import {
  ENDPOINT_POLICIES,
  planRetry,
  parseRetryAfterMs,
  resolveRetryOptions,
  type AttemptFailure,
  type EndpointKey,
  type RetryClass,
  type RetryOptions,
} from "./retry"

export const DEFAULT_TIMEOUT_MS = 30_000

/**
 * The calls the bank documents `X-Cms`/`X-Cms-Version` for (acquiring create and payment calls);
 * every other call goes without them (two headers less to send and parse on each status read).
 */
export const CMS_HEADER_ENDPOINTS: ReadonlySet<EndpointKey> = new Set<EndpointKey>([
  "POST /api/merchant/invoice/create",
  "POST /api/merchant/invoice/payment-direct",
  "POST /api/merchant/invoice/sync-payment",
  "POST /api/merchant/wallet/payment",
])

export type HttpClientOptions = {
  baseUrl: string
  /** Per-attempt time limit, connection included. */
  timeoutMs?: number
  /** Sent with every request (credentials go here). */
  headers?: Record<string, string>
  /** `X-Cms` header; default "medusa-payment-monobank". */
  cms?: string
  /** `X-Cms-Version` header; default this package's version. */
  cmsVersion?: string
  retry?: Partial<RetryOptions>
  /** Use your own undici dispatcher (proxy, mock agent); it is then not closed by `close()`. */
  dispatcher?: Dispatcher
}

export type HttpRequest = {
  /** Which endpoint this is: fixes the method and the retry policy. */
  endpoint: EndpointKey
  /** Actual path when it differs from the endpoint's (path parameters). */
  path?: string
  query?: Record<string, string | undefined>
  /** JSON-encoded once; the same bytes go to `sign` and on the wire. */
  body?: unknown
  /** Extra headers computed from the exact body bytes (installments signature). */
  sign?: (body: Buffer) => Record<string, string>
  timeoutMs?: number
  signal?: AbortSignal
}

export type HttpResponse = {
  status: number
  traceId?: string
  /** Parsed JSON body; `{}` for an empty body. */
  body: unknown
  /** The exact bytes sent, when there was a body. */
  requestBody?: Buffer
  attempts: number
}

type AttemptResult =
  | { ok: true; response: HttpResponse }
  | { ok: false; failure: AttemptFailure; error: Omit<MonobankApiErrorInit, "attempts"> }

export class HttpClient {
  readonly baseUrl: string
  private readonly origin: string
  private readonly pathPrefix: string
  private readonly timeoutMs: number
  // Private fields: credentials in here never show up in console.log / util.inspect.
  readonly #defaultHeaders: Record<string, string>
  /** The default headers with X-Cms and X-Cms-Version, for CMS_HEADER_ENDPOINTS. */
  readonly #cmsHeaders: Record<string, string>
  private readonly retry: RetryOptions
  private readonly ownsDispatcher: boolean
  private dispatcher?: Dispatcher

  constructor(options: HttpClientOptions) {
    const url = new URL(options.baseUrl)
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new TypeError(`baseUrl must be an http(s) URL, got ${url.protocol}`)
    }
    this.origin = url.origin
    this.pathPrefix = url.pathname.replace(/\/+$/, "")
    this.baseUrl = this.origin + this.pathPrefix
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    if (!(this.timeoutMs > 0)) throw new TypeError("timeoutMs must be a positive number")
    this.retry = resolveRetryOptions(options.retry)
    this.dispatcher = options.dispatcher
    this.ownsDispatcher = !options.dispatcher
    this.#defaultHeaders = {
      accept: "application/json",
      "user-agent": `${PLUGIN_NAME}/${PLUGIN_VERSION}`,
      ...lowerCaseKeys(options.headers ?? {}),
    }
    this.#cmsHeaders = {
      "x-cms": options.cms ?? PLUGIN_NAME,
      "x-cms-version": options.cmsVersion ?? PLUGIN_VERSION,
      ...this.#defaultHeaders,
    }
  }

  policyOf(endpoint: EndpointKey): RetryClass {
    return ENDPOINT_POLICIES[endpoint]
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const method = req.endpoint.slice(0, req.endpoint.indexOf(" "))
    const path = req.path ?? req.endpoint.slice(method.length + 1)
    const policy = this.policyOf(req.endpoint)
    const requestBody =
      req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body), "utf8")
    const defaults = CMS_HEADER_ENDPOINTS.has(req.endpoint) ? this.#cmsHeaders : this.#defaultHeaders
    // Reads (no body) send the shared default headers as they are: undici does not change them.
    const headers = requestBody
      ? { ...defaults, "content-type": "application/json", ...lowerCaseKeys(req.sign?.(requestBody) ?? {}) }
      : defaults
    const target = this.pathPrefix + path + queryString(req.query)

    let failedAttempts = 0
    let delaySpentMs = 0
    for (;;) {
      if (req.signal?.aborted) {
        throw new MonobankApiError({
          kind: "network",
          method,
          path,
          aborted: true,
          attempts: failedAttempts,
          cause: req.signal.reason,
        })
      }
      const result = await this.attempt({ method, path, target, headers, requestBody, policy, req })
      if (result.ok) {
        result.response.attempts = failedAttempts + 1
        return result.response
      }
      failedAttempts += 1
      const decision = result.error.aborted
        ? ({ retry: false } as const)
        : planRetry({
            policy,
            failure: result.failure,
            failedAttempts,
            delaySpentMs,
            options: this.retry,
          })
      if (!decision.retry) throw new MonobankApiError({ ...result.error, attempts: failedAttempts })
      try {
        await this.retry.sleep(decision.delayMs, req.signal)
      } catch (cause) {
        throw new MonobankApiError({ ...result.error, aborted: true, attempts: failedAttempts, cause })
      }
      delaySpentMs += decision.delayMs
    }
  }

  /** Closes the keep-alive pool this client created (not a dispatcher passed in). */
  async close(): Promise<void> {
    if (this.ownsDispatcher && this.dispatcher) {
      const dispatcher = this.dispatcher
      this.dispatcher = undefined
      await dispatcher.close()
    }
  }

  private pool(): Dispatcher {
    this.dispatcher ??= new Pool(this.origin, {
      connections: 16,
      keepAliveTimeout: 10_000,
      connect: { timeout: Math.min(this.timeoutMs, 10_000) },
    })
    return this.dispatcher
  }

  private async attempt(input: {
    method: string
    path: string
    target: string
    headers: Record<string, string>
    requestBody?: Buffer
    policy: RetryClass
    req: HttpRequest
  }): Promise<AttemptResult> {
    const { method, path, policy, req } = input
    const timeoutMs = req.timeoutMs ?? this.timeoutMs
    const abort = new AttemptAbort(timeoutMs, req.signal)
    const base = { method, path }
    try {
      const res = await requestText(
        this.pool(),
        { method: method as Dispatcher.HttpMethod, path: input.target, headers: input.headers, body: input.requestBody },
        abort
      )
      const { traceId, text, status } = res
      const retryAfterMs = parseRetryAfterMs(res.retryAfter)
      if (status >= 200 && status < 300) {
        const body = parseJson(text)
        if (body !== undefined) {
          const response = { status, traceId, body, requestBody: input.requestBody, attempts: 1 }
          return { ok: true, response }
        }
        return {
          ok: false,
          failure: { type: "response", status: 502 },
          error: {
            ...base,
            kind: "http",
            status,
            traceId,
            errCode: "INVALID_RESPONSE",
            detail: "response body is not JSON",
            outcomeUnknown: policy === "unsafe",
          },
        }
      }
      return {
        ok: false,
        failure: { type: "response", status, retryAfterMs },
        error: {
          ...base,
          kind: "http",
          status,
          traceId,
          retryAfterMs,
          ...parseErrorBody(text, status),
          outcomeUnknown: policy === "unsafe" && status >= 500,
        },
      }
    } catch (cause) {
      const neverSent = isNeverSent(cause)
      const timedOut = abort.timedOut
      const aborted = !timedOut && req.signal?.aborted === true
      const kind = timedOut ? "timeout" : "network"
      return {
        ok: false,
        failure: { type: kind, neverSent },
        error: {
          ...base,
          kind,
          aborted,
          detail: timedOut ? `after ${timeoutMs} ms` : aborted ? undefined : errorCode(cause),
          outcomeUnknown: policy === "unsafe" && !neverSent,
          cause,
        },
      }
    } finally {
      abort.dispose()
    }
  }
}
