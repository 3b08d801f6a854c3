import { PLUGIN_VERSION } from "../plugin-info"
import { MonobankApiError } from "../errors"
import { CMS_HEADER_ENDPOINTS, HttpClient, type HttpClientOptions } from "../http"
import { errorOf } from "./error-of"
import { freePort, json, startRawServer } from "./raw-server"

type Server = Awaited<ReturnType<typeof startRawServer>>

const servers: Server[] = []
const clients: HttpClient[] = []

async function serve(handler: Parameters<typeof startRawServer>[0], port?: number) {
  const server = await startRawServer(handler, port)
  servers.push(server)
  return server
}

function client(baseUrl: string, options: Partial<HttpClientOptions> = {}) {
  const sleeps: number[] = []
  const http = new HttpClient({
    baseUrl,
    headers: { "X-Token": "test-token" },
    ...options,
    retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, ...options.retry },
  })
  clients.push(http)
  return { http, sleeps }
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

describe("HttpClient: requests", () => {
  it("sends default headers and the exact JSON bytes it hands to the signer", async () => {
    const server = await serve((_req, res) => json(res, 200, { ok: true }, { "Trace-Id": "trace-1" }))
    const { http } = client(server.url)
    let signed: Buffer | undefined
    const response = await http.request({
      endpoint: "POST /api/order/create",
      body: { total_sum: 2499.99, name: "Телевізор" },
      sign: (bytes) => {
        signed = bytes
        return { signature: "sig", "store-id": "store" }
      },
    })
    const [request] = server.requests
    expect(request.method).toBe("POST")
    expect(request.url).toBe("/api/order/create")
    // The bank documents X-Cms for the acquiring create and payment calls only.
    expect(request.headers["x-cms"]).toBeUndefined()
    expect(request.headers["x-cms-version"]).toBeUndefined()
    expect(request.headers["x-token"]).toBe("test-token")
    expect(request.headers["content-type"]).toBe("application/json")
    expect(request.headers.signature).toBe("sig")
    expect(request.headers["store-id"]).toBe("store")
    expect(request.body.equals(signed!)).toBe(true)
    expect(request.body.equals(response.requestBody!)).toBe(true)
    expect(request.body.toString("utf8")).toBe('{"total_sum":2499.99,"name":"Телевізор"}')
    expect(response).toMatchObject({ status: 200, traceId: "trace-1", body: { ok: true }, attempts: 1 })
  })

  it("sends X-Cms and X-Cms-Version on the acquiring create and payment calls", async () => {
    const server = await serve((_req, res) => json(res, 200, {}))
    const { http } = client(server.url)
    for (const endpoint of CMS_HEADER_ENDPOINTS) await http.request({ endpoint, body: {} })
    expect([...CMS_HEADER_ENDPOINTS]).toEqual([
      "POST /api/merchant/invoice/create",
      "POST /api/merchant/invoice/payment-direct",
      "POST /api/merchant/invoice/sync-payment",
      "POST /api/merchant/wallet/payment",
    ])
    for (const request of server.requests) {
      expect(request.headers["x-cms"]).toBe("medusa-payment-monobank")
      expect(request.headers["x-cms-version"]).toBe(PLUGIN_VERSION)
      expect(request.headers["x-token"]).toBe("test-token")
    }
  })

  it("lets the caller override X-Cms headers, builds query strings and keeps a base path", async () => {
    const server = await serve((_req, res) => json(res, 200, ""))
    const { http } = client(`${server.url}/proxy/`, { cms: "my-shop", cmsVersion: "9.9.9" })
    const response = await http.request({
      endpoint: "GET /api/merchant/invoice/status",
      query: { invoiceId: "p2 x&y", absent: undefined },
    })
    await http.request({ endpoint: "POST /api/merchant/invoice/create", body: { amount: 1 } })
    expect(server.requests[0].url).toBe("/proxy/api/merchant/invoice/status?invoiceId=p2+x%26y")
    expect(server.requests[0].headers["x-cms"]).toBeUndefined()
    expect(server.requests[0].headers["x-cms-version"]).toBeUndefined()
    expect(server.requests[0].headers["x-token"]).toBe("test-token")
    expect(server.requests[0].headers["content-type"]).toBeUndefined()
    expect(server.requests[1].url).toBe("/proxy/api/merchant/invoice/create")
    expect(server.requests[1].headers["x-cms"]).toBe("my-shop")
    expect(server.requests[1].headers["x-cms-version"]).toBe("9.9.9")
    expect(response.body).toEqual({})
  })

  it("reuses keep-alive connections instead of opening one per call", async () => {
    const server = await serve((_req, res) => json(res, 200, {}))
    const { http } = client(server.url)
    for (let i = 0; i < 10; i++) await http.request({ endpoint: "GET /api/merchant/details" })
    expect(server.requests).toHaveLength(10)
    // undici may open a second socket while the first is being released; never one per request.
    expect(server.connections()).toBeLessThanOrEqual(2)
  })
})

