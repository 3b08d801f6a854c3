/**
 * Issue "Money by construction", defect 8: the card reconcile must read every pending session on
 * its schedule for as long as the bank can still be paid, however many sessions a store has, and
 * never let new sessions starve old ones. 2,000 pending sessions of every age live in Medusa's real
 * payment module on PostgreSQL; successive runs of the reconcile (every 5 minutes of `now`) read
 * the bank through a stub, and every read is checked against the schedule the docs promise:
 *
 * - a session is read again once a tenth of its age (at least 4 minutes) has passed since its last
 *   read (its creation counts as the first), never earlier;
 * - only while the bank can still pay it: its invoice's validity (30 days, the bank's longest,
 *   when unknown) plus the 9 days a hold lives, plus a day;
 * - at most the run's budget of reads per run, most overdue first, so that a session falls behind
 *   its schedule by at most ⌈backlog / budget⌉ runs, the backlog being the sessions already due
 *   when the runs begin (about 740 of the 2,000 here: 3 runs, 15 minutes); once it is read, each
 *   run keeps up with what falls due.
 */
import { MONOBANK_PAYMENT_DEPENDENCIES } from "../../src/payment-dependencies"
import path from "node:path"
import { asValue } from "@medusajs/framework/awilix"
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import type { InvoiceStatusRecord } from "../../src/lib/monobank"
import { RECONCILE_READS_PER_RUN } from "../../src/utils/reconcile-schedule"
import { dueSessionPages, isDueSession, sessionDueAt, type DueSession } from "../../src/utils/session-reconcile"
import { CARD_SCHEDULE, reconcileCardSessions } from "../../src/workflows/acquiring/reconcile-card-sessions"
import { moduleTestDatabase } from "../helpers/module-database"

jest.setTimeout(120_000)

const PAYMENT_MODULE_DIR = path.dirname(require.resolve("@medusajs/payment/package.json"))
const PROVIDERS_DIR = path.resolve(__dirname, "../../src/providers")
const PROVIDER_ID = "pp_monobank_fair"
const dbName = moduleTestDatabase(Modules.PAYMENT)

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const RUN_EVERY = 5 * MINUTE
const RUNS = 9
const SESSIONS = 2000
/** Created in the last quarter hour and never read: the newest checkouts. */
const NEW_SESSIONS = 40

// The schedule as docs/acquiring.md states it, written out here independently of the code.
const FIRST_READ_AFTER = 4 * MINUTE
const BANK_LONGEST_VALIDITY_S = 30 * 24 * 60 * 60
const HOLD_LIFE = 9 * DAY
const MARGIN = DAY

type Planned = { id: string; invoiceId: string; created: number; lastRead: number; windowEnd: number; dueAtStart: boolean }

/** The instant a session falls due: a tenth of its age (at least 4 minutes) after its last read. */
function dueAt(session: Planned): number {
  return session.lastRead + Math.max(FIRST_READ_AFTER, (session.lastRead - session.created) / 9)
}

function isDue(session: Planned, now: number): boolean {
  return now >= dueAt(session) && now <= session.windowEnd
}

/** A fixed spread in [0, 1): the same sessions on every run of the test. */
function spread(i: number): number {
  return ((i * 7919) % 1000) / 1000
}

/**
 * Ages from a few minutes to 45 days; a third of the invoices valid for a day, a third for 30 days,
 * a third of unknown validity (sessions from before the plugin noted it); three in four read before.
 */
function planSessions(start: number): { planned: Planned[]; rows: Record<string, unknown>[] } {
  const planned: Planned[] = []
  const rows: Record<string, unknown>[] = []
  for (let i = 0; i < SESSIONS; i++) {
    const fresh = i < NEW_SESSIONS
    const age = fresh ? FIRST_READ_AFTER + (i / NEW_SESSIONS) * 10 * MINUTE : 15 * MINUTE + ((i - NEW_SESSIONS) / SESSIONS) * 45 * DAY
    const created = start - Math.round(age)
    const validity = [24 * 60 * 60, BANK_LONGEST_VALIDITY_S, undefined][i % 3]
    const readBefore = !fresh && i % 4 !== 0
    const lastRead = readBefore ? created + Math.round(age * (0.85 + 0.14 * spread(i))) : created
    const id = `payses_fair_${String(i).padStart(5, "0")}`
    const invoiceId = `inv_fair_${i}`
    const windowEnd = created + Math.min(validity ?? BANK_LONGEST_VALIDITY_S, BANK_LONGEST_VALIDITY_S) * 1000 + HOLD_LIFE + MARGIN
    const session = { id, invoiceId, created, lastRead, windowEnd, dueAtStart: false }
    session.dueAtStart = isDue(session, start)
    planned.push(session)
    rows.push({
      id,
      currency_code: "uah",
      amount: 100,
      raw_amount: { value: "100", precision: 20 },
      provider_id: PROVIDER_ID,
      status: "pending",
      data: {
        invoiceId,
        reference: id,
        amount: 10_000,
        ccy: 980,
        paymentType: "debit",
        status: "created",
        ...(validity ? { validUntil: new Date(created + validity * 1000).toISOString() } : {}),
        ...(readBefore ? { lastReconciledAt: new Date(lastRead).toISOString() } : {}),
      },
      created_at: new Date(created),
      updated_at: new Date(created),
    })
  }
  return { planned, rows }
}

