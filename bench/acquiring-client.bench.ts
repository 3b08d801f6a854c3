/**
 * Case 2: `AcquiringClient.getInvoiceStatus` (validation, retry bookkeeping, time limit, error
 * mapping) against a bare undici request + JSON.parse of the same emulator endpoint, with the same
 * keep-alive pool settings (16 connections), 32 calls in flight.
 */
import { Pool } from "undici"
import { startEmulator } from "../emulator"
import { AcquiringClient } from "../src/lib/monobank"
import { pairedRounds, spread, median } from "./paired"
import type { ResultRow } from "./results"

const CALLS = Number(process.env.BENCH_CLIENT_CALLS ?? 20_000)
const ROUNDS = 10

export async function run(): Promise<ResultRow[]> {
  const emulator = await startEmulator({ port: 0 })
  const client = new AcquiringClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
  const pool = new Pool(emulator.url, { connections: 16, keepAliveTimeout: 10_000 })
  try {
    const { invoiceId } = await client.createInvoice({ amount: 123456, ccy: 980 })
    const path = `/api/merchant/invoice/status?invoiceId=${encodeURIComponent(invoiceId)}`
    const headers = { "x-token": emulator.acquiringToken }
    const raw = async () => {
      const res = await pool.request({ method: "GET", path, headers })
      return JSON.parse(await res.body.text())
    }
    const r = await pairedRounds(() => client.getInvoiceStatus(invoiceId), raw, {
      rounds: ROUNDS,
      perRound: Math.ceil(CALLS / ROUNDS),
      concurrency: 32,
      warmup: 1_000,
    })
    return [
      {
        case: "2. bank client getInvoiceStatus",
        ours: `${median(r.ours).toFixed(0)} µs CPU/call`,
        baseline: `${median(r.baseline).toFixed(0)} µs CPU/call (raw undici + JSON.parse)`,
        ratio: spread(r.ratios),
        n: `${r.operations} + ${r.operations} calls, ${ROUNDS} rounds, 32 in flight`,
        note: "target ≤ 1.10; CPU of the bench process, emulator in-process (its cost is in both)",
      },
    ]
  } finally {
    await client.close()
    await pool.close()
    await emulator.close()
  }
}
