/** Fault injection: the next `count` requests matching method + path answer with the fault. */

export type FaultKind = "500" | "429" | "slow" | "reset" | "hold"

export type FaultSpec = {
  /** Any method when absent. */
  method?: string
  /** Exact path without the query, e.g. "/api/merchant/invoice/create". */
  path: string
  count: number
  kind: FaultKind
  /**
   * For "slow": how long to wait before answering normally. Default 1000. For "hold" (extension):
   * the request waits until `releaseHeldRequests()`, or at most this long (default 60000).
   */
  delayMs?: number
  /** For "429": the Retry-After header. Default 1. */
  retryAfterSeconds?: number
  /**
   * Extension: handle the request first (state changes happen), then fail ("500", "reset") or
   * answer late ("slow"): the "outcome unknown" case a client must not blindly retry. A "slow"
   * fault without it acts only after the delay (the bank applies the request after a client that
   * timed out gave up).
   */
  afterProcessing?: boolean
}

type ActiveFault = FaultSpec & { remaining: number }

export class Faults {
  private active: ActiveFault[] = []
  private held = new Set<() => void>()

  add(spec: FaultSpec): void {
    this.active.push({ ...spec, method: spec.method?.toUpperCase(), remaining: spec.count })
  }

  /** Takes one use of the first fault matching the request, if any. */
  take(method: string, path: string): FaultSpec | undefined {
    const fault = this.active.find(
      (candidate) => candidate.path === path && (candidate.method === undefined || candidate.method === method)
    )
    if (!fault) return undefined
    fault.remaining--
    if (fault.remaining <= 0) this.active = this.active.filter((candidate) => candidate !== fault)
    const { remaining: _remaining, ...spec } = fault
    return spec
  }

  list(): Array<FaultSpec & { remaining: number }> {
    return this.active.map((fault) => ({ ...fault }))
  }

  /** A "hold" fault: resolves on `releaseHeld()` (or reset), or after `maxMs`. */
  hold(maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer)
        this.held.delete(release)
        resolve()
      }
      const timer = setTimeout(release, maxMs)
      this.held.add(release)
    })
  }

  /** Lets every held request go on; returns how many there were. */
  releaseHeld(): number {
    const waiting = [...this.held]
    waiting.forEach((release) => release())
    return waiting.length
  }

  reset(): void {
    this.active = []
    this.releaseHeld()
  }
}

export type CallRecord = {
  method: string
  path: string
  status: number
  at: string
  traceId: string
  /** Extension: `merchantPaymInfo.reference` of a JSON request body (acquiring), when it carried one. */
  reference?: string
  /** Extension: `order_id` of a JSON request body (installments), when it carried one. */
  orderId?: string
}

/** What a call record keeps of a JSON request body: the acquiring reference and the installment order id; nothing else of it. */
export function callKeysOf(rawBody: Buffer): Pick<CallRecord, "reference" | "orderId"> {
  if (rawBody.length === 0) return {}
  try {
    const body = JSON.parse(rawBody.toString("utf8"))
    const reference = body?.merchantPaymInfo?.reference
    const orderId = body?.order_id
    return {
      ...(typeof reference === "string" ? { reference } : {}),
      ...(typeof orderId === "string" ? { orderId } : {}),
    }
  } catch {
    return {}
  }
}

/** Log of API calls (acquiring, installments, checkout) the emulator received. */
export class CallLog {
  private calls: CallRecord[] = []

  add(call: CallRecord): void {
    this.calls.push(call)
  }

  list(): CallRecord[] {
    return this.calls.map((call) => ({ ...call }))
  }

  withReference(reference: string): CallRecord[] {
    return this.list().filter((call) => call.reference === reference)
  }

  reset(): void {
    this.calls = []
  }
}
