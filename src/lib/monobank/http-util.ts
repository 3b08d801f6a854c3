/** Pure helpers of the HTTP core: bank error bodies, headers, query strings, socket error codes. */

const NEVER_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
])

/**
 * Reads both bank error shapes: acquiring `{errCode, errText}` (legacy `{errorDescription}`) and
 * installments `{message}`; anything else becomes a short text snippet.
 */
export function parseErrorBody(text: string, status?: number): { errCode?: string; errText?: string } {
  if (status === 403 && looksLikeHtml(text)) return FIREWALL_ERROR
  const body = parseJson(text)
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>
    const errCode = scalarText(record.errCode)
    const errText =
      scalarText(record.errText) ?? scalarText(record.errorDescription) ?? scalarText(record.message)
    if (errCode !== undefined || errText !== undefined) return { errCode, errText }
  }
  const snippet = text.replace(/\s+/g, " ").trim().slice(0, 200)
  return snippet ? { errText: snippet } : {}
}

/** errCode of an HTTP 403 answered with a web page: the bank's web firewall, not the API. */
export const FIREWALL_BLOCKED = "FIREWALL_BLOCKED"

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|\?xml|[a-z][a-z0-9]*[\s>/])/i.test(text)
}

/**
 * The API answers JSON; a web page on 403 comes from the bank's web firewall in front of it (the
 * request or the server's IP was blocked), which a token check never answers with.
 */
const FIREWALL_ERROR = {
  errCode: FIREWALL_BLOCKED,
  errText: "blocked by the bank's web firewall (an HTML page, not an API answer)",
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text.trim() === "" ? {} : undefined
  }
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === "string") return value
  if (typeof value === "number") return String(value)
  return undefined
}

/** Characters URLSearchParams leaves as they are. */
const FORM_SAFE = /^[\w.*-]*$/

export function queryString(query: Record<string, string | undefined> | undefined): string {
  if (!query) return ""
  let text = ""
  for (const key of Object.keys(query)) {
    const value = query[key]
    if (value === undefined) continue
    // Ids are form-safe as they are; anything else is encoded by URLSearchParams.
    if (!FORM_SAFE.test(key) || !FORM_SAFE.test(value)) return encodedQueryString(query)
    text += `${text ? "&" : "?"}${key}=${value}`
  }
  return text
}

function encodedQueryString(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, value)
  const text = params.toString()
  return text ? `?${text}` : ""
}

export function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

function errorCodes(error: unknown): string[] {
  if (!error || typeof error !== "object") return []
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown }
  const own = typeof e.code === "string" ? [e.code] : []
  const nested = Array.isArray(e.errors) ? e.errors.flatMap(errorCodes) : []
  return [...own, ...nested, ...(e.cause && e.cause !== error ? errorCodes(e.cause) : [])]
}

export function errorCode(error: unknown): string | undefined {
  return errorCodes(error)[0]
}

/** Only failures that happen before a connection exists prove the bank never saw the request. */
export function isNeverSent(error: unknown): boolean {
  const codes = errorCodes(error)
  return codes.length > 0 && codes.every((code) => NEVER_SENT_CODES.has(code))
}
