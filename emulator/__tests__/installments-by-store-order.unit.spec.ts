import { EmulatorControlError } from "../control-client"
import { startEmulator, type RunningEmulator } from "../start"
import { installments } from "./helpers/api"

let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

const order = (storeOrderId: string) => ({
  store_order_id: storeOrderId,
  client_phone: "+380501234567",
  total_sum: 1304.56,
  invoice: { date: "2026-01-15", number: "A-1", source: "INTERNET" },
  available_programs: [{ available_parts_count: [3, 4] }],
  products: [{ name: "Вишиванка", count: 1, sum: 1304.56 }],
})

describe("control: installment order by store_order_id", () => {
  it("finds the order made for a store_order_id, and the same one after a repeated create", async () => {
    const created = await installments(emulator).post("/api/order/create", order("payses_one"))
    await installments(emulator).post("/api/order/create", order("payses_two"))
    await installments(emulator).post("/api/order/create", order("payses_one"))

    const found = await emulator.control.getInstallmentOrderByStoreOrderId("payses_one")

    expect(found).toMatchObject({ order_id: created.json.order_id, store_order_id: "payses_one", totalKopecks: 130456, returns: [] })
  })

  it("answers 404 for a store_order_id no order was made for", async () => {
    await expect(emulator.control.getInstallmentOrderByStoreOrderId("payses_none")).rejects.toMatchObject({
      constructor: EmulatorControlError,
      status: 404,
    })
  })
})
