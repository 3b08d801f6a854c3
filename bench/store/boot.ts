/**
 * One Medusa process of this repository's dev store for the store benchmarks, booted the way the
 * soak harness boots it (`medusa start` over the TS sources, fresh migrated database), with the bank
 * emulator in this process, the bench-only floor provider registered, and a seeded UAH region
 * offering card (debit), installments, Medusa's system provider and the floor.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { startEmulator, type RunningEmulator } from "../../emulator"
import { DEBIT_PROVIDER } from "../../integration-tests/http/acquiring-helpers"
import { INSTALLMENTS_PROVIDER } from "../../integration-tests/http/installments-helpers"
import { seedStore, type StoreFixtures } from "../../integration-tests/helpers/store-fixtures"
import { databaseFromEnv } from "../../integration-tests/soak/harness/cluster"
import { apiOf, type Api } from "../../integration-tests/soak/harness/http"
import { runMedusaCommand, startMedusaProcess, type MedusaProcess } from "../../integration-tests/soak/harness/medusa-process"
import { createAdmin } from "../../integration-tests/soak/harness/store"
import type { MemorySample } from "../floor-provider/memory-probe"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { freePort } = require("../../scripts/lib/postgres")

export const SYSTEM_PROVIDER = "pp_system_default"
export const FLOOR_PROVIDER = "pp_bench-floor_bench-floor"
export const FLOOR_HOOK_PATH = "/hooks/payment/bench-floor_bench-floor"
export const DEBIT_HOOK_PATH = "/hooks/monobank/payment/monobank_monobank-debit"
export const FLOOR_SECRET = "bench-floor-secret"
export { DEBIT_PROVIDER, INSTALLMENTS_PROVIDER }

export type BenchStore = {
  url: string
  api: Api
  fx: StoreFixtures
  emulator: RunningEmulator
  sql: Client
  medusa: MedusaProcess
  logDir: string
  /** Where the store's memory probe writes (bench/floor-provider/memory-probe.ts). */
  memoryFile: string
  stop(): Promise<void>
}

export async function bootBenchStore(log: (line: string) => void): Promise<BenchStore> {
  const logDir = process.env.BENCH_LOG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "monobank-bench-"))
  const db = databaseFromEnv()
  const dbName = `monobank_bench_${process.pid}_${Date.now()}`
  const databaseUrl = `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${dbName}`
  const cleanups: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const admin = new Client({ ...db, database: "postgres" })
    await admin.connect()
    await admin.query(`create database "${dbName}"`)
    await admin.end()
    cleanups.push(async () => {
      const c = new Client({ ...db, database: "postgres" })
      await c.connect()
      await c.query(`drop database if exists "${dbName}" with (force)`)
      await c.end()
    })
    let t = Date.now()
    await runMedusaCommand(["db:migrate"], { DATABASE_URL: databaseUrl, MEDUSA_WORKER_MODE: "shared" }, path.join(logDir, "db-migrate.log"))
    log(`migrated in ${((Date.now() - t) / 1000).toFixed(0)} s`)

    const emulator = await startEmulator({ port: 0, installmentsCallbackDelayMs: 200 })
    cleanups.push(() => emulator.close())
    const port = await freePort()
    const memoryFile = path.join(logDir, "memory.jsonl")
    fs.rmSync(memoryFile, { force: true })
    const url = `http://127.0.0.1:${port}`
    t = Date.now()
    const medusa = await startMedusaProcess({
      name: "bench-store",
      mode: "shared",
      port,
      logDir,
      env: {
        DATABASE_URL: databaseUrl,
        MONOBANK_STORE_URL: url,
        MONOBANK_EMULATOR_URL: emulator.url,
        MONOBANK_ACQUIRING_TOKEN: emulator.acquiringToken,
        MONOBANK_INSTALLMENTS_STORE_ID: emulator.installments.storeId,
        MONOBANK_INSTALLMENTS_SECRET: emulator.installments.secret,
        MONOBANK_BENCH_FLOOR_PROVIDER: "true",
        MONOBANK_BENCH_FLOOR_SECRET: FLOOR_SECRET,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
        // case 6 reads the heap after a forced collection, not only the RSS
        NODE_OPTIONS: "--no-warnings --expose-gc",
        // a V8 CPU profile of the store per memory sample (bench/floor-provider/cpu-profile-probe.ts)
        ...(process.env.BENCH_CPU_PROFILE_DIR ? { MONOBANK_BENCH_CPU_PROFILE_DIR: process.env.BENCH_CPU_PROFILE_DIR } : {}),
        MONOBANK_BENCH_MEMORY_FILE: memoryFile,
        ...(process.env.BENCH_HEAP_SNAPSHOT_DIR ? { MONOBANK_BENCH_HEAP_SNAPSHOT_DIR: process.env.BENCH_HEAP_SNAPSHOT_DIR } : {}),
        ...(process.env.BENCH_HEAP_SNAPSHOT_AT ? { MONOBANK_BENCH_HEAP_SNAPSHOT_AT: process.env.BENCH_HEAP_SNAPSHOT_AT } : {}),
      },
    })
    cleanups.push(() => medusa.stop())
    log(`store booted in ${((Date.now() - t) / 1000).toFixed(0)} s (logs in ${logDir})`)

    const sql = new Client({ ...db, database: dbName })
    await sql.connect()
    cleanups.push(() => sql.end())
    const api = apiOf(url)
    const fx = await seedStore(api, await createAdmin(sql), {
      paymentProviders: [DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, SYSTEM_PROVIDER, FLOOR_PROVIDER],
    })
    return { url, api, fx, emulator, sql, medusa, logDir, memoryFile, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The store's memory after a forced garbage collection (heap used: what is retained) and its RSS,
 * from the bench-only probe the floor provider installs (SIGUSR2, one JSON line per sample).
 */
export async function storeMemory(store: BenchStore, timeoutMs = 120_000): Promise<MemorySample> {
  const lines = () => readOr(store.memoryFile).split("\n").filter(Boolean)
  const before = lines().length
  store.medusa.child.kill("SIGUSR2")
  const until = Date.now() + timeoutMs
  for (;;) {
    const all = lines()
    if (all.length > before) return JSON.parse(all[all.length - 1]) as MemorySample
    if (Date.now() > until) throw new Error(`the store wrote no memory sample within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8")
  } catch {
    return ""
  }
}
