/**
 * The monobank-checkout module on its own database: its shipped migration, one checkout order per
 * cart enforced by the database, and the bank calls it owns (against the emulator).
 */
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { startEmulator } from "../../emulator"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../../src/modules/monobank-checkout"
import { moduleTestDatabase } from "../helpers/module-database"

jest.setTimeout(60_000)

const MODULE_DIR = path.resolve(__dirname, "../../src/modules/monobank-checkout")
const dbName = moduleTestDatabase(MONOBANK_CHECKOUT_MODULE)
let emulator: Awaited<ReturnType<typeof startEmulator>>
const emulatorOptions = { checkout: {} as Record<string, unknown> }

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
  Object.assign(emulatorOptions.checkout, {
    token: emulator.acquiringToken,
    baseUrl: emulator.url,
    storeUrl: "https://api.shop.example",
    returnUrl: "https://shop.example/checkout/monobank?cart={cart_id}",
  })
})
afterAll(() => emulator?.close())

const row = (cart_id: string) => ({
  cart_id,
  checkout_order_id: `bank-${cart_id}`,
  redirect_url: "https://pay.example/checkout/1",
  amount: 1234.56,
  currency_code: "uah",
})

moduleIntegrationTestRunner<MonobankCheckoutModuleService>({
  moduleName: MONOBANK_CHECKOUT_MODULE,
  resolve: MODULE_DIR,
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  moduleOptions: emulatorOptions,
  dbName,
  testSuite: ({ service }) => {
    it("keeps one checkout order per cart: a second one for the same cart_id is refused by the database", async () => {
      const first = await service.createMonobankCheckoutOrders(row("cart_1"))
      expect(first).toMatchObject({ id: expect.stringMatching(/^mbchk_/), status: "awaiting_shopper", cart_id: "cart_1" })
      await expect(service.createMonobankCheckoutOrders(row("cart_1"))).rejects.toThrow(/already exists|unique|duplicate/i)
      expect(await service.listMonobankCheckoutOrders({ cart_id: "cart_1" })).toHaveLength(1)
      await service.createMonobankCheckoutOrders(row("cart_2"))
      expect(await service.listMonobankCheckoutOrders({})).toHaveLength(2)
      expect(await service.listMonobankCheckoutOrders({ checkout_order_id: "bank-cart_2" })).toEqual([
        expect.objectContaining({ cart_id: "cart_2", checkout_order_id: "bank-cart_2" }),
      ])
    })

    it("stores the amount exactly and the bank's last record as JSON", async () => {
      const created = await service.createMonobankCheckoutOrders({ ...row("cart_3"), amount: "0.10" as any })
      await service.updateMonobankCheckoutOrders({ id: created.id, last_record: { generalStatus: "success" }, general_status: "success" })
      const stored = await service.retrieveMonobankCheckoutOrder(created.id)
      expect(stored).toMatchObject({ general_status: "success", last_record: { generalStatus: "success" } })
      expect((stored as any).raw_amount).toMatchObject({ value: "0.1" })
    })

    it("creates and reads checkout orders at the bank with the merchant token from its options", async () => {
      expect(service.isConfigured()).toBe(true)
      const options = service.currentCheckoutOptions(undefined)
      const created = await service.createBankOrder(options, { order_ref: "cart_9", amount: 10, count: 1, products: [{ name: "Кава", cnt: 1, price: 10 }] })
      const record = await service.fetchBankOrder(options, created.order_id)
      expect(record).toMatchObject({ orderId: created.order_id, basket_id: "cart_9", generalStatus: "not_authorized" })
    })
  },
})
