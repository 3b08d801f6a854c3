/**
 * Sends hostile requests over real HTTP a few at a time, keeps each answer (status, body, time),
 * and measures a cheap call's latency meanwhile, so "the server stays responsive" is a number.
 */
import path from "node:path"
import { Worker } from "node:worker_threads"
import type { HostileRequest } from "./attacks"

export type Answer = { request: HostileRequest; status: number; body: string; ms: number }

/** Sends `requests`, `concurrency` at a time, from a worker thread (see ./send-worker.js). */
export async function sendAll(baseUrl: string, requests: HostileRequest[], concurrency: number): Promise<Answer[]> {
  const worker = new Worker(path.join(__dirname, "send-worker.js"), { workerData: { baseUrl, requests, concurrency } })
  try {
    const answers = await new Promise<Array<Omit<Answer, "request">>>((resolve, reject) => {
      worker.once("message", resolve)
      worker.once("error", reject)
      worker.once("exit", (code) => reject(new Error(`the sending worker stopped (exit ${code}) before answering`)))
    })
    return answers.map((answer, i) => ({ ...answer, request: requests[i] }))
  } finally {
    await worker.terminate()
  }
}

/** Calls `url` one after the other, `pauseMs` apart, until `stop` resolves; returns each latency (ms). */
export async function probeLatency(url: string, until: Promise<unknown>, pauseMs = 20): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const latencies: number[] = []
  while (!done) {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${url} answered ${response.status} during the barrage`)
    latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
  return latencies
}

export async function idleLatency(url: string, samples: number): Promise<number[]> {
  const latencies: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return latencies
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** "route | kind | requests | status counts" as a printable table. */
export function tally(answers: Answer[]): string {
  const rows = new Map<string, { route: string; kind: string; count: number; statuses: Map<number, number>; ms: number[] }>()
  for (const { request, status, ms } of answers) {
    const key = `${request.route}\u0000${request.kind}`
    const row = rows.get(key) ?? { route: request.route, kind: request.kind, count: 0, statuses: new Map(), ms: [] as number[] }
    row.count++
    row.ms.push(ms)
    row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1)
    rows.set(key, row)
  }
  const lines = [...rows.values()].map((row) => [
    row.route,
    row.kind,
    String(row.count),
    [...row.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" "),
    percentile(row.ms, 99).toFixed(0),
  ])
  const header = ["route", "attack", "requests", "status codes", "p99 ms"]
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(" | ")
  return [format(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...lines.map(format), `total: ${answers.length}`].join("\n")
}
