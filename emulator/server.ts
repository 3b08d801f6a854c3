/**
 * node:http front: Trace-Id on every response, body reading, call log, fault injection, routing,
 * and one error mapping per API family.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Chaos } from "./chaos"
import { callKeysOf, type CallLog, type FaultSpec, type Faults } from "./faults"
import { HttpError, errorResult, type ApiFamily, type HandlerResult, type RequestContext } from "./http-util"
import { newTraceId } from "./ids"
import { familyOf, isBankApi, type Router } from "./router"

const MAX_BODY_BYTES = 1024 * 1024
/** How long a "hold" fault keeps a request when nobody releases it. */
const DEFAULT_HOLD_MS = 60_000

export type ServerDeps = {
  router: Router
  faults: Faults
  /** Random faults at configured rates, after the injected ones. */
  chaos?: Chaos
  calls: CallLog
  now: () => string
  log: boolean
}

export function createEmulatorServer(deps: ServerDeps): Server {
  return createServer((req, res) => {
    handle(deps, req, res).catch((error) => {
      process.stderr.write(`[monobank-emulator] unexpected error: ${String(error)}\n`)
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" })
      res.end(JSON.stringify({ errCode: "INTERNAL_ERROR", errText: "emulator error" }))
    })
  })
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = Date.now()
  const traceId = newTraceId()
  res.setHeader("Trace-Id", traceId)
  const method = (req.method ?? "GET").toUpperCase()
  const url = new URL(req.url ?? "/", "http://emulator.local")
  const path = url.pathname
  const family = familyOf(path)

  let keys: ReturnType<typeof callKeysOf> = {}
  const finish = (status: number) => {
    if (isBankApi(family)) {
      deps.calls.add({ method, path, status, at: deps.now(), traceId, ...keys })
    }
    if (deps.log) {
      process.stderr.write(`[monobank-emulator] ${method} ${path} ${status} ${Date.now() - started}ms trace=${traceId}\n`)
    }
  }

  let rawBody: Buffer
  try {
    rawBody = await readBody(req)
  } catch (error) {
    const result = errorResult(family, error instanceof HttpError ? error : new HttpError(400, "unreadable body"))
    write(res, result)
    finish(result.status)
    return
  }
  if (isBankApi(family)) keys = callKeysOf(rawBody)

  const fault = family === "control" ? undefined : (deps.faults.take(method, path) ?? (isBankApi(family) ? deps.chaos?.apiFault(path) : undefined))
  if (fault && !fault.afterProcessing) {
    if (fault.kind === "slow") {
      await delay(fault.delayMs ?? 1000)
    } else if (fault.kind === "hold") {
      await deps.faults.hold(fault.delayMs ?? DEFAULT_HOLD_MS)
    } else {
      applyFault(fault, family, res, finish)
      return
    }
  }

  const ctx: RequestContext = { method, url, path, params: {}, headers: req.headers, rawBody, traceId }
  const result = await route(deps.router, ctx, family)
  if (fault?.afterProcessing) {
    if (fault.kind === "slow") {
      // The bank acted at once; only its answer is late (a client timeout loses it).
      await delay(fault.delayMs ?? 1000)
    } else if (fault.kind === "hold") {
      await deps.faults.hold(fault.delayMs ?? DEFAULT_HOLD_MS)
    } else {
      applyFault(fault, family, res, finish)
      return
    }
  }
  write(res, result)
  finish(result.status)
}

async function route(router: Router, ctx: RequestContext, family: ApiFamily): Promise<HandlerResult> {
  const match = router.match(ctx.method, ctx.path)
  try {
    if (match.kind === "not-found") throw new HttpError(404, `no such endpoint: ${ctx.path}`)
    if (match.kind === "wrong-method") {
      throw new HttpError(405, `method ${ctx.method} is not allowed for ${ctx.path}`, undefined, {
        Allow: match.allow.join(", "),
      })
    }
    ctx.params = match.params
    match.route.auth?.(ctx)
    return await match.route.handler(ctx)
  } catch (error) {
    if (error instanceof HttpError) return errorResult(match.kind === "found" ? match.route.family : family, error)
    process.stderr.write(`[monobank-emulator] handler error on ${ctx.method} ${ctx.path}: ${String(error)}\n`)
    return errorResult(family, new HttpError(500, "unexpected emulator error"))
  }
}

function applyFault(fault: FaultSpec, family: ApiFamily, res: ServerResponse, finish: (status: number) => void) {
  if (fault.kind === "reset") {
    finish(0)
    res.socket?.destroy()
    return
  }
  const result =
    fault.kind === "429"
      ? errorResult(
          family,
          new HttpError(429, "too many requests (injected fault)", "TMR", {
            "Retry-After": String(fault.retryAfterSeconds ?? 1),
          })
        )
      : errorResult(family, new HttpError(500, "internal error (injected fault)", "INTERNAL_ERROR"))
  write(res, result)
  finish(result.status)
}

function write(res: ServerResponse, result: HandlerResult): void {
  const headers: Record<string, string> = { ...result.headers }
  let body: string | undefined
  if (result.redirect !== undefined) {
    headers.Location = result.redirect
  } else if (result.html !== undefined) {
    headers["Content-Type"] = "text/html; charset=utf-8"
    body = result.html
  } else if (result.json !== undefined) {
    headers["Content-Type"] = "application/json; charset=utf-8"
    body = JSON.stringify(result.json)
  }
  res.writeHead(result.status, headers)
  res.end(body)
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, "request body too large"))
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks)))
    req.on("error", reject)
  })
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
