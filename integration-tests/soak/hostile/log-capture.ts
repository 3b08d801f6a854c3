/**
 * Keeps a copy of everything the test process prints while the suite runs: process.stdout and
 * process.stderr writes (Medusa's logger writes there through winston) and the console methods
 * (which jest may route elsewhere). Output still goes where it went; only a copy is kept.
 */
const MAX_CAPTURED_CHARS = 64 * 1024 * 1024

export type CapturedLog = { source: string; text: string }

export type LogCapture = {
  entries: CapturedLog[]
  /** Characters dropped once the cap was reached (the scan then says so). */
  dropped: number
  stop(): void
}

export function captureProcessOutput(): LogCapture {
  const capture: LogCapture = { entries: [], dropped: 0, stop: () => {} }
  let kept = 0
  const keep = (source: string, chunk: unknown) => {
    const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : String(chunk)
    if (kept + text.length > MAX_CAPTURED_CHARS) {
      capture.dropped += text.length
      return
    }
    kept += text.length
    capture.entries.push({ source, text })
  }

  const restores: Array<() => void> = []
  for (const [name, stream] of [["stdout", process.stdout], ["stderr", process.stderr]] as const) {
    const original = stream.write
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      keep(name, chunk)
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
    } as typeof stream.write
    restores.push(() => (stream.write = original))
  }
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method]
    console[method] = (...args: unknown[]) => {
      keep(`console.${method}`, args.map((a) => (typeof a === "string" ? a : safeJson(a))).join(" "))
      original.apply(console, args)
    }
    restores.push(() => (console[method] = original))
  }
  capture.stop = () => restores.reverse().forEach((restore) => restore())
  return capture
}

function safeJson(value: unknown): string {
  if (value instanceof Error) return `${value.message}\n${value.stack ?? ""}`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
