import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import readline from "node:readline"
import { adminToken, buildAndPack, createScratchStore, makeTempDir, migrateAndStart, RunningStore } from "./scratch-store"

jest.setTimeout(300_000)

// What the README tells a store owner to write: the plugin, and its providers by package path.
const SCRATCH_CONFIG = `
const { defineConfig } = require("@medusajs/framework/utils")
const { MONOBANK_PAYMENT_DEPENDENCIES } = require("medusa-payment-monobank/payment-dependencies")

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { jwtSecret: "scratch", cookieSecret: "scratch", storeCors: "*", adminCors: "*", authCors: "*" },
  },
  admin: { disable: true },
  plugins: [
    {
      resolve: "medusa-payment-monobank",
      options: {
        checkout: {
          token: "scratch-token",
          baseUrl: "http://127.0.0.1:9",
          storeUrl: "https://api.shop.example",
          returnUrl: "https://shop.example/checkout/monobank?cart={cart_id}",
        },
      },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "medusa-payment-monobank/providers/monobank-checkout", id: "monobank-checkout" },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/payment",
      dependencies: [...MONOBANK_PAYMENT_DEPENDENCIES],
      options: {
        providers: [
          {
            resolve: "medusa-payment-monobank/providers/monobank",
            id: "monobank",
            options: {
              token: "scratch-token",
              baseUrl: "http://127.0.0.1:9",
              captureMode: "manual",
              redirectUrl: "https://shop.example/checkout/monobank/return?session={session_id}",
              webhookBaseUrl: "https://api.shop.example",
            },
          },
          {
            resolve: "medusa-payment-monobank/providers/monobank-installments",
            id: "monobank-installments",
            options: { storeId: "scratch-store", secret: "scratch-secret", environment: "sandbox" },
          },
          { resolve: "medusa-payment-monobank/providers/monobank-on-delivery", id: "monobank-on-delivery" },
        ],
      },
    },
  ],
})
`

