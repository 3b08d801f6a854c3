/**
 * The monobank-session-payments module (the plugin's ledger of the bank payments it started per
 * payment session) on its own database, with its shipped migration: the conditional writes every
 * money decision relies on hold in PostgreSQL itself, also when several servers write at once.
 */
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import {
  MONOBANK_SESSION_PAYMENTS_MODULE,
  type MonobankSessionPaymentsModuleService,
  type NewSessionPayment,
} from "../../src/modules/monobank-session-payments"
import { moduleTestDatabase } from "../helpers/module-database"

jest.setTimeout(60_000)

const MODULE_DIR = path.resolve(__dirname, "../../src/modules/monobank-session-payments")
const dbName = moduleTestDatabase(MONOBANK_SESSION_PAYMENTS_MODULE)

const HOUR = 60 * 60_000
const PROVIDER = "pp_monobank_monobank"

const invoice = (session_id: string, bank_id: string, extra: Partial<NewSessionPayment> = {}): NewSessionPayment => ({
  session_id,
  provider_id: PROVIDER,
  kind: "invoice",
  bank_id,
  amount_minor: 123_456,
  ccy: 980,
  ...extra,
})

const charge = (session_id: string, extra: Partial<NewSessionPayment> = {}): NewSessionPayment => ({
  session_id,
  provider_id: PROVIDER,
  kind: "saved_card",
  amount_minor: 50_000,
  ccy: 980,
  charge_state: "ready",
  wallet_id: "wallet_1",
  card_id: "card_1",
  ...extra,
})

