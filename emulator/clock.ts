/**
 * Emulator clock: real time plus an offset that only grows (advanceClock), and a scheduler of
 * events due at an emulator-clock time. Due events run on a short real-time tick and at once on
 * advance, in due-time order, so a test can skip 9 days without waiting.
 */

type Task = { id: number; dueMs: number; seq: number; label: string; run: () => void }

export type ClockOptions = {
  realNow?: () => number
  onTaskError?: (label: string, error: unknown) => void
}

export class Clock {
  private offsetMs = 0
  private readonly tasks = new Map<number, Task>()
  private nextId = 1
  private timer: NodeJS.Timeout | undefined
  private readonly realNow: () => number
  private readonly onTaskError: (label: string, error: unknown) => void

  constructor(options: ClockOptions = {}) {
    this.realNow = options.realNow ?? Date.now
    this.onTaskError =
      options.onTaskError ??
      ((label, error) => process.stderr.write(`[monobank-emulator] scheduled ${label} failed: ${String(error)}\n`))
  }

  nowMs(): number {
    return this.realNow() + this.offsetMs
  }

  iso(): string {
    return new Date(this.nowMs()).toISOString()
  }

  /** Precision of the dates in bank records: the bank's samples use whole seconds. */
  bankPrecision: "seconds" | "milliseconds" = "seconds"

  /** A date as the bank writes it in records (`createdDate`, `modifiedDate`): "2024-01-24T10:13:20Z" by default. */
  bankIso(ms = this.nowMs()): string {
    const iso = new Date(ms).toISOString()
    return this.bankPrecision === "seconds" ? `${iso.slice(0, 19)}Z` : iso
  }

  /** Runs `run` once the emulator clock reaches `dueMs`. Returns an id for `cancel`. */
  schedule(dueMs: number, label: string, run: () => void): number {
    const id = this.nextId++
    this.tasks.set(id, { id, dueMs, seq: id, label, run })
    return id
  }

  after(delayMs: number, label: string, run: () => void): number {
    return this.schedule(this.nowMs() + delayMs, label, run)
  }

  cancel(id: number | undefined): void {
    if (id !== undefined) this.tasks.delete(id)
  }

  /** Moves the clock forward and runs everything that became due. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("ms must be a non-negative number")
    this.offsetMs += ms
    return this.runDue()
  }

  /** Runs due tasks (also those a task schedules as already due). Returns how many ran. */
  runDue(): number {
    let ran = 0
    for (;;) {
      const now = this.nowMs()
      const due = [...this.tasks.values()]
        .filter((task) => task.dueMs <= now)
        .sort((a, b) => a.dueMs - b.dueMs || a.seq - b.seq)
      if (due.length === 0) return ran
      for (const task of due) {
        // an earlier task of this batch may have cancelled it
        if (!this.tasks.delete(task.id)) continue
        ran++
        try {
          task.run()
        } catch (error) {
          this.onTaskError(task.label, error)
        }
      }
    }
  }

  pending(): Array<{ label: string; due: string }> {
    return [...this.tasks.values()]
      .sort((a, b) => a.dueMs - b.dueMs)
      .map((task) => ({ label: task.label, due: new Date(task.dueMs).toISOString() }))
  }

  /** Forgets every scheduled task; the offset stays (the clock never goes back). */
  clearTasks(): void {
    this.tasks.clear()
  }

  start(tickMs = 20): void {
    if (this.timer) return
    this.timer = setInterval(() => this.runDue(), tickMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }
}
