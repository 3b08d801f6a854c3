/**
 * An operation = endpoint + input schema + output schema. Clients declare theirs in a table and
 * run them here: validate input, send (query string for GET/DELETE, JSON body otherwise),
 * validate output.
 */
import type { z } from "zod"
import type { HttpClient, HttpRequest } from "./http"
import type { EndpointKey } from "./retry"
import { parseRequest, parseResponse } from "./validate"

export type CallOptions = {
  /** Per-attempt time limit for this call. */
  timeoutMs?: number
  signal?: AbortSignal
}

export type Operation<O extends z.ZodType = z.ZodType> = {
  endpoint: EndpointKey
  /** `endpoint` split once, not on every call. */
  method: string
  path: string
  input: z.ZodType | null
  output: O
  /**
   * Reads the everyday shape of the answer without zod, exactly as `output` would; undefined
   * hands the body to `output` (which then also reports what is wrong with it).
   */
  readPlain?: (body: unknown) => z.output<O> | undefined
}

export function defineOperation<O extends z.ZodType>(
  endpoint: EndpointKey,
  input: z.ZodType | null,
  output: O,
  readPlain?: (body: unknown) => z.output<O> | undefined
): Operation<O> {
  return { endpoint, ...endpointParts(endpoint), input, output, readPlain }
}

export function endpointParts(endpoint: EndpointKey): { method: string; path: string } {
  const space = endpoint.indexOf(" ")
  return { method: endpoint.slice(0, space), path: endpoint.slice(space + 1) }
}

export async function runOperation<O extends z.ZodType>(
  http: HttpClient,
  operation: Operation<O>,
  input: unknown,
  options: CallOptions = {},
  extra: Pick<HttpRequest, "path" | "sign"> = {}
): Promise<z.output<O>> {
  const { method } = operation
  const path = extra.path ?? operation.path
  const params = operation.input ? parseRequest(operation.input, input, { method, path }) : undefined
  const inQuery = method === "GET" || method === "DELETE"
  const response = await http.request({
    endpoint: operation.endpoint,
    path: extra.path,
    query: inQuery ? (params as Record<string, string> | undefined) : undefined,
    body: inQuery ? undefined : params,
    sign: extra.sign,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  })
  const plain = operation.readPlain?.(response.body)
  if (plain !== undefined) return plain
  const policy = http.policyOf(operation.endpoint)
  return parseResponse(operation.output, response, { method, path, policy })
}
