/**
 * Ours against a baseline in alternating rounds (ABBA order, so drift and warm-up hit both alike):
 * each round's ratio compares two measurements taken seconds apart on the same machine. Reported
 * as the median round with the spread (min and max) across rounds.
 */
export type Side = () => unknown | Promise<unknown>

export type Paired = {
  /** Cost per operation of each round, in microseconds. */
  ours: number[]
  baseline: number[]
  /** ours / baseline, per round. */
  ratios: number[]
  operations: number
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function spread(values: number[], digits = 2): string {
  return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
}

/**
 * `count` calls of `fn`, at most `concurrency` at once; cost per call in microseconds of this
 * process's CPU time (user + system): the client and the in-process emulator run on this process
 * only, so other processes on a shared machine change it far less than they change wall time.
 */
export async function cpuPerCall(fn: Side, count: number, concurrency: number): Promise<number> {
  let left = count
  const start = process.cpuUsage()
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (left-- > 0) await fn()
    })
  )
  const used = process.cpuUsage(start)
  return (used.user + used.system) / count
}

export async function pairedRounds(
  ours: Side,
  baseline: Side,
  { rounds, perRound, concurrency, warmup }: { rounds: number; perRound: number; concurrency: number; warmup: number }
): Promise<Paired> {
  await cpuPerCall(baseline, warmup, concurrency)
  await cpuPerCall(ours, warmup, concurrency)
  const result: Paired = { ours: [], baseline: [], ratios: [], operations: 0 }
  for (let round = 0; round < rounds; round++) {
    const oursFirst = round % 2 === 1
    const a = await cpuPerCall(oursFirst ? ours : baseline, perRound, concurrency)
    const b = await cpuPerCall(oursFirst ? baseline : ours, perRound, concurrency)
    const [o, base] = oursFirst ? [a, b] : [b, a]
    result.ours.push(o)
    result.baseline.push(base)
    result.ratios.push(o / base)
    result.operations += perRound
  }
  return result
}
