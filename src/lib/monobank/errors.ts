/**
 * One error type for everything that goes wrong between us and the bank.
 *
 * Messages carry method, path (never the query string: it can hold a card token), status, the
 * bank's error code/text and Trace-Id; never request bodies. Long digit runs in bank texts are
 * masked in case a card number is echoed back.
 */
export type MonobankErrorKind = "http" | "network" | "timeout" | "validation"

export type MonobankApiErrorInit = {
  kind: MonobankErrorKind
  method: string
  path: string
  status?: number
  errCode?: string
  errText?: string
  traceId?: string
  outcomeUnknown?: boolean
  retryAfterMs?: number
  attempts?: number
  aborted?: boolean
  detail?: string
  cause?: unknown
}

const PAN_LIKE = /\d{12,19}/g

/** Masks anything that looks like a card number: keeps the first 6 and last 4 digits. */
export function redactCardNumbers(text: string): string {
  return text.replace(PAN_LIKE, (digits) => `${digits.slice(0, 6)}******${digits.slice(-4)}`)
}

export class MonobankApiError extends Error {
  override readonly name: string = "MonobankApiError"
  readonly kind: MonobankErrorKind
  readonly method: string
  readonly path: string
  readonly status?: number
  /** Acquiring `errCode` (e.g. "BAD_REQUEST", "1004"); absent for installments errors. */
  readonly errCode?: string
  /** Acquiring `errText`, legacy `errorDescription` or installments `message`. Informational only. */
  readonly errText?: string
  readonly traceId?: string
  /**
   * True when the request may have reached the bank and we don't know whether it acted
   * (timeout, connection lost, 5xx, unreadable 2xx on an unsafe call): read state before deciding.
   */
  readonly outcomeUnknown: boolean
  readonly retryAfterMs?: number
  readonly attempts: number
  /** The caller's AbortSignal fired. */
  readonly aborted: boolean

  constructor(init: MonobankApiErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause })
    this.kind = init.kind
    this.method = init.method
    this.path = init.path
    this.status = init.status
    this.errCode = init.errCode
    this.errText = init.errText === undefined ? undefined : redactCardNumbers(init.errText)
    this.traceId = init.traceId
    this.outcomeUnknown = init.outcomeUnknown ?? false
    this.retryAfterMs = init.retryAfterMs
    this.attempts = init.attempts ?? 1
    this.aborted = init.aborted ?? false
  }

  /** Alias of `errText` for installments, whose error body is `{ message }`. */
  get bankMessage(): string | undefined {
    return this.errText
  }
}

export type ValidationIssue = { path: string; message: string }

/** Bad input, rejected before any request is sent. `message` names each field path. */
export class MonobankValidationError extends MonobankApiError {
  override readonly name = "MonobankValidationError"
  readonly issues: ValidationIssue[]

  constructor(init: { method: string; path: string; issues: ValidationIssue[] }) {
    super({
      kind: "validation",
      method: init.method,
      path: init.path,
      detail: init.issues.map((issue) => `${issue.path || "(body)"}: ${issue.message}`).join("; "),
    })
    this.issues = init.issues
  }
}

function describe(init: MonobankApiErrorInit): string {
  const where = `monobank ${init.method} ${init.path}`
  const parts: string[] = []
  if (init.kind === "validation") return `${where}: invalid request: ${init.detail ?? ""}`
  if (init.kind === "http") parts.push(`HTTP ${init.status ?? "?"}`)
  if (init.kind === "timeout") parts.push("timed out")
  if (init.kind === "network") parts.push(init.aborted ? "aborted by caller" : "network error")
  if (init.errCode) parts.push(init.errCode)
  if (init.errText) parts.push(redactCardNumbers(init.errText))
  if (init.detail) parts.push(redactCardNumbers(init.detail))
  let message = `${where}: ${parts.join(" ")}`
  if (init.outcomeUnknown) message += " (outcome unknown: read the state before retrying)"
  if (init.traceId) message += ` [Trace-Id ${init.traceId}]`
  return message
}

export function isMonobankApiError(error: unknown): error is MonobankApiError {
  return error instanceof MonobankApiError
}

/** The request may have reached the bank and we do not know whether it acted: read its state before deciding. */
export function isOutcomeUnknown(error: unknown): boolean {
  return isMonobankApiError(error) && error.outcomeUnknown
}