describe("the published package, installed into a fresh Medusa app", () => {
  const workDir = makeTempDir("monobank-pack-")
  let files: string[] = []
  let pluginDir = ""
  let store: RunningStore | undefined
  let db: { host: string; port: number; user: string; password: string }
  const dbName = `monobank_pack_${process.pid}`

  beforeAll(async () => {
    const packed = await buildAndPack(workDir)
    files = packed.files
    const scratch = await createScratchStore(`${workDir}/store`, packed.tarball, SCRATCH_CONFIG)
    pluginDir = scratch.pluginDir
    db = {
      host: process.env.DB_HOST!,
      port: Number(process.env.DB_PORT),
      user: process.env.DB_USERNAME!,
      password: process.env.DB_PASSWORD ?? "",
    }
    store = await migrateAndStart(scratch.dir, db, dbName)
  })

  afterAll(async () => {
    await store?.stop()
    fs.rmSync(workDir, { recursive: true, force: true })
  })

  it("ships only the build, README, CHANGELOG, LICENSE and package.json", () => {
    const outsideBuild = files.filter((f) => !f.startsWith(".medusa/server/"))
    expect(outsideBuild.sort()).toEqual(["CHANGELOG.md", "LICENSE", "README.md", "package.json"])
    expect(files.filter((f) => /__tests__|\.spec\.|medusa-config|integration-tests/.test(f))).toEqual([])
  })

  it("loads the plugin's payment providers from the package", async () => {
    const token = await adminToken(store!.url)
    const res = await fetch(`${store!.url}/admin/payments/payment-providers`, { headers: { authorization: `Bearer ${token}` } })
    const { payment_providers } = (await res.json()) as { payment_providers: { id: string }[] }
    expect(payment_providers.map((p) => p.id)).toEqual(
      expect.arrayContaining([
        "pp_monobank_monobank",
        "pp_monobank-installments_monobank-installments",
        "pp_monobank-on-delivery_monobank-on-delivery",
      ])
    )
  })

  it("ships the mono checkout migrations and loads its fulfillment provider from the package", async () => {
    expect(files.filter((f) => /src\/modules\/monobank-checkout\/migrations\/Migration\d+\.js$/.test(f))).not.toEqual([])
    const token = await adminToken(store!.url)
    const res = await fetch(`${store!.url}/admin/fulfillment-providers`, { headers: { authorization: `Bearer ${token}` } })
    const { fulfillment_providers } = (await res.json()) as { fulfillment_providers: { id: string }[] }
    expect(fulfillment_providers.map((p) => p.id)).toEqual(expect.arrayContaining(["manual_manual", "monobank-checkout_monobank-checkout"]))

    // db:migrate ran the module's migration and created its links to cart and order.
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { Client } = require("pg")
    const client = new Client({ ...db, database: dbName })
    await client.connect()
    try {
      const { rows } = await client.query(
        "select table_name from information_schema.tables where table_name like '%monobank_checkout%' order by table_name"
      )
      const tables: string[] = rows.map((r: { table_name: string }) => r.table_name)
      const links = tables.filter((name) => name !== "monobank_checkout_order")
      expect(tables).toContain("monobank_checkout_order")
      expect(links).toHaveLength(2)
      expect(links.filter((name) => name.endsWith("_cart"))).toHaveLength(1)
      expect(links.filter((name) => name.endsWith("_order"))).toHaveLength(1)
    } finally {
      await client.end()
    }
  })

  it("ships the bank-reads, withdrawals and wallet-tokens modules: db:migrate creates their tables", async () => {
    expect(files.filter((f) => /src\/modules\/monobank-bank-reads\/migrations\/Migration\d+\.js$/.test(f))).not.toEqual([])
    expect(files.filter((f) => /src\/modules\/monobank-withdrawals\/migrations\/Migration\d+\.js$/.test(f))).not.toEqual([])
    expect(files.filter((f) => /src\/modules\/monobank-wallet-tokens\/migrations\/Migration\d+\.js$/.test(f))).not.toEqual([])
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { Client } = require("pg")
    const client = new Client({ ...db, database: dbName })
    await client.connect()
    try {
      const { rows } = await client.query(
        "select table_name from information_schema.tables where table_name in ('monobank_bank_read', 'monobank_session_payment', 'monobank_wallet_token', 'monobank_withdrawal') order by table_name"
      )
      expect(rows.map((row: { table_name: string }) => row.table_name)).toEqual(["monobank_bank_read", "monobank_session_payment", "monobank_wallet_token", "monobank_withdrawal"])
    } finally {
      await client.end()
    }
  })

  it("db:migrate makes the refund reason for installment money given back in cash, once", async () => {
    expect(files.filter((f) => /src\/migration-scripts\/cash-return-refund-reason\.js$/.test(f))).not.toEqual([])
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { Client } = require("pg")
    const client = new Client({ ...db, database: dbName })
    await client.connect()
    try {
      const { rows } = await client.query("select label from refund_reason where code = 'monobank_returned_in_cash' and deleted_at is null")
      expect(rows).toEqual([{ label: "Returned in cash (monobank installments)" }])
    } finally {
      await client.end()
    }
  })

  it("answers on the plugin's admin route once booted", async () => {
    const token = await adminToken(store!.url)
    const res = await fetch(`${store!.url}/admin/monobank/health`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { plugin: unknown; apis: Record<string, unknown> }
    expect(body.plugin).toEqual({ name: "medusa-payment-monobank", version: expect.any(String) })
    expect(body.apis).toMatchObject({
      acquiring: { configured: true, providers: [{ id: "pp_monobank_monobank" }] },
      installments: { configured: true, providers: [{ id: "pp_monobank-installments_monobank-installments" }] },
      checkout: { configured: true, needsAttention: 0 },
    })
    expect(JSON.stringify(body)).not.toMatch(/scratch-token|scratch-secret/)
  })

  it("ships a working monobank-emulator bin that prints its ready line", async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(pluginDir, "package.json"), "utf8"))
    const child = spawn(process.execPath, [path.join(pluginDir, pkg.bin["monobank-emulator"]), "--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    try {
      const line = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once("line", resolve))
      const ready = JSON.parse(line)
      expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const res = await fetch(`${ready.url}/api/merchant/details`, { headers: { "x-token": ready.acquiringToken } })
      expect(res.status).toBe(200)
    } finally {
      child.kill("SIGTERM")
    }
  })
})