function quietLogger() {
  const log = () => undefined
  return { info: log, warn: log, error: log, debug: log, log, activity: () => "", progress: log, success: log, failure: log, shouldLog: () => false }
}

/** One process: a lock map behaves here as Medusa's locking module does across servers. */
function inMemoryLocking() {
  const held = new Set<string>()
  return {
    acquire: async (key: string) => {
      if (held.has(key)) throw new Error(`${key} is locked`)
      held.add(key)
    },
    release: async (key: string) => {
      held.delete(key)
    },
  }
}

moduleIntegrationTestRunner<IPaymentModuleService>({
  moduleName: Modules.PAYMENT,
  resolve: PAYMENT_MODULE_DIR,
  moduleDependencies: [...MONOBANK_PAYMENT_DEPENDENCIES],
  moduleOptions: {
    providers: [
      {
        resolve: path.join(PROVIDERS_DIR, "monobank"),
        id: "fair",
        options: {
          token: "fairness-test-token",
          // No bank here: the reconcile reads through the stub below; any other call fails at once.
          baseUrl: "http://127.0.0.1:9",
          redirectUrl: "https://shop.example/return?session={session_id}",
          webhookBaseUrl: "https://api.shop.example",
        },
      },
    ],
  },
  dbName,
  testSuite: ({ service }) => {
    it("reads every one of 2,000 pending card sessions on its schedule, oldest due first, within the run's budget, and none after the bank can no longer be paid", async () => {
      const knex = (service as unknown as { __container__: Record<string, any> }).__container__.__pg_connection__
      const container: MedusaContainer = createMedusaContainer()
      container.register({
        [Modules.PAYMENT]: asValue(service),
        [Modules.LOCKING]: asValue(inMemoryLocking()),
        [ContainerRegistrationKeys.LOGGER]: asValue(quietLogger()),
        [ContainerRegistrationKeys.PG_CONNECTION]: asValue(knex),
      })

      const start = Math.floor(Date.now() / MINUTE) * MINUTE
      const { planned, rows } = planSessions(start)
      const collection = await service.createPaymentCollections({ currency_code: "uah", amount: 100 })
      for (let i = 0; i < rows.length; i += 500) {
        await knex("payment_session").insert(rows.slice(i, i + 500).map((row) => ({ ...row, payment_collection_id: collection.id })))
      }
      const byInvoice = new Map(planned.map((session) => [session.invoiceId, session]))
      // How far behind its schedule a session is at `now`; those already due when the runs begin count from then.
      const lateness = (session: Planned, now: number) => now - Math.max(dueAt(session), start)

      const readsPerRun: number[] = []
      const earlyOrOutOfWindow: string[] = []
      let worstLateness = 0
      for (let run = 0; run < RUNS; run++) {
        const now = start + run * RUN_EVERY
        const readNow: Planned[] = []
        const read = async (_providerId: string, invoiceId: string): Promise<InvoiceStatusRecord> => {
          const session = byInvoice.get(invoiceId)!
          if (!isDue(session, now)) earlyOrOutOfWindow.push(`${session.id} read at run ${run}`)
          worstLateness = Math.max(worstLateness, lateness(session, now))
          readNow.push(session)
          return { invoiceId, status: "created", amount: 10_000, ccy: 980, reference: session.id } as InvoiceStatusRecord
        }
        const summary = await reconcileCardSessions(container, { now: new Date(now), read })
        expect(summary.waiting).toBe(readNow.length)
        readsPerRun.push(readNow.length)
        for (const session of readNow) session.lastRead = now
      }
      const end = start + (RUNS - 1) * RUN_EVERY
      // Still due at the end, unread: behind by as much as it has waited so far.
      for (const session of planned) if (isDue(session, end)) worstLateness = Math.max(worstLateness, lateness(session, end))

      // The backlog of those due when the runs begin goes at the budget per run, the most overdue first.
      const backlog = planned.filter((s) => s.dueAtStart).length
      expect(backlog).toBeGreaterThan(RECONCILE_READS_PER_RUN)
      const bound = Math.ceil(backlog / RECONCILE_READS_PER_RUN) * RUN_EVERY
      // Due when the runs began and older than 11 days (paid invoices the old window gave up on): read.
      const olderThan11Days = planned.filter((s) => s.dueAtStart && start - s.created > 11 * DAY)
      expect(olderThan11Days.length).toBeGreaterThan(100)
      expect(olderThan11Days.filter((s) => s.lastRead < start).map((s) => s.id)).toEqual([])
      expect(earlyOrOutOfWindow).toEqual([])
      expect(worstLateness).toBeLessThanOrEqual(bound)
      expect(Math.max(...readsPerRun)).toBeLessThanOrEqual(RECONCILE_READS_PER_RUN)
      // Once the backlog is read, each run keeps up with what falls due.
      expect(readsPerRun.slice(-3).every((reads) => reads < RECONCILE_READS_PER_RUN)).toBe(true)
      // Sessions whose invoice expired a day after creation are left alone after 11 days.
      const pastTheirWindow = planned.filter((s) => s.windowEnd < start)
      expect(pastTheirWindow.length).toBeGreaterThan(100)
      expect(pastTheirWindow.filter((s) => s.lastRead >= start)).toEqual([])
    })

    it("lists exactly the sessions the reconcile itself finds due, whatever their data holds, and one bad value stops no listing", async () => {
      const knex = (service as unknown as { __container__: Record<string, any> }).__container__.__pg_connection__
      const container: MedusaContainer = createMedusaContainer()
      container.register({ [Modules.PAYMENT]: asValue(service), [ContainerRegistrationKeys.PG_CONNECTION]: asValue(knex) })
      const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE)
      const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString()
      const marks: unknown[] = [
        at(MINUTE), at(6 * MINUTE), at(3 * DAY), "2026-02-31T10:00:00.000Z", "2026-13-01T00:00:00.000Z", at(-DAY), "garbage",
        at(HOUR).replace(".000Z", "Z"), at(HOUR).replace("T", " "), 42, null, { at: at(HOUR) }, ["x"], "", undefined,
      ]
      const validUntils: unknown[] = [undefined, at(12 * DAY), at(9 * DAY), "2026-02-31T10:00:00.000Z", "soon", 30 * 24 * 3600, at(-20 * DAY)]
      const ages = [2 * MINUTE, 5 * MINUTE, 2 * HOUR, 3 * DAY, 12 * DAY, 39 * DAY, 41 * DAY, 80 * DAY]
      const collection = await service.createPaymentCollections({ currency_code: "uah", amount: 100 })
      type Row = { id: string; status: string; data: Record<string, unknown>; created_at: Date } & Record<string, unknown>
      const rows: Row[] = []
      let n = 0
      for (const age of ages) {
        for (const mark of marks) {
          for (const validUntil of validUntils) {
            const id = `payses_odd_${String(n++).padStart(4, "0")}`
            const data: Record<string, unknown> = { invoiceId: `inv_${id}`, amount: 10_000, ccy: 980, paymentType: "debit" }
            if (mark !== undefined) data.lastReconciledAt = mark
            if (validUntil !== undefined) data.validUntil = validUntil
            if (n % 11 === 0) delete data.invoiceId
            rows.push({
              id,
              currency_code: "uah",
              amount: 100,
              raw_amount: { value: "100", precision: 20 },
              provider_id: PROVIDER_ID,
              status: n % 13 === 0 ? "authorized" : "pending",
              data,
              payment_collection_id: collection.id,
              created_at: new Date(now.getTime() - age),
              updated_at: now,
            })
          }
        }
      }
      for (let i = 0; i < rows.length; i += 500) await knex("payment_session").insert(rows.slice(i, i + 500))

      const listPage = dueSessionPages(container, { providerPrefix: "pp_monobank_", statuses: ["pending"], schedule: CARD_SCHEDULE, now })
      const listed: DueSession[] = []
      for (let page = await listPage(undefined, 100); page.length; page = await listPage(page[page.length - 1], 100)) listed.push(...page)

      const expected = rows
        .filter((row) => row.status === "pending" && typeof row.data.invoiceId === "string")
        .filter((row) => isDueSession(row, CARD_SCHEDULE, now))
        .sort((a, b) => sessionDueAt(a, CARD_SCHEDULE, now) - sessionDueAt(b, CARD_SCHEDULE, now) || (a.id < b.id ? -1 : 1))
      expect(expected.length).toBeGreaterThan(100)
      expect(listed.map((s) => s.id)).toEqual(expected.map((s) => s.id))
      expect(listed.map((s) => s.due_at)).toEqual(expected.map((s) => sessionDueAt(s, CARD_SCHEDULE, now)))
    })
  },
})
