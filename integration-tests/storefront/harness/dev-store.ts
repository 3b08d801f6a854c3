/**
 * This repository's dev store as `npm run demo` runs it: a fresh migrated database, the bank
 * emulator, one Medusa process and the demo seed (the Ukraine region in UAH, the catalogue).
 */
import path from "node:path"
import { Client } from "pg"
import { startEmulator, type RunningEmulator } from "../../../emulator"
import { databaseFromEnv } from "../../soak/harness/cluster"
import { runMedusaCommand, startMedusaProcess } from "../../soak/harness/medusa-process"
import { createAdmin } from "../../soak/harness/store"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { freePort } = require("../../../scripts/lib/postgres")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedDemoCatalogue, pointEmulatorAtStore } = require("../../../scripts/demo/seed")

export type DevStore = {
  url: string
  emulator: RunningEmulator
  admin: { headers: Record<string, string> }
  publishableKey: string
  stop(): Promise<void>
}

/** Installment orders of phones ending in 4 wait this long (emulator clock) for the shopper. */
export const INSTALLMENT_CONFIRM_DELAY_MS = 60_000

export async function startDevStore({ storefrontUrl, logDir }: { storefrontUrl: string; logDir: string }): Promise<DevStore> {
  const cleanups: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const db = databaseFromEnv()
    const sql = new Client({ ...db, database: "postgres" })
    await sql.connect()
    const name = `monobank_storefront_${process.pid}_${Date.now()}`
    await sql.query(`create database "${name}"`)
    cleanups.push(async () => {
      await sql.query(`drop database if exists "${name}" with (force)`)
      await sql.end()
    })
    const databaseUrl = `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${name}`
    await runMedusaCommand(["db:migrate"], { DATABASE_URL: databaseUrl }, path.join(logDir, "db-migrate.log"))

    const emulator = await startEmulator({ port: 0, installmentsCallbackDelayMs: INSTALLMENT_CONFIRM_DELAY_MS, webhookRetryDelayMs: 100 })
    cleanups.push(() => emulator.close())
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const medusa = await startMedusaProcess({
      name: "medusa",
      mode: "shared",
      port,
      logDir,
      env: {
        DATABASE_URL: databaseUrl,
        MONOBANK_EMULATOR_URL: emulator.url,
        MONOBANK_STORE_URL: url,
        STOREFRONT_URL: storefrontUrl,
        STORE_CORS: new URL(storefrontUrl).origin,
        AUTH_CORS: new URL(storefrontUrl).origin,
        MONOBANK_ACQUIRING_TOKEN: emulator.acquiringToken,
        MONOBANK_INSTALLMENTS_STORE_ID: emulator.installments.storeId,
        MONOBANK_INSTALLMENTS_SECRET: emulator.installments.secret,
        // The store is a PCI DSS merchant here, so the starter shows the card form too (test 6).
        MONOBANK_DIRECT_CARD_PAYMENTS: "true",
      },
    })
    cleanups.push(() => medusa.stop())

    const store = new Client({ ...db, database: name })
    await store.connect()
    const admin = await createAdmin(store).finally(() => store.end())
    const seeded = await seedDemoCatalogue(url, admin)
    await pointEmulatorAtStore(emulator.url, url)
    return { url, emulator, admin, publishableKey: seeded.publishableKey, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
