/**
 * An installment order whose payment session the store discards (the shopper switched to another
 * way of paying) is withdrawn at the bank. When that cannot happen at once (the bank refused the
 * rejection, or the shopper had already approved the order in the app and the bank took the first
 * part), the shopper must not be left paying for goods no Medusa order knows of: the scheduled
 * reconcile takes the order back later, rejected while it waits, its money returned once taken.
 * Found by the fault soak (an approved installment order at the bank with no Medusa payment).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { chooseInstallments, INSTALLMENTS_PROVIDER, phoneEndingIn } from "./installments-helpers"

jest.setTimeout(120_000)

const SYSTEM_PROVIDER = "pp_system_default"
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [INSTALLMENTS_PROVIDER, SYSTEM_PROVIDER] })
    })

    /** The shopper picks another way of paying: Medusa discards the installment session. */
    async function switchToSystemProvider(collectionId: string) {
      const { data } = await api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: SYSTEM_PROVIDER }, fx.store)
      expect(data.payment_collection.payment_sessions.map((s: { provider_id: string }) => s.provider_id)).toEqual([SYSTEM_PROVIDER])
    }

    it("approved in the app before the store heard of it, then discarded: the reconcile returns the money in full, once", async () => {
      const { control } = env.emulator
      // The bank's callback of the approval is lost: the store still sees the session pending.
      await control.setWebhookMode("drop")
      const { session, collectionId } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(1), parts_count: 4 })
      const orderId = session.data.order_id as string
      await waitFor(async () => (await control.getInstallmentOrder(orderId)).order_sub_state === "ACTIVE")

      await switchToSystemProvider(collectionId)
      await syncMonobankPaymentSessionsJob(getContainer())
      await syncMonobankPaymentSessionsJob(getContainer())

      const order = await control.getInstallmentOrder(orderId)
      expect(order).toMatchObject({ state: "SUCCESS", order_sub_state: "RETURNED" })
      expect(order.returns).toHaveLength(1)
      expect(order.returns[0].kopecks).toBe(order.totalKopecks)
    })

    it("the bank refused to reject a discarded session's order, which the shopper then approves: the reconcile rejects it", async () => {
      const { control } = env.emulator
      // Phone ending 2: the order waits for the shopper until the emulator is told what they do.
      const { session, collectionId } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 })
      const orderId = session.data.order_id as string
      await control.injectFault({ path: "/api/order/reject", count: 2, kind: "500" })

      await switchToSystemProvider(collectionId)
      await control.clearFaults()
      await control.installmentClientConfirm(orderId)
      expect(await control.getInstallmentOrder(orderId)).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })

      await syncMonobankPaymentSessionsJob(getContainer())
      expect(await control.getInstallmentOrder(orderId)).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
    })

    it("a discarded session's order that the bank rejected at once is not touched again", async () => {
      const { control } = env.emulator
      await control.setWebhookMode("drop")
      const { session, collectionId } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 })
      const orderId = session.data.order_id as string
      await switchToSystemProvider(collectionId)
      expect(await control.getInstallmentOrder(orderId)).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })

      // Only this order's calls: a callback is handled 5 s after it arrives and reads its order, so
      // the previous test's may land here (this test's own are not delivered).
      const callsAboutOrder = async () => (await control.calls()).filter((call) => call.orderId === orderId)
      const before = await callsAboutOrder()
      expect(before.map((call) => call.path)).toContain("/api/order/reject")
      const summary = await syncMonobankPaymentSessionsJob(getContainer())
      expect(summary.withdrawals).toEqual({ checked: 0, settled: 0, waiting: 0, failed: 0 })
      expect(await callsAboutOrder()).toEqual(before)
    })
  },
})

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
