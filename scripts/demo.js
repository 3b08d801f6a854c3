#!/usr/bin/env node
// `npm run demo`: a demo store wired to the monobank emulator. It finds (or starts) PostgreSQL,
// starts the emulator, migrates a fresh demo database, creates an admin user, starts Medusa, seeds a
// UAH region with the monobank providers and a product, and serves a tiny storefront.
const { spawn, execFile } = require("node:child_process")
const { promisify } = require("node:util")
const path = require("node:path")
const readline = require("node:readline")
require("./lib/dependencies").ensureDependencies((message) => process.stdout.write(`[demo] ${message}\n`))
const { acquirePostgres, ensureDatabase, dropDatabase } = require("./lib/postgres")

const ROOT = path.resolve(__dirname, "..")
const PORTS = { store: 9000, emulator: 9797, storefront: 8000 }
const ADMIN = { email: "admin@monobank.demo", password: "monobank-demo" }
const DB_NAME = "medusa_monobank_demo"
const children = []

function log(message) {
  process.stdout.write(`[demo] ${message}\n`)
}

function startEmulator(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "emulator/bin.ts", "--port", String(PORTS.emulator)],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] }
    )
    children.push(child)
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)))
    readline.createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line)))
  })
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

async function main() {
  const db = await acquirePostgres({ log })
  log(`PostgreSQL: ${db.source}`)
  await dropDatabase(db, DB_NAME)
  await ensureDatabase(db, DB_NAME)

  const baseEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" }
  const emulator = await startEmulator(baseEnv)
  log(`monobank emulator: ${emulator.url}`)

  const storeUrl = `http://localhost:${PORTS.store}`
  const env = {
    ...baseEnv,
    DATABASE_URL: `postgres://${db.user}${db.password ? `:${db.password}` : ""}@${db.host}:${db.port}/${DB_NAME}`,
    PORT: String(PORTS.store),
    STORE_CORS: `http://localhost:${PORTS.storefront}`,
    MONOBANK_EMULATOR_URL: emulator.url,
    MONOBANK_STORE_URL: storeUrl,
    // Another storefront (storefront/dtc-starter) sets its own address here, e.g. http://localhost:3000/ua.
    STOREFRONT_URL: process.env.STOREFRONT_URL || `http://localhost:${PORTS.storefront}`,
    MONOBANK_ACQUIRING_TOKEN: emulator.acquiringToken,
    MONOBANK_INSTALLMENTS_STORE_ID: emulator.installments.storeId,
    MONOBANK_INSTALLMENTS_SECRET: emulator.installments.secret,
    // Installment orders are placed before the shopper's approval (docs/installments.md).
    MONOBANK_INSTALLMENTS_PLACE_ORDER_BEFORE_APPROVAL: baseEnv.MONOBANK_INSTALLMENTS_PLACE_ORDER_BEFORE_APPROVAL || "true",
    // The demo database is new each run, so a new key each run opens everything saved in it.
    MONOBANK_SETTINGS_KEY: baseEnv.MONOBANK_SETTINGS_KEY || require("node:crypto").randomBytes(32).toString("base64"),
  }
  const medusa = path.join(ROOT, "node_modules", ".bin", "medusa")
  log("migrating the demo database")
  // Not execFileSync: an embedded PostgreSQL started here needs this event loop to drain its log.
  const run = promisify(execFile)
  await run(medusa, ["db:migrate"], { cwd: ROOT, env, maxBuffer: 64 << 20 })
  await run(medusa, ["user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: ROOT, env, maxBuffer: 64 << 20 })

  log("starting Medusa (first start builds the admin; this takes a minute)")
  const server = spawn(medusa, ["develop"], { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] })
  children.push(server)
  await waitFor(`${storeUrl}/health`, 300_000)

  const { seedDemoStore, pointEmulatorAtStore, DEMO_PROMO_CODE } = require("./demo/seed")
  const seeded = await seedDemoStore(storeUrl, ADMIN)
  await pointEmulatorAtStore(emulator.url, storeUrl)
  const { startStorefront } = require("./demo/storefront")
  await startStorefront({ port: PORTS.storefront, storeUrl, publishableKey: seeded.publishableKey })

  log("ready:")
  log(`  storefront  http://localhost:${PORTS.storefront}`)
  log(`  admin       ${storeUrl}/app   (${ADMIN.email} / ${ADMIN.password})`)
  log(`  emulator    ${emulator.url}   (test cards: npx monobank-emulator --help)`)
  log(`  publishable key ${seeded.publishableKey}   (for another storefront, e.g. storefront/dtc-starter)`)
  log(`  mono checkout promo code ${DEMO_PROMO_CODE}   (10 % off; delivery prices come from the store)`)
  log("  the admin builds on its first load (about half a minute)")
  log("Ctrl+C stops everything.")

  const stop = async () => {
    for (const child of children) child.kill("SIGTERM")
    await db.stop()
    process.exit(0)
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch(async (error) => {
  console.error(`[demo] ${error.stack || error.message}`)
  for (const child of children) child.kill("SIGTERM")
  process.exit(1)
})
