/**
 * What ends one HTTP attempt early: its time limit or the caller's signal. undici accepts an
 * EventEmitter as `signal`; an AbortController per attempt costs about a fifth of a local round
 * trip (EventTarget listeners on undici's side), this costs next to nothing.
 */
import { EventEmitter } from "node:events"

export class AttemptAbort extends EventEmitter {
  aborted = false
  reason: unknown = undefined
  timedOut = false
  private readonly timer: NodeJS.Timeout
  private readonly callerSignal?: AbortSignal
  private readonly onCallerAbort?: () => void

  constructor(timeoutMs: number, callerSignal?: AbortSignal) {
    super()
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

  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.emit("abort")
  }

  /** Stops the timer and forgets the caller's signal; call once the attempt is over. */
  dispose(): void {
    clearTimeout(this.timer)
    if (this.onCallerAbort) this.callerSignal?.removeEventListener("abort", this.onCallerAbort)
  }
}
