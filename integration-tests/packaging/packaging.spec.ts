import fs from "node:fs"
import { adminToken, buildAndPack, createScratchStore, makeTempDir, migrateAndStart, RunningStore } from "./scratch-store"

jest.setTimeout(300_000)

const SCRATCH_CONFIG = `
const { defineConfig } = require("@medusajs/framework/utils")

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { jwtSecret: "scratch", cookieSecret: "scratch", storeCors: "*", adminCors: "*", authCors: "*" },
  },
  admin: { disable: true },
  plugins: [{ resolve: "medusa-payment-monobank", options: {} }],
})
`

describe("the published package, installed into a fresh Medusa app", () => {
  const workDir = makeTempDir("monobank-pack-")
  let files: string[] = []
  let store: RunningStore | undefined

  beforeAll(async () => {
    const packed = await buildAndPack(workDir)
    files = packed.files
    const scratch = await createScratchStore(`${workDir}/store`, packed.tarball, SCRATCH_CONFIG)
    const db = {
      host: process.env.DB_HOST!,
      port: Number(process.env.DB_PORT),
      user: process.env.DB_USERNAME!,
      password: process.env.DB_PASSWORD ?? "",
    }
    store = await migrateAndStart(scratch.dir, db, `monobank_pack_${process.pid}`)
  })

  afterAll(async () => {
    await store?.stop()
    fs.rmSync(workDir, { recursive: true, force: true })
  })

  it("ships only the build, README, LICENSE and package.json", () => {
    const outsideBuild = files.filter((f) => !f.startsWith(".medusa/server/"))
    expect(outsideBuild.sort()).toEqual(["LICENSE", "README.md", "package.json"])
    expect(files.filter((f) => /__tests__|\.spec\.|medusa-config|integration-tests/.test(f))).toEqual([])
  })

  it("answers on the plugin's admin route once booted", async () => {
    const token = await adminToken(store!.url)
    const res = await fetch(`${store!.url}/admin/monobank/health`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { plugin: unknown; apis: Record<string, unknown> }
    expect(body.plugin).toEqual({ name: "medusa-payment-monobank", version: expect.any(String) })
    expect(body.apis.acquiring).toBeDefined()
  })
})
