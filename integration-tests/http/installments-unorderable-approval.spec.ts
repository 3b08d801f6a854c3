/**
 * Issue #26, defect 12: the shopper approved an installment in the app (the bank order waits for
 * the store's confirmation), but the cart cannot become an order: another shopper bought the last
 * unit meanwhile. The plugin's jobs try the completion again for a while; when it still cannot
 * succeed, the bank order is rejected (the shopper's money goes back) and the store owner sees it
 * under needs attention. When the stock comes back in time, the retry makes the order.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { completeCart, createReadyCart, createStockedProduct, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { chooseInstallments, INSTALLMENTS_PROVIDER, installmentCalls, orderOfCart, phoneEndingIn, webhooksHandled } from "./installments-helpers"

jest.setTimeout(180_000)

const SYSTEM_PROVIDER = "pp_system_default"
const HOUR_MS = 60 * 60_000
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    /** The product with one unit in stock, and its inventory item. */
    let lastUnit: { variantId: string; inventoryItemId: string }

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [INSTALLMENTS_PROVIDER, SYSTEM_PROVIDER] })
      lastUnit = await createStockedProduct(api, fx, { title: "Last one", stock: 1 })
    })

    async function setStock(quantity: number) {
      await api.post(`/admin/inventory-items/${lastUnit.inventoryItemId}/location-levels/${fx.stockLocationId}`, { stocked_quantity: quantity }, fx.admin)
    }

    async function attentionRows(): Promise<Array<{ kind: string; subject: string; happened: string }>> {
      const { data } = await api.get("/admin/monobank/needs-attention", fx.admin)
      return data.rows ?? data.needs_attention ?? data
    }

    /**
     * Cart A pays with installments and the shopper approves in the app only after cart B bought
     * the last unit: Medusa's completion of A (the bank's callback, then the storefront's poll) fails.
     */
    async function approvedWhileSoldOut() {
      const buyer = { ...fx, variantId: lastUnit.variantId }
      const cartA = await createReadyCart(api, buyer, { email: "a@example.test" })
      const cartB = await createReadyCart(api, buyer, { email: "b@example.test" })
      const { session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 }, cartA)
      const bankOrderId = session.data.order_id as string

      await startPaymentSession(api, fx, cartB.id, SYSTEM_PROVIDER)
      expect((await completeCart(api, fx, cartB.id)).data.type).toBe("order")

      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientConfirm(bankOrderId)
      await callback
      const poll = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      expect(poll.data.installment).toMatchObject({ status: "authorized", code: "WAITING_FOR_STORE_CONFIRM", order: null })
      expect(await orderOfCart(getContainer(), cartA.id)).toBeUndefined()
      return { cartA, session, bankOrderId }
    }

    it("the last unit sold before the approved cart completed: the jobs retry, then reject the bank order and show it to the store owner", async () => {
      const { cartA, session, bankOrderId } = await approvedWhileSoldOut()

      // Retried for a while: nothing is rejected at once.
      await syncMonobankPaymentSessionsJob(getContainer())
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })

      // An hour later the unit is still sold: the completion cannot succeed.
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + HOUR_MS) })
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
      expect(await orderOfCart(getContainer(), cartA.id)).toBeUndefined()
      // The shopper's storefront no longer says the purchase is confirmed.
      const poll = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      expect(poll.data.installment).toMatchObject({ code: "REJECTED_BY_STORE", order: null })

      const rows = (await attentionRows()).filter((row) => row.kind === "session_payment" && row.happened.includes(bankOrderId))
      expect(rows).toHaveLength(1)
      expect(rows[0].happened).toContain(cartA.id)
      expect(rows[0].happened).toMatch(/could not become an order: .*stock/i)
      expect(rows[0].happened).toMatch(/rejected/)

      // Settled: a later run rejects nothing more and lists it once.
      const rejects = (await installmentCalls(env.emulator.control)).filter((call) => call.endsWith("/reject")).length
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 2 * HOUR_MS) })
      expect((await installmentCalls(env.emulator.control)).filter((call) => call.endsWith("/reject"))).toHaveLength(rejects)
      expect((await attentionRows()).filter((row) => row.happened.includes(bankOrderId))).toHaveLength(1)
    })

    it("the stock came back before the retry ran out: the retry makes the order and the bank order is kept", async () => {
      const { cartA, bankOrderId } = await approvedWhileSoldOut()
      await syncMonobankPaymentSessionsJob(getContainer())
      expect(await orderOfCart(getContainer(), cartA.id)).toBeUndefined()

      await setStock(2)
      await syncMonobankPaymentSessionsJob(getContainer())

      const order = await orderOfCart(getContainer(), cartA.id)
      expect(order).toBeDefined()
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      expect((await installmentCalls(env.emulator.control)).filter((call) => call.endsWith("/reject"))).toEqual([])
      expect((await attentionRows()).filter((row) => row.happened.includes(bankOrderId))).toEqual([])
    })
  },
})
