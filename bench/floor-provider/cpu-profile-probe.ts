/**
 * Bench-only: a V8 CPU profile of the store, for bench/profile-summary.ts. When the store runs with
 * MONOBANK_BENCH_CPU_PROFILE_DIR set, the profiler starts as the store loads, and every SIGUSR2
 * (the signal case 6 samples memory with, after each round) writes what it sampled since the last
 * one to `store-<n>.cpuprofile` and starts anew. (`--cpu-prof` is not allowed in NODE_OPTIONS, and
 * writes only when the process exits.) Loaded with the floor provider, never in the published plugin.
 */
import fs from "node:fs"
import { Session } from "node:inspector"
import path from "node:path"

let installed = false

export function installCpuProfileProbe(env: NodeJS.ProcessEnv = process.env): void {
  const dir = env.MONOBANK_BENCH_CPU_PROFILE_DIR
  if (!dir || installed) return
  installed = true
  fs.mkdirSync(dir, { recursive: true })
  const session = new Session()
  session.connect()
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))))
  const start = () => post("Profiler.enable").then(() => post("Profiler.start"))
  void start()
  let seq = 0
  process.on("SIGUSR2", () => {
    const n = ++seq
    void post("Profiler.stop")
      .then(({ profile }) => fs.writeFileSync(path.join(dir, `store-${n}.cpuprofile`), JSON.stringify(profile)))
      .then(start)
  })
}
