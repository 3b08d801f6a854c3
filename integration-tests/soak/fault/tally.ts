/**
 * What the shoppers and the admin saw during the fault soak, counted per kind of shopper, and the
 * small tools they share: answers instead of throws, retries with backoff, a bounded pool.
 */
export type Answer = { status: number; data: any }

export const SHOPPER_KINDS = ["debit", "hold", "saved", "installments", "checkout"] as const
export type ShopperKind = (typeof SHOPPER_KINDS)[number]

/** How a shopper's visit ended, as the shopper saw it. */
export type ShopperOutcome = "order" | "declined" | "abandoned" | "gave_up"

function bump(table: Record<string, Record<string, number>>, row: string, column: string, by = 1) {
  table[row] ??= {}
  table[row][column] = (table[row][column] ?? 0) + by
}

export class SoakTally {
  readonly outcomes: Record<string, Record<string, number>> = {}
  /** HTTP statuses of failed shopper requests (0: no answer), per kind. */
  readonly shopperErrors: Record<string, Record<string, number>> = {}
  /** Admin actions: ok, refused (4xx) or failed (5xx / no answer), per action. */
  readonly admin: Record<string, Record<string, number>> = {}
  /** Milliseconds spent per shopper step (all tries), and how many times the step ran. */
  readonly steps: Record<string, Record<string, number>> = {}

  outcome(kind: ShopperKind, outcome: ShopperOutcome) {
    bump(this.outcomes, kind, outcome)
  }

  shopperError(kind: ShopperKind, step: string, status: number) {
    bump(this.shopperErrors, kind, `${step}:${status}`)
  }

  adminAction(action: string, answer: Answer) {
    const result = answer.status >= 200 && answer.status < 300 ? "ok" : answer.status >= 400 && answer.status < 500 ? `refused ${answer.status}` : `failed ${answer.status}`
    bump(this.admin, action, result)
  }

  stepTime(step: string, ms: number) {
    bump(this.steps, step, "ms", ms)
    bump(this.steps, step, "runs")
  }

  total(table: Record<string, Record<string, number>>, column?: string): number {
    return Object.values(table).reduce(
      (sum, row) => sum + Object.entries(row).reduce((s, [key, n]) => s + (column === undefined || key === column ? n : 0), 0),
      0
    )
  }
}

/** Resolves the request's answer whatever its status (0 and the message when nothing answered). */
export async function answered(request: Promise<{ status: number; data: any }>): Promise<Answer> {
  try {
    const { status, data } = await request
    return { status, data }
  } catch (error: any) {
    if (error?.response) return { status: error.response.status, data: error.response.data }
    return { status: 0, data: { message: error?.message ?? String(error) } }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * What a storefront does with a failing step: tries again a few times with a growing pause, and
 * gives up after that. Every failed try is counted. Undefined when it gave up.
 */
export async function withRetries(
  tally: SoakTally,
  kind: ShopperKind,
  step: string,
  send: () => Promise<Answer>,
  done: (answer: Answer) => boolean = (answer) => answer.status >= 200 && answer.status < 300,
  tries = 4
): Promise<Answer | undefined> {
  const started = Date.now()
  for (let attempt = 0; attempt < tries; attempt++) {
    const answer = await send()
    if (done(answer)) {
      tally.stepTime(step, Date.now() - started)
      return answer
    }
    tally.shopperError(kind, step, answer.status)
    if (attempt < tries - 1) await sleep(200 * 2 ** attempt + Math.floor(Math.random() * 100))
  }
  tally.stepTime(step, Date.now() - started)
  return undefined
}

/** Runs `work` for every item, at most `concurrency` at once. */
export async function inPool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

/** A table with one row per key and one column per header, for the console. */
export function formatTable(title: string, table: Record<string, Record<string, number>>): string {
  const columns = [...new Set(Object.values(table).flatMap((row) => Object.keys(row)))].sort()
  const rows = Object.keys(table).sort()
  const cells = [["", ...columns, "total"], ...rows.map((row) => {
    const values = columns.map((c) => table[row][c] ?? 0)
    return [row, ...values.map(String), String(values.reduce((a, b) => a + b, 0))]
  })]
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)))
  const lines = cells.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
  return [`${title}`, ...lines].join("\n")
}
