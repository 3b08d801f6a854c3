/**
 * Sends hostile requests over real HTTP a few at a time, keeps each answer (status, body, time),
 * and measures a cheap call's latency meanwhile, so "the server stays responsive" is a number.
 */
import type { HostileRequest } from "./attacks"

export type Answer = { request: HostileRequest; status: number; body: string; ms: number }

export async function send(baseUrl: string, request: HostileRequest): Promise<Answer> {
  const started = performance.now()
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
    })
    const body = await response.text()
    return { request, status: response.status, body, ms: performance.now() - started }
  } catch (error) {
    // The server dropped the connection (e.g. after refusing a large body): status 0.
    return { request, status: 0, body: `${(error as Error).message} ${((error as Error).cause as Error)?.message ?? ""}`, ms: performance.now() - started }
  }
}

export async function sendAll(baseUrl: string, requests: HostileRequest[], concurrency: number): Promise<Answer[]> {
  const answers: Answer[] = new Array(requests.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const i = next++
        answers[i] = await send(baseUrl, requests[i])
      }
    })
  )
  return answers
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
  const rows = new Map<string, { route: string; kind: string; count: number; statuses: Map<number, number> }>()
  for (const { request, status } of answers) {
    const key = `${request.route}\u0000${request.kind}`
    const row = rows.get(key) ?? { route: request.route, kind: request.kind, count: 0, statuses: new Map() }
    row.count++
    row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1)
    rows.set(key, row)
  }
  const lines = [...rows.values()].map((row) => [
    row.route,
    row.kind,
    String(row.count),
    [...row.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" "),
  ])
  const header = ["route", "attack", "requests", "status codes"]
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(" | ")
  return [format(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...lines.map(format), `total: ${answers.length}`].join("\n")
}
