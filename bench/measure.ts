/**
 * Tiny benchmark harness. Every case is compared with a baseline measured in the same process;
 * cases and baseline run in interleaved rounds and each reports its median round, so the machine's
 * speed and load (and JIT warm-up) cancel out of the ratio.
 */
export type BenchCase = { name: string; fn: () => unknown | Promise<unknown> }
export type Measurement = { name: string; opsPerSecond: number; samples: number }

async function runFor(fn: BenchCase["fn"], ms: number) {
  let count = 0
  const start = process.hrtime.bigint()
  const deadline = start + BigInt(ms) * 1_000_000n
  while (process.hrtime.bigint() < deadline) {
    await fn()
    count++
  }
  return { count, elapsedNs: Number(process.hrtime.bigint() - start) }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function compare(
  title: string,
  baseline: BenchCase,
  cases: BenchCase[],
  { rounds = 5, roundMs = 400, warmupMs = 300 }: { rounds?: number; roundMs?: number; warmupMs?: number } = {}
) {
  const all = [baseline, ...cases]
  for (const c of all) await runFor(c.fn, warmupMs)
  const perCase = new Map<string, { ops: number[]; samples: number }>(all.map((c) => [c.name, { ops: [], samples: 0 }]))
  for (let round = 0; round < rounds; round++) {
    for (const c of all) {
      const { count, elapsedNs } = await runFor(c.fn, roundMs)
      const entry = perCase.get(c.name)!
      entry.ops.push((count * 1e9) / elapsedNs)
      entry.samples += count
    }
  }
  const results: Measurement[] = all.map((c) => {
    const entry = perCase.get(c.name)!
    return { name: c.name, opsPerSecond: median(entry.ops), samples: entry.samples }
  })
  const base = results[0].opsPerSecond
  process.stdout.write(`\n${title}\n`)
  console.table(
    results.map((m) => ({
      case: m.name,
      "ops/s (median round)": Math.round(m.opsPerSecond),
      "vs baseline": `${(m.opsPerSecond / base).toFixed(2)}x`,
      samples: m.samples,
    }))
  )
  return results
}