describe("HttpClient: errors", () => {
  it("parses acquiring errors with errCode, errText and Trace-Id, without the request body or query", async () => {
    const server = await serve((_req, res) =>
      json(res, 400, { errCode: "BAD_REQUEST", errText: "invalid 'pan' 4242424242424242" }, { "trace-id": "t-400" })
    )
    const { http } = client(server.url)
    const error = await errorOf(
      http.request({
        endpoint: "DELETE /api/merchant/wallet/card",
        query: { cardToken: "SECRET_CARD_TOKEN" },
      })
    )
    expect(error).toMatchObject({
      kind: "http",
      status: 400,
      errCode: "BAD_REQUEST",
      traceId: "t-400",
      method: "DELETE",
      path: "/api/merchant/wallet/card",
      outcomeUnknown: false,
      attempts: 1,
    })
    expect(error.errText).toBe("invalid 'pan' 424242******4242")
    expect(error.message).toContain("HTTP 400 BAD_REQUEST")
    expect(error.message).toContain("t-400")
    expect(error.message).not.toContain("SECRET_CARD_TOKEN")
    expect(error.message).not.toContain("4242424242424242")
  })

  it("never puts the request body in the message", async () => {
    const server = await serve((_req, res) => json(res, 500, { errCode: "INTERNAL_ERROR", errText: "boom" }))
    const { http } = client(server.url)
    const error = await errorOf(
      http.request({
        endpoint: "POST /api/merchant/invoice/payment-direct",
        body: { amount: 100, cardData: { pan: "4242424242424242", exp: "1230", cvv: "123" } },
      })
    )
    expect(error.message).not.toMatch(/4242424242424242|cvv|"123"/)
    expect(JSON.stringify(error)).not.toContain("4242424242424242")
  })

  it.each([
    [{ errorDescription: "legacy text" }, undefined, "legacy text"],
    [{ message: "Котик перегриз кабель" }, undefined, "Котик перегриз кабель"],
    [{ errCode: 1004, errText: "not found" }, "1004", "not found"],
    ["<html>Bad gateway</html>", undefined, "<html>Bad gateway</html>"],
  ])("reads the error body %p", async (body, errCode, errText) => {
    const server = await serve((_req, res) => json(res, 404, body))
    const { http } = client(server.url)
    const error = await errorOf(http.request({ endpoint: "POST /api/order/confirm", body: {} }))
    expect(error.errCode).toBe(errCode)
    expect(error.errText).toBe(errText)
    expect(error.bankMessage).toBe(errText)
  })

  it("reports a 2xx body that is not JSON as INVALID_RESPONSE", async () => {
    const server = await serve((_req, res) => json(res, 200, "<html>"))
    const { http } = client(server.url)
    const error = await errorOf(http.request({ endpoint: "POST /api/merchant/invoice/create", body: {} }))
    expect(error).toMatchObject({ kind: "http", status: 200, errCode: "INVALID_RESPONSE", outcomeUnknown: true })
  })
})

