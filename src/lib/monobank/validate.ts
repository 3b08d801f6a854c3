/** Turns zod results into our errors: field paths and rules in the message, never the values. */
import type { z } from "zod"
import { MonobankApiError, MonobankValidationError, type ValidationIssue } from "./errors"
import type { HttpResponse } from "./http"
import type { RetryClass } from "./retry"

export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = ""
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`
    else out += out ? `.${String(part)}` : String(part)
  }
  return out
}

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }))
}

/** Validates a request before anything is sent; throws `MonobankValidationError`. */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: { method: string; path: string }
): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new MonobankValidationError({ ...where, issues: toIssues(result.error) })
  return result.data
}

/** Validates a 2xx body; an answer we cannot read is an `http` error, errCode INVALID_RESPONSE. */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  response: HttpResponse,
  where: { method: string; path: string; policy: RetryClass }
): z.output<S> {
  const result = schema.safeParse(response.body)
  if (result.success) return result.data
  const issues = toIssues(result.error).map((i) => `${i.path || "(body)"}: ${i.message}`)
  throw new MonobankApiError({
    kind: "http",
    method: where.method,
    path: where.path,
    status: response.status,
    traceId: response.traceId,
    attempts: response.attempts,
    errCode: "INVALID_RESPONSE",
    detail: `unexpected response: ${issues.join("; ")}`,
    outcomeUnknown: where.policy === "unsafe",
  })
}

