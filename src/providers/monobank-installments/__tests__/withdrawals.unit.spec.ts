import { startEmulator } from "../../../../emulator"
import type { OpenWithdrawal } from "../../../modules/monobank-withdrawals"
import { toInstallmentSum } from "../../../lib/monobank"
import { resolveInstallmentsOptions } from "../../../utils/installments/options"
import { depsFor, type InstallmentsDeps } from "../deps"
import { takeBack } from "../withdrawals"

type Emulator = Awaited<ReturnType<typeof startEmulator>>
let emulator: Emulator
let deps: InstallmentsDeps
const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as any

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, installmentsCallbackDelayMs: 20, webhookRetryDelayMs: 0 })
  const options = resolveInstallmentsOptions({ ...emulator.installments, baseUrl: emulator.url, timeoutMs: 300 })
  deps = depsFor(options, logger)
})

afterAll(async () => {
  await deps.client.close()
  await emulator.close()
})

beforeEach(() => emulator.control.reset())

let sequence = 0
/** A bank order for a session `payses_<n>`, approved by the shopper (phone ending 1) unless told otherwise. */
async function bankOrder(phoneEnding = "1"): Promise<OpenWithdrawal> {
  sequence += 1
  const storeOrderId = `payses_withdrawal_${sequence}`
  const { order_id } = await deps.client.createOrder({
    store_order_id: storeOrderId,
    client_phone: `+38050123456${phoneEnding}`,
    total_sum: toInstallmentSum("2499.99"),
    invoice: { date: "2026-11-24", number: `INV-${sequence}`, source: "INTERNET" },
    available_programs: [{ available_parts_count: [4], type: "payment_installments" }],
    products: [{ name: "Телевізор", count: 1, sum: 2499.99 }],
  })
  return { id: `mbwdr_${sequence}`, order_id, store_order_id: storeOrderId, store_id: "store", reason: "test", attempts: 0, created_at: new Date() }
}

async function approved(orderId: string) {
  for (let i = 0; i < 50 && (await emulator.control.getInstallmentOrder(orderId)).order_sub_state !== "ACTIVE"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return emulator.control.getInstallmentOrder(orderId)
}

/** Medusa's records as the payment module reports them: `sessions` still kept, `payments` on the session. */
function medusa({ sessions = [], payments = [] }: { sessions?: object[]; payments?: object[] } = {}) {
  return { listPaymentSessions: jest.fn(async () => sessions), listPayments: jest.fn(async () => payments) } as any
}

const bankCalls = async () => (await emulator.control.calls()).filter((call) => call.path.startsWith("/api/order/") && call.path !== "/api/order/create")

describe("takeBack (an installment order of a discarded session)", () => {
  it("leaves an order alone while Medusa still keeps its session: that session's own flow decides", async () => {
    const withdrawal = await bankOrder()
    await approved(withdrawal.order_id)
    const result = await takeBack(deps, { withdrawal, paymentModule: medusa({ sessions: [{ id: withdrawal.store_order_id }] }) })
    expect(result.kind).toBe("left_to_session")
    expect(await bankCalls()).toEqual([])
    expect((await emulator.control.getInstallmentOrder(withdrawal.order_id)).order_sub_state).toBe("ACTIVE")
  })

  it("never returns money a Medusa payment rests on, and asks the bank nothing when Medusa cannot say", async () => {
    const withdrawal = await bankOrder()
    await approved(withdrawal.order_id)
    const rests = await takeBack(deps, { withdrawal, paymentModule: medusa({ payments: [{ id: "pay_1", canceled_at: null }] }) })
    expect(rests.kind).toBe("payment_rests_on_it")
    const unreadable = medusa()
    unreadable.listPayments.mockRejectedValue(new Error("database down"))
    expect((await takeBack(deps, { withdrawal, paymentModule: unreadable })).kind).toBe("unknown_payment")
    expect(await bankCalls()).toEqual([])
    expect((await emulator.control.getInstallmentOrder(withdrawal.order_id)).returns).toEqual([])
  })

  it("returns an approved order's money in full when its session is gone, and nothing more when run again", async () => {
    const withdrawal = await bankOrder()
    await approved(withdrawal.order_id)
    const canceledPayment = medusa({ payments: [{ id: "pay_1", canceled_at: new Date() }] })
    expect(await takeBack(deps, { withdrawal, paymentModule: canceledPayment })).toMatchObject({ kind: "returned", detail: "2499.99 UAH returned to the shopper's card" })
    expect((await takeBack(deps, { withdrawal, paymentModule: medusa() })).kind).toBe("returned")
    const order = await emulator.control.getInstallmentOrder(withdrawal.order_id)
    expect(order.order_sub_state).toBe("RETURNED")
    expect(order.returns.map((r) => [r.kopecks, r.store_return_id])).toEqual([[249999, `withdrawn-${withdrawal.order_id}`]])
  })

  it("a return whose answer is lost waits for the next run, which finds it made and sends nothing", async () => {
    const withdrawal = await bankOrder()
    await approved(withdrawal.order_id)
    await emulator.control.injectFault({ path: "/api/order/return", count: 1, kind: "slow", delayMs: 600 })
    expect((await takeBack(deps, { withdrawal, paymentModule: medusa() })).kind).toBe("waiting")
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect((await takeBack(deps, { withdrawal, paymentModule: medusa() })).kind).toBe("returned")
    expect((await emulator.control.getInstallmentOrder(withdrawal.order_id)).returns).toHaveLength(1)
    expect((await bankCalls()).filter((call) => call.path === "/api/order/return")).toHaveLength(1)
  })

  it("rejects an order still waiting for the shopper", async () => {
    const withdrawal = await bankOrder("2")
    expect(await takeBack(deps, { withdrawal, paymentModule: medusa() })).toMatchObject({ kind: "failed_at_bank", detail: "FAIL/REJECTED_BY_STORE" })
  })
})
