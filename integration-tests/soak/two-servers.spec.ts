/**
 * Issue 12, test 2: two Medusa servers and a worker (workerMode server / worker) on one PostgreSQL
 * and Redis. Every bank webhook and callback reaches both servers at the same moment; card debits,
 * card holds captured by the admin on both servers at once, installments and mono checkout orders:
 * no cart becomes two orders, no paid cart stays without one, no money is finalized, refunded or
 * released twice. The same scenario against in-memory locking shows what Redis prevents.
 */
import { databaseFromEnv, prepareTemplate, soakLogDir, type Template } from "./harness/cluster"
import { runSoak } from "./harness/soak"
import type { TallyRow } from "./harness/tally"

jest.setTimeout(12 * 60_000)

/** Shoppers per kind (SOAK_PER_KIND), at most SOAK_PARALLEL of them at once. */
const load = { perKind: Number(process.env.SOAK_PER_KIND ?? 20), parallel: Number(process.env.SOAK_PARALLEL ?? 8) }
/** The in-memory run only shows what Redis prevents: half the shoppers keep the soak within its time. */
const inMemoryLoad = { ...load, perKind: Math.max(1, Math.ceil(load.perKind / 2)) }

const db = databaseFromEnv()
const logDir = soakLogDir()
let template: Template

beforeAll(async () => {
  template = await prepareTemplate(db, logDir)
})

afterAll(async () => {
  await template?.drop()
})

const all = (rows: TallyRow[]) => rows.find((row) => row.kind === "all")!

describe("two Medusa servers + a worker on one PostgreSQL", () => {
  it("with Redis: every webhook and callback delivered to both servers at once, captures sent to both servers at once: one order per paid cart, zero doubles, zero releases", async () => {
    const result = await runSoak(
      {
        name: "redis",
        redisUrl: process.env.MONOBANK_TEST_REDIS_URL,
        processes: [
          { name: "server-a", mode: "server" },
          { name: "server-b", mode: "server" },
          { name: "worker", mode: "worker" },
        ],
      },
      db,
      template,
      logDir,
      load
    )
    expect(process.env.MONOBANK_TEST_REDIS_URL).toBeTruthy()
    expect(result.failures).toEqual([])
    expect(result.fanOut.delivered).toBeGreaterThanOrEqual(4 * load.perKind)
    for (const row of result.rows) {
      expect(row).toEqual({
        kind: row.kind,
        carts: row.kind === "all" ? 4 * load.perKind : load.perKind,
        orders: row.carts,
        duplicates: 0,
        orphans: 0,
        "released holds": 0,
        "double finalizes": 0,
        "double refunds": 0,
        "double captures": 0,
      })
    }
  })

  it("with in-memory locking (two servers, no Redis): the plugin still never releases money that backs an order; duplicate orders there are Medusa's", async () => {
    const result = await runSoak(
      {
        name: "in-memory",
        processes: [
          { name: "server-a", mode: "shared" },
          { name: "server-b", mode: "shared" },
        ],
      },
      db,
      template,
      logDir,
      inMemoryLoad
    )
    const { duplicates, orphans } = all(result.rows)
    console.log(`in-memory locking: ${duplicates} duplicate order(s), ${orphans} paid cart(s) without an order`)
    expect(all(result.rows)["released holds"]).toBe(0)
    expect(all(result.rows)["double refunds"]).toBe(0)
  })
})