describe("HttpClient: retry policy", () => {
  it("retries an idempotent call on 5xx with jittered exponential backoff, then succeeds", async () => {
    const server = await serve((_req, res, i) =>
      i < 2 ? json(res, 503, { errCode: "INTERNAL_ERROR", errText: "x" }) : json(res, 200, { status: "success" })
    )
    const { http, sleeps } = client(server.url)
    const response = await http.request({ endpoint: "GET /api/merchant/invoice/status", query: { invoiceId: "a" } })
    expect(response.body).toEqual({ status: "success" })
    expect(response.attempts).toBe(3)
    expect(server.requests).toHaveLength(3)
    expect(sleeps).toEqual([125, 250]) // random 0.5 of 250 * 2^0 and 250 * 2^1
  })

  it("gives up after maxAttempts", async () => {
    const server = await serve((_req, res) => json(res, 500, { errCode: "INTERNAL_ERROR", errText: "x" }))
    const { http } = client(server.url, { retry: { maxAttempts: 4 } })
    const error = await errorOf(http.request({ endpoint: "GET /api/merchant/qr/list" }))
    expect(server.requests).toHaveLength(4)
    expect(error).toMatchObject({ kind: "http", status: 500, attempts: 4, outcomeUnknown: false })
  })

  it("never repeats an unsafe call after a 5xx and marks the outcome unknown", async () => {
    const server = await serve((_req, res) => json(res, 500, { errCode: "INTERNAL_ERROR", errText: "x" }))
    const { http, sleeps } = client(server.url)
    const error = await errorOf(http.request({ endpoint: "POST /api/merchant/invoice/create", body: { amount: 1 } }))
    expect(server.requests).toHaveLength(1)
    expect(sleeps).toEqual([])
    expect(error).toMatchObject({ kind: "http", status: 500, outcomeUnknown: true, attempts: 1 })
    expect(error.message).toContain("outcome unknown")
  })

  it("honours Retry-After seconds on 429 for idempotent calls", async () => {
    const server = await serve((_req, res, i) =>
      i === 0 ? json(res, 429, { errCode: "TMR", errText: "too many" }, { "Retry-After": "2" }) : json(res, 200, {})
    )
    const { http, sleeps } = client(server.url)
    await http.request({ endpoint: "GET /api/merchant/pubkey" })
    expect(sleeps).toEqual([2000])
  })

  it("honours Retry-After as an HTTP-date", async () => {
    const when = new Date(Date.now() + 5_000).toUTCString()
    const server = await serve((_req, res, i) =>
      i === 0 ? json(res, 429, { errCode: "TMR" }, { "Retry-After": when }) : json(res, 200, {})
    )
    const { http, sleeps } = client(server.url)
    await http.request({ endpoint: "POST /api/order/state", body: { order_id: "x" } })
    expect(sleeps).toHaveLength(1)
    expect(sleeps[0]).toBeGreaterThan(2_000)
    expect(sleeps[0]).toBeLessThanOrEqual(5_000)
  })

  it("gives up instead of waiting beyond the total delay budget", async () => {
    const server = await serve((_req, res) => json(res, 429, { errCode: "TMR" }, { "Retry-After": "60" }))
    const { http, sleeps } = client(server.url, { retry: { maxTotalDelayMs: 10_000 } })
    const error = await errorOf(http.request({ endpoint: "GET /api/merchant/details" }))
    expect(sleeps).toEqual([])
    expect(error).toMatchObject({ status: 429, errCode: "TMR", retryAfterMs: 60_000, attempts: 1 })
  })

  it("does not repeat an unsafe call on 429 but reports Retry-After", async () => {
    const server = await serve((_req, res) => json(res, 429, { errCode: "TMR" }, { "Retry-After": "3" }))
    const { http } = client(server.url)
    const error = await errorOf(http.request({ endpoint: "POST /api/merchant/invoice/cancel", body: {} }))
    expect(server.requests).toHaveLength(1)
    expect(error).toMatchObject({ status: 429, retryAfterMs: 3000, outcomeUnknown: false })
  })

  it("times out an unsafe call once, outcome unknown; retries an idempotent one", async () => {
    const server = await serve((req, res) => {
      if (req.url.startsWith("/slow")) return // never answers: the client's timeout decides
      json(res, 200, {})
    })
    const { http } = client(server.url.replace(/$/, "/slow"), { timeoutMs: 100 })
    const unsafe = await errorOf(http.request({ endpoint: "POST /api/merchant/invoice/finalize", body: {} }))
    expect(unsafe).toMatchObject({ kind: "timeout", outcomeUnknown: true, attempts: 1 })
    expect(server.requests).toHaveLength(1)
    const safe = await errorOf(http.request({ endpoint: "GET /api/merchant/wallet", timeoutMs: 50 }))
    expect(safe).toMatchObject({ kind: "timeout", outcomeUnknown: false, attempts: 3 })
    expect(server.requests).toHaveLength(4)
  })

  it("reads an answer that arrives in pieces, a Ukrainian letter split between two of them", async () => {
    const body = Buffer.from(JSON.stringify({ errText: "Рахунок не знайдено" }), "utf8")
    const cut = body.indexOf(Buffer.from("знайдено", "utf8")) + 1 // inside the two bytes of "з"
    const server = await serve((_req, res) => {
      res.writeHead(404, { "content-type": "application/json", "content-length": String(body.length) })
      res.write(body.subarray(0, cut))
      setTimeout(() => res.end(body.subarray(cut)), 20)
    })
    const { http } = client(server.url)
    const error = await errorOf(http.request({ endpoint: "GET /api/merchant/invoice/status", query: { invoiceId: "x" } }))
    expect(error).toMatchObject({ status: 404, errText: "Рахунок не знайдено" })
  })

  it("times out an answer whose body stops halfway (the time limit covers the whole attempt)", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.write('{"invoiceId":') // and never the rest
    })
    const { http } = client(server.url, { timeoutMs: 100 })
    const error = await errorOf(http.request({ endpoint: "POST /api/merchant/invoice/finalize", body: {} }))
    expect(error).toMatchObject({ kind: "timeout", outcomeUnknown: true, attempts: 1 })
    expect(error.message).toContain("after 100 ms")
  })

  it("treats a reset connection as outcome unknown for unsafe calls and retries idempotent ones", async () => {
    const server = await serve((req, res, i) => {
      if (req.url.includes("reset-always") || i === 1) return void res.socket?.destroy()
      json(res, 200, { ok: i })
    })
    const { http } = client(server.url)
    const unsafe = await errorOf(
      http.request({ endpoint: "POST /api/merchant/wallet/payment", path: "/reset-always", body: {} })
    )
    expect(unsafe).toMatchObject({ kind: "network", outcomeUnknown: true, attempts: 1 })
    const safe = await http.request({ endpoint: "GET /api/merchant/qr/details", query: { qrId: "q" } })
    expect(safe).toMatchObject({ body: { ok: 2 }, attempts: 2 })
  })

  it("repeats even an unsafe call when the connection was refused (the request never left)", async () => {
    const port = await freePort()
    let server: Server | undefined
    const http = new HttpClient({
      baseUrl: `http://127.0.0.1:${port}`,
      retry: {
        random: () => 0,
        sleep: async () => {
          server ??= await serve((_req, res) => json(res, 200, { invoiceId: "inv", pageUrl: "u" }), port)
        },
      },
    })
    clients.push(http)
    const response = await http.request({ endpoint: "POST /api/merchant/invoice/create", body: { amount: 1 } })
    expect(response).toMatchObject({ body: { invoiceId: "inv" }, attempts: 2 })
    expect(server!.requests).toHaveLength(1)
  })

  it("reports a refused connection that never comes back as a network error with a known outcome", async () => {
    const port = await freePort()
    const { http, sleeps } = client(`http://127.0.0.1:${port}`)
    const error = await errorOf(http.request({ endpoint: "POST /api/order/return", body: {} }))
    expect(error).toMatchObject({ kind: "network", outcomeUnknown: false, attempts: 3 })
    expect(error.message).toContain("ECONNREFUSED")
    expect(sleeps).toHaveLength(2)
  })

  it("stops at once when the caller aborts", async () => {
    const server = await serve(() => undefined)
    const { http, sleeps } = client(server.url)
    const controller = new AbortController()
    const pending = http.request({ endpoint: "GET /api/merchant/details", signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    const error = await errorOf(pending)
    expect(error).toMatchObject({ kind: "network", aborted: true, attempts: 1 })
    expect(sleeps).toEqual([])
    const early = await errorOf(http.request({ endpoint: "GET /api/merchant/details", signal: AbortSignal.abort() }))
    expect(early).toMatchObject({ aborted: true, attempts: 0 })
  })
})
