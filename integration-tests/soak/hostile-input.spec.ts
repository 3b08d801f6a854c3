/**
 * Issue 12, soak tests 3 and 4: hostile input and a leak scan, on one Medusa server with the
 * emulator as the bank.
 *
 * Shopper A pays in every way the plugin offers; then 1,000 hostile requests (random bodies,
 * replayed or re-signed webhooks, 5 MB bodies, non-UTF-8 bytes, JSON nested 10,000 deep, unknown
 * ids, and shopper B using A's ids) hit every route the plugin adds, while a cheap call's latency
 * is measured. Afterwards nothing may have changed, no answer may show internals or secrets, the
 * bank's key may have been refetched only at the configured rate, and neither the logs nor any
 * table may hold a card number, CVV, card token or credential.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { DEBIT_PROVIDER, HOLD_PROVIDER, TEST_CARDS } from "../http/acquiring-helpers"
import { INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER, seedCheckoutStore } from "../http/checkout-helpers"
import { buildBarrage, type Targets } from "./hostile/attacks"
import { idleLatency, percentile, probeLatency, sendAll, tally, type Answer } from "./hostile/barrage"
import { scanDatabase, type DatabaseLeak } from "./hostile/database-scan"
import { around, findLeaks, responseLeaks, type Secret } from "./hostile/leak-patterns"
import { captureProcessOutput } from "./hostile/log-capture"
import { genuineDeliveries, shopperAPaysEveryWay, shopperBStarts, type ShopperA } from "./hostile/shoppers"
import { diffState, snapshotState, type StateChange } from "./hostile/state-snapshot"
import { countWebhookHandling } from "./hostile/webhook-drain"
import { isNotifiedProvider } from "../../src/utils/provider-ids"

jest.setTimeout(420_000)

/** The acquiring providers may refetch the bank's key at most this often (read by medusa-config.ts). */
const KEY_REFRESH_MS = 10_000
/** The mono checkout module's own callback key verifier keeps the library default. */
const CHECKOUT_KEY_REFRESH_MS = 60_000
const SEED = Number(process.env.HOSTILE_SEED ?? 20240512)
/** Hostile requests in flight at once: one attacker with a few connections, as on a small store. */
const CONCURRENCY = 4
const HEALTH_PATH = "/health"
/** Idle loopback latencies under this are timer noise; the responsiveness ratio counts idle as at least this. */
const IDLE_FLOOR_MS = 8

process.env.MONOBANK_WEBHOOK_KEY_REFRESH_MS = String(KEY_REFRESH_MS)
const logs = captureProcessOutput()
const env = useMonobankTestEnvironment()

/**
 * 500s that come from Medusa 2.21 itself, not from the plugin:
 * - POST /store/payment-collections/:id/payment-sessions for an unknown collection (a TypeError in
 *   core-flows create-payment-session) and with `data` nested 10,000 deep (the workflow SDK's
 *   recursive input unwrapping overflows the stack);
 * - a path parameter that is not valid percent-encoded UTF-8: Express's "Failed to decode param"
 *   400 is answered as 500 by Medusa's error handler, before any route code runs.
 */
function knownFrameworkCrash(answer: Answer): boolean {
  const { route, kind, method } = answer.request
  if (route.startsWith("POST /store/payment-collections/")) {
    // Concurrent refused requests on one collection: Medusa's parallel "delete the old sessions" step.
    if (answer.body.includes("Could not delete all payment sessions")) return true
    return kind === "unknown ids" || kind === "JSON nested 10,000 deep"
  }
  return method === "GET" && kind === "non-UTF-8 bytes"
}

/**
 * Writes that decide nothing: B's poll of A's waiting installments session stores the time of the
 * bank read (`data.checked_at`; Medusa rewrites empty `metadata` as null on that update); a sync of
 * an already completed cart stamps its collection's `completed_at` again; and Medusa's session route
 * creates the logged-in shopper's OWN account holder before it refuses an unknown collection.
 */
