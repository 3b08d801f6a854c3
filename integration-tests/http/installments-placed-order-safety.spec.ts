/**
 * Issue #40, defects 1 to 3: an installment order placed before the shopper's approval
 * (`placeOrderBeforeApproval`) is what the bank's money will rest on, from the moment the order
 * exists until the bank answers:
 * 1. the shopper cannot swap its installment for another way of paying through the store API (nor
 *    can any other path delete its session): the order would stay unpaid with its stock reserved;
 * 2. the owner cannot fulfil it while the bank waits, and when it was fulfilled anyway (another
 *    path) and the bank then ends it unpaid, Needs attention names the order;
 * 3. an approval racing the owner's cancellation never leaves the bank's money held for a
 *    cancelled order: whichever comes second gives it back;
 * 4. (found by the money model) a cancelled order takes no new payment session: the store API
 *    accepted one on its collection, and a card paid there was kept for the cancelled order.
 */
process.env.MONOBANK_INSTALLMENTS_PLACE_ORDER_BEFORE_APPROVAL = "true"

import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { completeCart, createReadyCart, createStockedProduct, reservedUnits, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { chooseInstallments, INSTALLMENTS_PROVIDER, orderOfCart, phoneEndingIn, webhooksHandled } from "./installments-helpers"

jest.setTimeout(180_000)

const SYSTEM_PROVIDER = "pp_system_default"
const AFTER_AUTHORIZE_GRACE_MS = 3 * 60_000
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    let inventoryItemId: string

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [INSTALLMENTS_PROVIDER, SYSTEM_PROVIDER] })
      const product = await createStockedProduct(api, fx, { title: "Counted", stock: 5 })
      inventoryItemId = product.inventoryItemId
      fx = { ...fx, variantId: product.variantId }
    })

    const reserved = () => reservedUnits(api, fx, inventoryItemId)

    async function orderAwaitingApproval() {
      const cart = await createReadyCart(api, fx, { quantity: 2 })
      const { session, collectionId } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 }, cart)
      expect(session?.data?.order_id).toBeTruthy()
      expect((await completeCart(api, fx, cart.id)).data.type).toBe("order")
      const order = await orderOfCart(getContainer(), cart.id)
      expect(order.status).toBe("pending")
      return { cart, order, session, collectionId, bankOrderId: session.data.order_id as string }
    }

    /** The shopper tries a system and an installments session on the collection: each is refused (400) with the given words. */
    async function expectNewSessionsRefused(collectionId: string, phoneEnding: number, ...words: RegExp[]) {
      for (const provider_id of [SYSTEM_PROVIDER, INSTALLMENTS_PROVIDER]) {
        const refused = await api
          .post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id, data: { client_phone: phoneEndingIn(phoneEnding), parts_count: 3 } }, fx.store)
          .catch((error: any) => error.response)
        expect(refused.status).toBe(400)
        for (const pattern of words) expect(refused.data.message).toMatch(pattern)
      }
    }

    async function sessionsOf(collectionId: string) {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "payment_session", fields: ["id", "provider_id", "status"], filters: { payment_collection_id: collectionId } })
      return data as Array<{ id: string; provider_id: string; status: string }>
    }

    async function orderLines(orderId: string) {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*items,*fulfillments`, fx.admin)
      return data.order as { items: Array<{ id: string; quantity: number }>; fulfillments: unknown[] }
    }

    /** The store's rejects of this bank order (a withdrawal), from the emulator's call log. */
    const rejectsOf = async (bankOrderId: string) =>
      (await env.emulator.control.calls()).filter((call) => call.path === "/api/order/reject" && call.orderId === bankOrderId)

    it("1. the shopper cannot swap a placed order's waiting installment for another way of paying; the approval still pays the order", async () => {
      const { cart, order, session, collectionId, bankOrderId } = await orderAwaitingApproval()
      await expectNewSessionsRefused(collectionId, 1, /waiting for your approval in the monobank app/, /очікує на ваше підтвердження в застосунку monobank/)
      expect(await sessionsOf(collectionId)).toEqual([expect.objectContaining({ id: session.id, provider_id: INSTALLMENTS_PROVIDER, status: "pending_authorization" })])
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "IN_PROCESS" })
      expect(await rejectsOf(bankOrderId)).toEqual([])
      expect(await reserved()).toBe(2)

      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientConfirm(bankOrderId)
      await callback
      const paid = await orderOfCart(getContainer(), cart.id)
      expect(paid.id).toBe(order.id)
      expect(paid.payment_collections[0].payments).toEqual([expect.objectContaining({ provider_id: INSTALLMENTS_PROVIDER, canceled_at: null })])
    })

    it("1. by construction: no other path deletes the session an order placed before the approval rests on", async () => {
      const { session, collectionId, bankOrderId } = await orderAwaitingApproval()
      const payments = getContainer().resolve(Modules.PAYMENT)
      await expect(payments.deletePaymentSession(session.id)).rejects.toThrow(/waiting for the shopper's approval/)
      expect(await sessionsOf(collectionId)).toEqual([expect.objectContaining({ id: session.id, status: "pending_authorization" })])
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 60 * 60_000) })
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "IN_PROCESS" })
      expect(await rejectsOf(bankOrderId)).toEqual([])
    })

    it("2. the owner cannot fulfil an order whose installment waits for the shopper; once approved, it can be fulfilled", async () => {
      const { order, bankOrderId } = await orderAwaitingApproval()
      const { items } = await orderLines(order.id)
      const body = { location_id: fx.stockLocationId, items: items.map((item) => ({ id: item.id, quantity: item.quantity })) }
      const refused = await api.post(`/admin/orders/${order.id}/fulfillments`, body, fx.admin).catch((error: any) => error.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(new RegExp(`Order ${order.id} cannot be fulfilled yet`))
      expect(refused.data.message).toMatch(/approval in the monobank app/)
      expect((await orderLines(order.id)).fulfillments).toEqual([])

      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientConfirm(bankOrderId)
      await callback
      const fulfilled = await api.post(`/admin/orders/${order.id}/fulfillments`, body, fx.admin)
      expect(fulfilled.status).toBe(200)
      expect((await orderLines(order.id)).fulfillments).toHaveLength(1)
    })

    it("2. fulfilled anyway by another path, then declined in the app: Needs attention names the order, shipped without money", async () => {
      const { order, bankOrderId } = await orderAwaitingApproval()
      const { items } = await orderLines(order.id)
      await createOrderFulfillmentWorkflow(getContainer()).run({
        input: { order_id: order.id, location_id: fx.stockLocationId, items: items.map((item) => ({ id: item.id, quantity: item.quantity })) },
      })
      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientReject(bankOrderId)
      await callback

      const { data: after } = await api.get(`/admin/orders/${order.id}?fields=id,status`, fx.admin)
      expect(after.order.status).not.toBe("canceled")
      const list = await api.get("/admin/monobank/needs-attention", fx.admin)
      expect(list.data.rows).toEqual([
        expect.objectContaining({ medusa_order_id: order.id, happened: expect.stringMatching(new RegExp(`order ${order.id}.*REJECTED_BY_CLIENT.*fulfilled`)) }),
      ])
      // Reported once: the reconcile reading the same ended order again adds nothing.
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 60 * 60_000) })
      expect((await api.get("/admin/monobank/needs-attention", fx.admin)).data.rows).toHaveLength(1)
    })

    it("3. the approval lands while the owner cancels the order: the bank's money is given back, not held for a cancelled order", async () => {
      const { cart, order, bankOrderId } = await orderAwaitingApproval()
      // The approval's authorize reads the bank's state while the owner's cancel runs.
      await env.emulator.control.injectFault({ method: "POST", path: "/api/order/state", count: 1, kind: "hold", delayMs: 60_000 })
      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientConfirm(bankOrderId)
      const deadline = Date.now() + 30_000
      // The hold is used up once the authorize's state read is kept waiting.
      while ((await env.emulator.control.listFaults()).length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await env.emulator.control.listFaults()).toEqual([])
      expect((await api.post(`/admin/orders/${order.id}/cancel`, {}, fx.admin)).status).toBe(200)
      await env.emulator.control.releaseHeldRequests()
      await callback.catch(() => undefined)

      // Settled at once, or by the settlement once the authorize's grace is over.
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + AFTER_AUTHORIZE_GRACE_MS) })
      const after = await orderOfCart(getContainer(), cart.id)
      expect(after.status).toBe("canceled")
      expect(after.payment_collections[0].payments.filter((payment: { canceled_at: unknown }) => !payment.canceled_at)).toEqual([])
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "FAIL" })
      expect(await reserved()).toBe(0)
    })

    it("4. nothing can pay a cancelled order: its payment collection takes no new session, and the bank makes no new order for it", async () => {
      const { order, collectionId, session } = await orderAwaitingApproval()
      expect((await api.post(`/admin/orders/${order.id}/cancel`, {}, fx.admin)).status).toBe(200)
      const ordersBefore = (await env.emulator.control.calls()).filter((call) => call.path === "/api/order/create").length

      await expectNewSessionsRefused(collectionId, 4, /was cancelled/, /скасовано/)
      expect((await sessionsOf(collectionId)).map((s) => s.id)).toEqual([session.id])
      expect((await env.emulator.control.calls()).filter((call) => call.path === "/api/order/create")).toHaveLength(ordersBefore)
    })

    it("5. a paid order takes no second payment: once its installment is approved, its collection refuses a new session, and its payment stays as it is", async () => {
      const { collectionId, session, bankOrderId } = await orderAwaitingApproval()
      const approved = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientConfirm(bankOrderId)
      await approved
      const paymentsOf = () =>
        getContainer().resolve(Modules.PAYMENT).listPayments({ payment_collection_id: collectionId } as never, { select: ["id", "canceled_at", "captured_at"] })
      // The approval's payment is made once Medusa has handled the callback (a moment after it arrived).
      let before = await paymentsOf()
      for (let i = 0; i < 100 && before.length === 0; i++) before = await new Promise((resolve) => setTimeout(resolve, 100)).then(paymentsOf)
      expect(before).toEqual([expect.objectContaining({ canceled_at: null })])

      await expectNewSessionsRefused(collectionId, 1, /is paid/, /оплачено/)
      expect((await sessionsOf(collectionId)).map((s) => s.id)).toEqual([session.id])
      expect(await paymentsOf()).toEqual(before)
    })
  },
})
