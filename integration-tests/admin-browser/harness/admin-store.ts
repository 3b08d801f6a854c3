/**
 * The dev store as a store owner meets it: one Medusa process (`medusa start` in development mode,
 * so it serves the admin dashboard with this plugin's pages and widgets through the admin bundler)
 * on a fresh PostgreSQL database, talking to the bank emulator, with an admin user who logs in
 * with email and password.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { startEmulator, type RunningEmulator } from "../../../emulator"
import { databaseFromEnv } from "../../soak/harness/cluster"
import { apiOf, type Api } from "../../soak/harness/http"
import { runMedusaCommand, startMedusaProcess, type MedusaProcess } from "../../soak/harness/medusa-process"
import { createAdmin } from "../../soak/harness/store"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { freePort } = require("../../../scripts/lib/postgres")

export type AdminLogin = { email: string; password: string; headers: Record<string, string> }

export type AdminStore = {
  url: string
  api: Api
  emulator: RunningEmulator
  sql: Client
  medusa: MedusaProcess
  owner: AdminLogin
  stop(): Promise<void>
}

/** A first boot compiles the dashboard's dependencies: minutes on a busy two-core machine. */
const BOOT_TIMEOUT_MS = 6 * 60_000

export async function startAdminStore(logDir: string): Promise<AdminStore> {
  const cleanups: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  try {
    fs.mkdirSync(logDir, { recursive: true })
    const db = databaseFromEnv()
    const dbName = `monobank_admin_browser_${process.pid}_${Date.now()}`
    const databaseUrl = `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${dbName}`
    await onPostgres(db, (c) => c.query(`create database "${dbName}"`))
    cleanups.push(() => onPostgres(db, (c) => c.query(`drop database if exists "${dbName}" with (force)`)))

    const emulator = await startEmulator({ port: 0, installmentsCallbackDelayMs: 200, webhookRetryDelayMs: 500 })
    cleanups.push(() => emulator.close())

    const port: number = await freePort()
    const url = `http://127.0.0.1:${port}`
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      MONOBANK_STORE_URL: url,
      MONOBANK_EMULATOR_URL: emulator.url,
      MONOBANK_ACQUIRING_TOKEN: emulator.acquiringToken,
      MONOBANK_INSTALLMENTS_STORE_ID: emulator.installments.storeId,
      MONOBANK_INSTALLMENTS_SECRET: emulator.installments.secret,
      MONOBANK_SETTINGS_KEY: crypto.randomBytes(32).toString("base64"),
      MEDUSA_ADMIN_DISABLED: "false",
      ADMIN_CORS: url,
      AUTH_CORS: url,
    }
    await runMedusaCommand(["db:migrate"], { ...env, MEDUSA_WORKER_MODE: "shared" }, path.join(logDir, "db-migrate.log"))
    const medusa = await startMedusaProcess({ name: "admin-store", mode: "shared", port, env, logDir }, BOOT_TIMEOUT_MS)
    cleanups.push(() => medusa.stop())

    const sql = new Client({ ...db, database: dbName })
    await sql.connect()
    cleanups.push(() => sql.end())

    const api = apiOf(url)
    const owner = await inviteAdmin(api, sql)
    return { url, api, emulator, sql, medusa, owner, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * A store owner with a password, made the way the dashboard makes a second admin: an invite,
 * a registration with email and password, and the invite accepted with that registration.
 */
async function inviteAdmin(api: Api, sql: Client): Promise<AdminLogin> {
  const first = await createAdmin(sql)
  const email = `owner-${Date.now()}@example.test`
  const password = `pw-${crypto.randomBytes(9).toString("base64url")}`
  const { data: invited } = await api.post("/admin/invites", { email }, first)
  const { data: registered } = await api.post("/auth/user/emailpass/register", { email, password })
  await api.post(`/admin/invites/accept?token=${invited.invite.token}`, { first_name: "Store", last_name: "Owner" }, {
    headers: { authorization: `Bearer ${registered.token}` },
  })
  const { data: session } = await api.post("/auth/user/emailpass", { email, password })
  return { email, password, headers: { authorization: `Bearer ${session.token}` } }
}

async function onPostgres<T>(db: ReturnType<typeof databaseFromEnv>, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ ...db, database: "postgres" })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