function isRestamp(change: StateChange): boolean {
  const columns = Object.entries(change.columns ?? {})
  if (change.table === "payment_session" && change.change === "changed") {
    return columns.every(([column, { before, after }]) => {
      if (column === "metadata") return JSON.stringify(before ?? {}) === JSON.stringify(after ?? {})
      if (column !== "data") return false
      const { checked_at: _b, ...was } = before as Record<string, unknown>
      const { checked_at: _a, ...now } = after as Record<string, unknown>
      return JSON.stringify(was) === JSON.stringify(now)
    })
  }
  if (change.table === "payment_collection" && change.change === "changed") {
    return columns.every(([column, { before, after }]) => column === "completed_at" && before !== null && after !== null)
  }
  return change.table === "account_holder" && change.change === "added" && String(change.row?.email ?? "").startsWith("shopper-b-")
}

type Barrage = {
  answers: Answer[]
  changes: StateChange[]
  calls: Array<{ method: string; path: string }>
  pubkeyFetches: number
  windowMs: number
  idle: number[]
  during: number[]
  secrets: Secret[]
  shopperA: ShopperA
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const run = {} as Barrage

    beforeAll(async () => {
      const container = getContainer()
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const admin = await createAdminHeaders(container)
      const fx = await seedCheckoutStore(api, admin, [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER])

      const started = Date.now()
      const a = await shopperAPaysEveryWay(api, container, env.emulator, fx)
      const b = await shopperBStarts(api, fx)
      const deliveries = await genuineDeliveries(env.emulator)
      await env.emulator.control.flushWebhooks()
      console.info(`[hostile] shopper A paid every way, shopper B started: ${((Date.now() - started) / 1000).toFixed(1)} s`)

      run.shopperA = a
      run.secrets = [
        { name: "acquiring (and mono checkout) merchant token", value: env.emulator.acquiringToken },
        { name: "installments secret", value: env.emulator.installments.secret },
        ...a.cardTokens.map((value) => ({ name: "card token", value })),
      ]
      const targets: Targets = {
        store: fx.store.headers,
        shopperB: b.headers,
        bCollectionId: b.emptyCollectionId,
        bCardSession: b.cardSession,
        a: {
          cartIds: a.completedCartIds,
          collectionIds: a.collectionIds,
          pendingInstallmentsCollectionId: a.pendingInstallments.collectionId,
          sessionIds: a.sessionIds,
          installmentsSessionIds: a.installmentsSessionIds,
          checkoutCartId: a.checkoutCartId,
          savedCardId: a.savedCardId,
          invoiceIds: a.invoiceIds,
        },
        deliveries,
        installments: env.emulator.installments,
        providers: { hold: HOLD_PROVIDER, debit: DEBIT_PROVIDER, installments: INSTALLMENTS_PROVIDER, onDelivery: ON_DELIVERY_PROVIDER },
      }
      const requests = buildBarrage(targets, SEED)

      run.idle = await idleLatency(`${env.storeUrl}${HEALTH_PATH}`, 150)
      const before = await snapshotState(pg)
      const callsBefore = (await env.emulator.control.calls()).length
      const webhooks = countWebhookHandling(container)

      const barrageStart = Date.now()
      const sending = sendAll(env.storeUrl, requests, CONCURRENCY)
      const during = probeLatency(`${env.storeUrl}${HEALTH_PATH}`, sending)
      run.answers = await sending
      run.during = await during
      const sentMs = Date.now() - barrageStart

      // Deliveries the plugin's handler took (payments on delivery have no notifications: Medusa's route answers those).
      const accepted = run.answers.filter((x) => /^\/hooks\/(monobank\/)?payment\//.test(x.request.path) && isNotifiedProvider(x.request.path.split("/").at(-1)) && x.status === 200).length
      await webhooks.drained(accepted, 180_000)
      // A callback within a bank-read interval schedules one follow-up read (BANK_READ_INTERVAL_MS + 250).
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      await env.emulator.control.flushWebhooks()
      run.windowMs = Date.now() - barrageStart
      console.info(`[hostile] ${requests.length} requests sent in ${(sentMs / 1000).toFixed(1)} s; ${accepted} accepted webhooks handled after ${(run.windowMs / 1000).toFixed(1)} s`)

      run.changes = diffState(before, await snapshotState(pg))
      run.calls = (await env.emulator.control.calls()).slice(callsBefore)
      run.pubkeyFetches = run.calls.filter((c) => c.path === "/api/merchant/pubkey").length
      console.info(`[hostile] seed ${SEED}\n${tally(run.answers)}`)
    }, 400_000)

    it("1,000 hostile requests change no payment, session, order, cart or checkout record", () => {
      expect(run.answers).toHaveLength(1000)
      const restamps = run.changes.filter(isRestamp)
      console.info(`[hostile] re-stamps (a record read again, nothing decided): ${JSON.stringify(restamps.map((c) => `${c.table} ${c.id} ${Object.keys(c.columns ?? {}).join(",") || c.change}`))}`)
      expect(run.changes.filter((change) => !isRestamp(change))).toEqual([])
    })

    it("the bank is asked to move no money and to open no order for hostile requests", () => {
      const moves = run.calls.filter((c) =>
        /\/(invoice\/(create|cancel|finalize|remove)|payment-direct|wallet\/payment|wallet\/card|sync-payment)$|\/api\/order\/(create|confirm|reject|return)|\/personal\/checkout\/order$/.test(c.path)
      )
      expect(moves.map((c) => `${c.method} ${c.path}`)).toEqual([])
    })

    it("no answer shows a stack trace, a file path, SQL, a token or a secret", () => {
      const leaks = run.answers.flatMap((answer) =>
        responseLeaks(answer.body, run.secrets).map((leak) => `${answer.request.route} [${answer.request.kind}] ${answer.status}: ${leak.kind}: ${around(answer.body, leak.match)}`)
      )
      expect(leaks).toEqual([])
      // Nothing answered as a crash, except where Medusa itself answers 500 before or after the
      // plugin's code (reported upstream-side in the soak README): see knownFrameworkCrash.
      const crashes = run.answers.filter((x) => x.status >= 500 && x.status !== 503 && !knownFrameworkCrash(x))
      expect(crashes.map((x) => `${x.request.route} [${x.request.kind}] ${x.status} ${x.body.slice(0, 200)}`)).toEqual([])
    })

    it("the bank's public key is refetched no more often than configured, however many forged webhooks arrive", () => {
      const allowed = 2 * (1 + Math.floor(run.windowMs / KEY_REFRESH_MS)) + (1 + Math.floor(run.windowMs / CHECKOUT_KEY_REFRESH_MS))
      console.info(`[hostile] public key fetched ${run.pubkeyFetches} times in ${(run.windowMs / 1000).toFixed(1)} s (allowed at most ${allowed})`)
      expect(run.pubkeyFetches).toBeLessThanOrEqual(allowed)
    })

    it("stays responsive: the p95 latency of GET /health during the barrage is under 10x its idle p95", () => {
      // p95 rather than p99: with ~200 probes p99 is the second-slowest call, one GC pause or a
      // neighbour's burst on a shared 2-core machine. Idle loopback latency below IDLE_FLOOR_MS is
      // timer noise, so the idle figure counts as at least that much.
      const idle = Math.max(percentile(run.idle, 95), IDLE_FLOOR_MS)
      const busy = percentile(run.during, 95)
      const shape = (values: number[]) => [50, 95, 99].map((p) => `p${p} ${percentile(values, p).toFixed(1)}`).join(", ")
      console.info(`[hostile] GET ${HEALTH_PATH} ms idle (${run.idle.length} calls): ${shape(run.idle)}; during the barrage (${run.during.length} calls): ${shape(run.during)}; p95 ratio ${(busy / idle).toFixed(2)}x`)
      expect(run.during.length).toBeGreaterThan(50)
      expect(busy / idle).toBeLessThan(10)
    })

    it("no log line and no column of any table holds a card number, CVV, card token, merchant token or secret", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const database = await scanDatabase(pg, run.secrets)
      const logLeaks = logs.entries.flatMap((entry) => findLeaks(entry.text, run.secrets).map((leak) => `${entry.source}: ${leak.kind}: ${around(entry.text, leak.match)}`))
      const logChars = logs.entries.reduce((n, e) => n + e.text.length, 0)
      console.info(`[hostile] scanned ${database.values} values in ${database.tables} tables and ${logChars} characters of output`)
      expect(logs.dropped).toBe(0)
      // The scan would see a leak: the test card itself and a secret are found where they are.
      expect(findLeaks(`pan=${TEST_CARDS.visa} "cvv":"123" ${run.secrets[0].value}`, run.secrets).map((f) => f.kind)).toHaveLength(3)
      expect(database.leaks.map((leak: DatabaseLeak) => `${leak.table}.${leak.column} row ${leak.row}: ${leak.kind}: ${leak.excerpt}`)).toEqual([])
      expect(logLeaks).toEqual([])
    })
  },
})
