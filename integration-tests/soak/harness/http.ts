/**
 * The `api` shape the HTTP helpers take (axios-like: rejects on a non-2xx status with
 * `error.response`), over fetch, bound to one Medusa server's URL.
 */
export type Response = { status: number; data: any; headers?: Record<string, string> }
type Config = { headers?: Record<string, string> }

export type Api = {
  baseUrl: string
  get: (url: string, config?: Config) => Promise<Response>
  post: (url: string, body?: object, config?: Config) => Promise<Response>
  delete: (url: string, config?: Config) => Promise<Response>
}

export class HttpError extends Error {
  constructor(readonly response: Response, method: string, url: string) {
    super(`${method} ${url} answered ${response.status}: ${JSON.stringify(response.data).slice(0, 300)}`)
  }
}

export function apiOf(baseUrl: string, timeoutMs = 60_000): Api {
  async function call(method: string, url: string, body?: object, config: Config = {}): Promise<Response> {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(body ? { "content-type": "application/json" } : {}), ...(config.headers ?? {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await res.text()
    let data: any = text
    try {
      data = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: keep the text
    }
    const response = { status: res.status, data, headers: Object.fromEntries(res.headers) }
    if (res.status >= 400) throw new HttpError(response, method, url)
    return response
  }
  return {
    baseUrl,
    get: (url, config) => call("GET", url, undefined, config),
    post: (url, body, config) => call("POST", url, body ?? {}, config),
    delete: (url, config) => call("DELETE", url, undefined, config),
  }
}

/** The answer whatever the status (helpers that expect a refusal read `error.response`). */
export function answered(promise: Promise<Response>): Promise<Response> {
  return promise.catch((error: unknown) => {
    if (error instanceof HttpError) return error.response
    throw error
  })
}
