/**
 * Bench-only: lets `npm run bench` read the store's memory from outside. When the store runs with
 * MONOBANK_BENCH_MEMORY_FILE set, SIGUSR2 makes it collect garbage (when started with --expose-gc)
 * and, a second later, append one JSON line of process.memoryUsage() to that file; with
 * MONOBANK_BENCH_HEAP_SNAPSHOT_DIR also set, it writes a heap snapshot there (for diagnosis: slow;
 * MONOBANK_BENCH_HEAP_SNAPSHOT_AT="3,7" limits it to those samples, counted from 1).
 * Loaded with the floor provider, so never in the published plugin or a normal run of the store.
 */
import fs from "node:fs"
import path from "node:path"
import v8 from "node:v8"

export type MemorySample = {
  rss: number
  /** Parts of the RSS (Linux): anonymous memory (heaps, malloc) and mapped files (code, libraries). */
  rssAnon: number
  rssFile: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  gc: boolean
  seq: number
}

/** After a collection V8 and malloc give pages back on other threads: read the RSS once that settled. */
const SETTLE_MS = 1_000

function statusKiB(status: string, field: string): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)
  return match ? Number(match[1]) * 1024 : 0
}

let installed = false

export function installMemoryProbe(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.MONOBANK_BENCH_MEMORY_FILE
  if (!file || installed) return
  installed = true
  let seq = 0
  process.on("SIGUSR2", () => {
    const gc = (globalThis as { gc?: () => void }).gc
    // Twice: the first pass may only queue finalizers whose objects the second frees.
    gc?.()
    gc?.()
    const snapshotDir = env.MONOBANK_BENCH_HEAP_SNAPSHOT_DIR
    const n = ++seq
    const at = env.MONOBANK_BENCH_HEAP_SNAPSHOT_AT?.split(",").map(Number)
    if (snapshotDir && (!at || at.includes(n))) v8.writeHeapSnapshot(path.join(snapshotDir, `store-${n}.heapsnapshot`))
    setTimeout(() => {
      let status = ""
      try {
        status = fs.readFileSync("/proc/self/status", "utf8")
      } catch {
        // not Linux: the parts stay 0
      }
      const rssParts = { rssAnon: statusKiB(status, "RssAnon"), rssFile: statusKiB(status, "RssFile") }
      const sample: MemorySample = { ...process.memoryUsage(), ...rssParts, gc: Boolean(gc), seq: n }
      fs.appendFileSync(file, `${JSON.stringify(sample)}\n`)
    }, SETTLE_MS).unref()
  })
}
