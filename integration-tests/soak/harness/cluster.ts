/**
 * A real cluster of this repository's dev store: one PostgreSQL database, the bank emulator (behind
 * a recording tap), a fan-out proxy as the store's public URL, and several Medusa processes, with
 * or without a shared Redis.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { startEmulator, type RunningEmulator } from "../../../emulator"
import { startBankTap, type BankTap } from "./bank-tap"
import { startFanOut, type FanOut } from "./fan-out"
import { runMedusaCommand, startMedusaProcess, type MedusaProcess, type WorkerMode } from "./medusa-process"
import { claimRedisDatabase, type RedisDatabase } from "./redis-database"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { freePort } = require("../../../scripts/lib/postgres")

export type Database = { host: string; port: number; user: string; password: string }

export function databaseFromEnv(): Database {
  return {
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME ?? "postgres",
    password: process.env.DB_PASSWORD ?? "",
  }
}

const databaseUrl = (db: Database, name: string) =>
  `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${name}`

async function admin<T>(db: Database, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ ...db, database: "postgres" })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A migrated database to copy each cluster's database from (migrations run once per soak run). */
export type Template = { name: string; drop(): Promise<void> }

export async function prepareTemplate(db: Database, logDir: string): Promise<Template> {
  const name = `monobank_soak_${process.pid}_${Date.now()}_template`
  await admin(db, (c) => c.query(`create database "${name}"`))
  await runMedusaCommand(["db:migrate"], { DATABASE_URL: databaseUrl(db, name), MEDUSA_WORKER_MODE: "shared" }, path.join(logDir, "db-migrate.log"))
  return { name, drop: () => admin(db, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) }
}

export type ClusterSpec = {
  name: string
  /** Base URL of a Redis (no database number); absent: every process keeps its state in memory. */
  redisUrl?: string
  processes: Array<{ name: string; mode: WorkerMode }>
}

export type Cluster = {
  spec: ClusterSpec
  /** The processes that serve HTTP (mode server or shared). */
  servers: MedusaProcess[]
  processes: MedusaProcess[]
  emulator: RunningEmulator
  bank: BankTap
  fanOut: FanOut
  sql: Client
  logDir: string
  stop(): Promise<void>
}

export async function startCluster(spec: ClusterSpec, db: Database, template: Template, logDir: string): Promise<Cluster> {
  const cleanups: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const dbName = `monobank_soak_${process.pid}_${Date.now()}_${spec.name}`
    await admin(db, (c) => c.query(`create database "${dbName}" template "${template.name}"`))
    cleanups.push(() => admin(db, (c) => c.query(`drop database if exists "${dbName}" with (force)`)))

    let redis: RedisDatabase | undefined
    if (spec.redisUrl) {
      redis = await claimRedisDatabase(spec.redisUrl)
      cleanups.push(() => redis!.release())
    }

    const emulator = await startEmulator({ port: 0, installmentsCallbackDelayMs: 200, webhookRetryDelayMs: 500 })
    cleanups.push(() => emulator.close())
    const bank = await startBankTap(emulator.url)
    cleanups.push(() => bank.close())

    const processes: MedusaProcess[] = []
    const fanOut = await startFanOut(() => processes.filter((p) => p.mode !== "worker").map((p) => p.url))
    cleanups.push(() => fanOut.close())

    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl(db, dbName),
      MONOBANK_STORE_URL: fanOut.url,
      MONOBANK_EMULATOR_URL: bank.url,
      MONOBANK_ACQUIRING_TOKEN: emulator.acquiringToken,
      MONOBANK_INSTALLMENTS_STORE_ID: emulator.installments.storeId,
      MONOBANK_INSTALLMENTS_SECRET: emulator.installments.secret,
      ...(redis ? { REDIS_URL: redis.url } : {}),
    }
    fs.mkdirSync(logDir, { recursive: true })
    const boot = async ({ name, mode }: (typeof spec.processes)[number]) =>
      startMedusaProcess({ name: `${spec.name}-${name}`, mode, port: await freePort(), env, logDir })
    // The first process alone: a fresh database gets Medusa's defaults (store, currencies, price
    // preferences) on first boot, and two servers creating them at once collide on a unique key.
    const [first, ...others] = spec.processes
    const booted = [...(await Promise.allSettled([boot(first!)])), ...(await Promise.allSettled(others.map(boot)))]
    for (const result of booted) {
      if (result.status === "fulfilled") {
        processes.push(result.value)
        cleanups.push(() => result.value.stop())
      }
    }
    const failed = booted.find((result) => result.status === "rejected")
    if (failed) throw (failed as PromiseRejectedResult).reason

    const sql = new Client({ ...db, database: dbName })
    await sql.connect()
    cleanups.push(() => sql.end())

    return { spec, servers: processes.filter((p) => p.mode !== "worker"), processes, emulator, bank, fanOut, sql, logDir, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export function soakLogDir(): string {
  return process.env.SOAK_LOG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "monobank-soak-"))
}
