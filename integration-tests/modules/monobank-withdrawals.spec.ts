/**
 * The monobank-withdrawals module on its own database: its shipped migration, one open row per bank
 * order however often (and from however many servers) it is remembered, and remembering a settled
 * order opens it again.
 */
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { MONOBANK_WITHDRAWALS_MODULE, type MonobankWithdrawalsModuleService } from "../../src/modules/monobank-withdrawals"
import { moduleTestDatabase } from "../helpers/module-database"

jest.setTimeout(60_000)

const MODULE_DIR = path.resolve(__dirname, "../../src/modules/monobank-withdrawals")
const dbName = moduleTestDatabase(MONOBANK_WITHDRAWALS_MODULE)

const order = (n: number, store_id = "store-a") => ({
  order_id: `bank-order-${n}`,
  store_order_id: `payses_${n}`,
  store_id,
  reason: "its payment session was discarded",
})

moduleIntegrationTestRunner<MonobankWithdrawalsModuleService>({
  moduleName: MONOBANK_WITHDRAWALS_MODULE,
  resolve: MODULE_DIR,
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  dbName,
  testSuite: ({ service }) => {
    it("keeps one open row per bank order, also when servers remember it at once", async () => {
      await Promise.all([1, 1, 1, 2].map((n) => service.rememberWithdrawal(order(n))))
      await service.rememberWithdrawal(order(3, "store-b"))
      const open = await service.listOpenWithdrawals("store-a", 10)
      expect(open.map((w) => w.order_id).sort()).toEqual(["bank-order-1", "bank-order-2"])
      expect(open[0]).toMatchObject({ store_id: "store-a", attempts: 0, reason: "its payment session was discarded" })
    })

    it("a settled order leaves the open list; remembering it again opens it again", async () => {
      await service.rememberWithdrawal(order(4))
      const [open] = await service.listOpenWithdrawals("store-a", 10)
      await service.noteFailedAttempt(open.id, 1, "monobank did not answer")
      await service.settleWithdrawal(open.id, "left_to_session")
      expect(await service.listOpenWithdrawals("store-a", 10)).toEqual([])

      await service.rememberWithdrawal({ ...order(4), reason: "session payses_5 replaced its payment session" })
      const reopened = await service.listOpenWithdrawals("store-a", 10)
      expect(reopened).toEqual([expect.objectContaining({ id: open.id, reason: "session payses_5 replaced its payment session", attempts: 1 })])
      expect(await service.listMonobankWithdrawals({ order_id: "bank-order-4" })).toHaveLength(1)
    })
  },
})