moduleIntegrationTestRunner<MonobankSessionPaymentsModuleService>({
  moduleName: MONOBANK_SESSION_PAYMENTS_MODULE,
  resolve: MODULE_DIR,
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  dbName,
  testSuite: ({ service }) => {
    describe("one row per bank payment", () => {
      it("a repeated record of an invoice (a repeated answer, another server) returns the one row it made", async () => {
        const rows = await Promise.all([1, 2, 3, 4].map(() => service.recordSessionPayment(invoice("payses_a", "inv_1"))))
        expect(new Set(rows.map((row) => row.id)).size).toBe(1)
        expect(rows[0]).toMatchObject({ session_id: "payses_a", kind: "invoice", bank_id: "inv_1", amount_minor: 123_456, ccy: 980, charge_state: "sent" })
        expect(typeof rows[0].amount_minor).toBe("number")
        expect(await service.sessionPaymentsOf("payses_a")).toHaveLength(1)
      })

      it("a second session cannot hold an invoice another session holds: it gets the owner's row, and its own list stays empty", async () => {
        const owner = await service.recordSessionPayment(invoice("payses_owner", "inv_2"))
        const claimed = await service.recordSessionPayment(invoice("payses_thief", "inv_2"))
        expect(claimed).toMatchObject({ id: owner.id, session_id: "payses_owner" })
        expect(await service.sessionPaymentsOf("payses_thief")).toEqual([])
        expect(await service.sessionPaymentByBank("inv_2", ["invoice", "saved_card", "store_page"])).toMatchObject({ session_id: "payses_owner" })
      })

      it("keeps a session's payments in the order they were started", async () => {
        await service.recordSessionPayment(invoice("payses_b", "inv_old"))
        await service.recordSessionPayment(invoice("payses_b", "inv_new", { amount_minor: 99_900 }))
        expect((await service.sessionPaymentsOf("payses_b")).map((row) => row.bank_id)).toEqual(["inv_old", "inv_new"])
      })
    })

    describe("one open charge per session", () => {
      it("of several servers recording a charge being sent for one session at once, exactly one succeeds", async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, () => service.recordSessionPayment(charge("payses_c", { charge_state: "sending" })))
        )
        expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1)
        expect(results.filter((result) => result.status === "rejected")).toHaveLength(5)
        expect(await service.sessionPaymentsOf("payses_c")).toEqual([expect.objectContaining({ kind: "saved_card", charge_state: "sending" })])
        // Another session is not held back.
        await expect(service.recordSessionPayment(charge("payses_other", { charge_state: "sending" }))).resolves.toMatchObject({ session_id: "payses_other" })
      })

      it("a charge the bank declined lets the session be charged again (a new row); one whose answer was lost does not", async () => {
        const first = await service.recordSessionPayment(charge("payses_d", { kind: "store_page", charge_state: "sending" }))
        expect(await service.moveCharge(first.id, ["sending"], "unknown")).toBe(true)
        await expect(service.recordSessionPayment(charge("payses_d", { charge_state: "sending" }))).rejects.toThrow(/could not record/)

        const second = await service.recordSessionPayment(charge("payses_e", { charge_state: "sending" }))
        expect(await service.moveCharge(second.id, ["sending"], "declined")).toBe(true)
        const again = await service.recordSessionPayment(charge("payses_e", { charge_state: "sending" }))
        expect(again.id).not.toBe(second.id)
        expect((await service.sessionPaymentsOf("payses_e")).map((row) => row.charge_state)).toEqual(["declined", "sending"])
      })
    })

    describe("moveCharge", () => {
      it("moves a charge only from the states given: of two servers claiming it at once, one wins", async () => {
        const row = await service.recordSessionPayment(charge("payses_f"))
        const claims = await Promise.all([
          service.moveCharge(row.id, ["ready"], "sending"),
          service.moveCharge(row.id, ["ready"], "sending"),
        ])
        expect(claims.filter(Boolean)).toHaveLength(1)
        expect(await service.moveCharge(row.id, ["ready"], "sending")).toBe(false)

        expect(await service.moveCharge(row.id, ["sending"], "sent", "inv_f")).toBe(true)
        expect(await service.sessionPaymentById(row.id)).toMatchObject({ charge_state: "sent", bank_id: "inv_f" })
        // Moving without an invoice keeps the one it has.
        expect(await service.moveCharge(row.id, ["sent"], "declined")).toBe(true)
        expect(await service.sessionPaymentById(row.id)).toMatchObject({ charge_state: "declined", bank_id: "inv_f" })
      })
    })

    describe("adoptChargeInvoice", () => {
      it("names a lost charge's invoice once, only while it is unknown, never one another row holds", async () => {
        const holder = await service.recordSessionPayment(charge("payses_g", { kind: "store_page" }))
        await service.moveCharge(holder.id, ["ready"], "sent", "inv_taken")
        const lost = await service.recordSessionPayment(charge("payses_h", { kind: "store_page", charge_state: "unknown" }))

        expect(await service.adoptChargeInvoice(lost.id, "inv_taken")).toBe(false)
        expect(await service.sessionPaymentById(lost.id)).toMatchObject({ charge_state: "unknown", bank_id: null })

        expect(await service.adoptChargeInvoice(lost.id, "inv_h")).toBe(true)
        expect(await service.sessionPaymentById(lost.id)).toMatchObject({ charge_state: "sent", bank_id: "inv_h" })
        // Named already: a later statement item or webhook cannot rename it.
        expect(await service.adoptChargeInvoice(lost.id, "inv_other")).toBe(false)
        expect(await service.sessionPaymentById(lost.id)).toMatchObject({ bank_id: "inv_h" })
      })

      it("refuses a charge that is not unknown (not sent yet, or still being sent)", async () => {
        const ready = await service.recordSessionPayment(charge("payses_i"))
        const sending = await service.recordSessionPayment(charge("payses_j", { charge_state: "sending" }))
        expect(await service.adoptChargeInvoice(ready.id, "inv_i")).toBe(false)
        expect(await service.adoptChargeInvoice(sending.id, "inv_j")).toBe(false)
        expect((await service.sessionPaymentById(ready.id))?.bank_id).toBeNull()
        expect((await service.sessionPaymentById(sending.id))?.bank_id).toBeNull()
      })

      it("of two lost charges naming the same invoice at once, one gets it", async () => {
        const one = await service.recordSessionPayment(charge("payses_k", { charge_state: "unknown" }))
        const two = await service.recordSessionPayment(charge("payses_l", { charge_state: "unknown" }))
        const adopted = await Promise.all([service.adoptChargeInvoice(one.id, "inv_kl"), service.adoptChargeInvoice(two.id, "inv_kl")])
        expect(adopted.filter(Boolean)).toHaveLength(1)
        const holders = [await service.sessionPaymentById(one.id), await service.sessionPaymentById(two.id)].filter((row) => row?.bank_id === "inv_kl")
        expect(holders).toHaveLength(1)
      })
    })

    describe("the session's end and the settlement sweep", () => {
      it("markSessionEnded marks every row of the session once, and brings its check forward", async () => {
        const later = new Date(Date.now() + 5 * HOUR)
        const a = await service.recordSessionPayment(invoice("payses_m", "inv_m1", { next_check_at: later }))
        const b = await service.recordSessionPayment(invoice("payses_m", "inv_m2"))
        const other = await service.recordSessionPayment(invoice("payses_n", "inv_n", { next_check_at: later }))

        const ended = new Date(Date.now() - 1000)
        await service.markSessionEnded("payses_m", ended)
        await service.markSessionEnded("payses_m", new Date(Date.now() + HOUR))

        for (const id of [a.id, b.id]) {
          const row = await service.sessionPaymentById(id)
          expect(row?.session_ended_at?.getTime()).toBe(ended.getTime())
          expect(row?.next_check_at?.getTime()).toBe(ended.getTime())
        }
        expect(await service.sessionPaymentById(other.id)).toMatchObject({ session_ended_at: null, next_check_at: later })
      })

      it("dueSessionPayments returns unsettled rows whose check is due, most overdue first, up to the limit", async () => {
        const now = new Date()
        const at = (hours: number) => new Date(now.getTime() + hours * HOUR)
        await service.recordSessionPayment(invoice("payses_o", "inv_1h", { next_check_at: at(-1) }))
        await service.recordSessionPayment(invoice("payses_o", "inv_3h", { next_check_at: at(-3) }))
        await service.recordSessionPayment(invoice("payses_o", "inv_2h", { next_check_at: at(-2) }))
        await service.recordSessionPayment(invoice("payses_o", "inv_future", { next_check_at: at(1) }))
        await service.recordSessionPayment(invoice("payses_o", "inv_never"))
        const settled = await service.recordSessionPayment(invoice("payses_o", "inv_settled", { next_check_at: at(-5) }))
        await service.settleSessionPayment(settled.id, "nothing_taken")
        await service.scheduleCheck(settled.id, at(-5))

        expect((await service.dueSessionPayments(now, 2)).map((row) => row.bank_id)).toEqual(["inv_3h", "inv_2h"])
        expect((await service.dueSessionPayments(now, 10)).map((row) => row.bank_id)).toEqual(["inv_3h", "inv_2h", "inv_1h"])
      })

      it("lists the rows the store owner must look at until each is resolved", async () => {
        const refunded = await service.recordSessionPayment(invoice("payses_p", "inv_p"))
        const waiting = await service.recordSessionPayment(invoice("payses_q", "inv_q"))
        const quiet = await service.recordSessionPayment(invoice("payses_r", "inv_r"))
        await service.settleSessionPayment(refunded.id, "refunded", "paid without an order; given back")
        await service.scheduleCheck(waiting.id, new Date(Date.now() + HOUR), "the bank has not named the charge yet")
        await service.settleSessionPayment(quiet.id, "nothing_taken")

        const listed = await service.sessionPaymentsNeedingAttention(10)
        expect(listed.map((row) => row.id).sort()).toEqual([refunded.id, waiting.id].sort())
        expect(listed.find((row) => row.id === refunded.id)).toMatchObject({ settlement: "refunded", attention: "paid without an order; given back" })
        expect(await service.sessionPaymentsNeedingAttention(1)).toHaveLength(1)

        expect(await service.resolveAttention(refunded.id)).toBe(true)
        expect(await service.resolveAttention(quiet.id)).toBe(false)
        expect((await service.sessionPaymentsNeedingAttention(10)).map((row) => row.id)).toEqual([waiting.id])
        expect((await service.sessionPaymentById(refunded.id))?.attention_resolved_at).toBeInstanceOf(Date)
      })
    })
  },
})
