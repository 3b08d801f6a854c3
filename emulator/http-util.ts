import type { IncomingHttpHeaders } from "node:http"
import type { z } from "zod"

/** Which error body shape a route answers with. */
export type ApiFamily = "acquiring" | "installments" | "checkout" | "page" | "control"

export type HandlerResult = {
  status: number
  json?: unknown
  html?: string
  /** Location of a 303 redirect. */
  redirect?: string
  headers?: Record<string, string>
}

export type RequestContext = {
  method: string
  url: URL
  path: string
  params: Record<string, string>
  headers: IncomingHttpHeaders
  rawBody: Buffer
  traceId: string
}

const DEFAULT_ERR_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  429: "TMR",
  500: "INTERNAL_ERROR",
}

export class HttpError extends Error {
  readonly errCode: string
  constructor(
    readonly status: number,
    message: string,
    errCode?: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.errCode = errCode ?? DEFAULT_ERR_CODES[status] ?? String(status)
  }
}

export const badRequest = (message: string, errCode?: string) => new HttpError(400, message, errCode)
export const notFound = (message: string) => new HttpError(404, message)

/** The error body each API family uses: acquiring/checkout `{errCode, errText}`, installments `{message}`. */
export function errorResult(family: ApiFamily, error: HttpError): HandlerResult {
  const headers = error.headers
  switch (family) {
    case "installments":
      return { status: error.status, json: { message: error.message }, headers }
    case "control":
      return { status: error.status, json: { error: error.message, errCode: error.errCode }, headers }
    case "page":
      return { status: error.status, html: errorPage(error), headers }
    default:
      return { status: error.status, json: { errCode: error.errCode, errText: error.message }, headers }
  }
}

function errorPage(error: HttpError): string {
  const text = error.message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html><head><meta charset="utf-8"><title>Error ${error.status}</title></head><body><h1>Error ${error.status}</h1><p>${text}</p></body></html>`
}

export const ok = (json: unknown = {}): HandlerResult => ({ status: 200, json })

export function jsonBody(ctx: RequestContext): unknown {
  const text = ctx.rawBody.toString("utf8")
  if (text.trim() === "") return {}
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest("request body is not valid JSON")
  }
}

export function formBody(ctx: RequestContext): URLSearchParams {
  return new URLSearchParams(ctx.rawBody.toString("utf8"))
}

export function requiredQuery(ctx: RequestContext, name: string): string {
  const value = ctx.url.searchParams.get(name)
  if (value === null || value.trim() === "") throw badRequest(`${name}: query parameter is required`)
  return value
}

export function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/** Validates with zod; a failure becomes a 400 naming the first bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw badRequest(describeIssue(result.error.issues[0], value, prefix))
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

function describeIssue(issue: z.core.$ZodIssue | undefined, value: unknown, prefix: string): string {
  if (!issue) return "request body is invalid"
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".")
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => (path ? `${path}.${key}` : key))
    return `${keys.join(", ")}: unknown field`
  }
  const missing = issue.code === "invalid_type" || issue.code === "invalid_value" // an enum field left out is invalid_value
  if (missing && valueAt(value, issue.path) === undefined) {
    return `${path || "body"}: field is required`
  }
  return `${path || "body"}: ${issue.message}`
}
