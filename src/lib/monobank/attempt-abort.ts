/**
 * What ends one HTTP attempt early: its time limit or the caller's signal. ./request-text listens
 * to it. An AbortController per attempt costs about a fifth of a local round trip (EventTarget
 * listeners), an EventEmitter about a twentieth; this plain list of listeners costs next to nothing.
 */

type AbortListener = () => void

export class AttemptAbort {
  aborted = false
  reason: unknown = undefined
  timedOut = false
  private listeners: AbortListener[] = []
  private readonly timer: NodeJS.Timeout
  private readonly callerSignal?: AbortSignal
  private readonly onCallerAbort?: () => void

  constructor(timeoutMs: number, callerSignal?: AbortSignal) {
    this.timer = setTimeout(() => {
      this.timedOut = true
      this.abort(new Error(`timed out after ${timeoutMs} ms`))
    }, timeoutMs)
    if (callerSignal) {
      this.callerSignal = callerSignal
      this.onCallerAbort = () => this.abort(callerSignal.reason)
      callerSignal.addEventListener("abort", this.onCallerAbort, { once: true })
    }
  }

  addEventListener(_type: "abort", listener: AbortListener): void {
    this.listeners.push(listener)
  }

  removeEventListener(_type: "abort", listener: AbortListener): void {
    const at = this.listeners.indexOf(listener)
    if (at >= 0) this.listeners.splice(at, 1)
  }

  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    const listeners = this.listeners
    this.listeners = []
    for (const listener of listeners) listener()
  }

  /** Stops the timer and forgets the caller's signal; call once the attempt is over. */
  dispose(): void {
    clearTimeout(this.timer)
    if (this.onCallerAbort) this.callerSignal?.removeEventListener("abort", this.onCallerAbort)
  }
}
