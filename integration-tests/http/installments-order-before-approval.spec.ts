/**
 * Issue #29, part 2: with `placeOrderBeforeApproval` the installments provider answers
 * `pending_authorization` while the shopper has not approved in the app yet, so the cart becomes
 * an order at once (no payment, stock reserved). The bank's approval authorizes the order's
 * payment (callback, or the reconcile job when the callback is lost); a failure (declined, push
 * timeout) cancels the order and releases its stock; an order the store owner cancelled first
 * never takes the approval: the bank order is rejected.
 */
process.env.MONOBANK_INSTALLMENTS_PLACE_ORDER_BEFORE_APPROVAL = "true"

import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { completeCart, createReadyCart, createStockedProduct, reservedUnits, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { chooseInstallments, INSTALLMENTS_PROVIDER, installmentCalls, orderOfCart, phoneEndingIn, webhooksHandled } from "./installments-helpers"

jest.setTimeout(180_000)

const PUSH_TIMEOUT_MS = 15 * 60_000
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    let inventoryItemId: string

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [INSTALLMENTS_PROVIDER] })
      // A product whose stock Medusa manages, so a cancelled order visibly gives its units back.
      const product = await createStockedProduct(api, fx, { title: "Counted", stock: 5 })
      inventoryItemId = product.inventoryItemId
      fx = { ...fx, variantId: product.variantId }
    })

    const reserved = () => reservedUnits(api, fx, inventoryItemId)

    /** The shopper picks installments (the app asks for approval) and the cart completes at once. */
    async function orderAwaitingApproval() {
      const cart = await createReadyCart(api, fx, { quantity: 2 })
      const { session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 }, cart)
      expect(session?.data?.order_id).toBeTruthy()
      const completed = await completeCart(api, fx, cart.id)
      expect(completed.data.type).toBe("order")
      const order = await orderOfCart(getContainer(), cart.id)
      return { cart, order, session, bankOrderId: session.data.order_id as string }
    }

    async function sessionStatus(sessionId: string): Promise<string> {
      const { data } = await getContainer().resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "payment_session", fields: ["status"], filters: { id: sessionId } })
      return data[0].status
    }

    it("the order is placed before the approval with no payment and its stock reserved; the approval authorizes its payment", async () => {
      const { cart, order, session, bankOrderId } = await orderAwaitingApproval()
      expect(order.status).toBe("pending")
      expect(order.payment_collections[0].payments).toEqual([])
      expect(await sessionStatus(session.id)).toBe("pending_authorization")
      expect(await reserved()).toBe(2)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "IN_PROCESS", order_sub_state: "WAITING_FOR_CLIENT" })
      // The reconcile job reads the waiting order: the order stays as it is, awaiting the approval.
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 10 * 60_000) })
      expect(await sessionStatus(session.id)).toBe("pending_authorization")
      expect((await orderOfCart(getContainer(), cart.id)).status).toBe("pending")
      // The storefront's poll: the order exists, and the purchase still waits for the app.
      const poll = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      expect(poll.data.installment).toMatchObject({ status: "pending_authorization", final: false, order: { id: order.id } })
      // The order widget's facts: the purchase waits for the shopper, with the bank's state.
      const widget = await api.get(`/admin/monobank/orders/${order.id}`, fx.admin)
      expect(widget.data).toMatchObject({ monobank: true, payments: [] })
      expect(widget.data.unpaid_installments).toEqual([
        expect.objectContaining({ session_id: session.id, session_status: "pending_authorization", bank_id: bankOrderId, bank_sub_state: "WAITING_FOR_CLIENT", canceled_because: null }),
      ])

      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientConfirm(bankOrderId)
      await callback

      const paid = await orderOfCart(getContainer(), cart.id)
      expect(paid.id).toBe(order.id)
      expect(paid.payment_collections[0].payments).toHaveLength(1)
      expect(paid.payment_collections[0].payments[0]).toMatchObject({ provider_id: INSTALLMENTS_PROVIDER, canceled_at: null })
      expect(Number(paid.payment_collections[0].payments[0].amount)).toBe(2 * fx.unitPrice + fx.shippingPrice)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      const paidWidget = await api.get(`/admin/monobank/orders/${order.id}`, fx.admin)
      expect(paidWidget.data.unpaid_installments).toEqual([])
      expect(paidWidget.data.payments).toEqual([expect.objectContaining({ bank_sub_state: "WAITING_FOR_STORE_CONFIRM" })])
    })

    it("the shopper declines in the app: the order is cancelled, its stock released, the reason kept on the order", async () => {
      const { cart, order, bankOrderId } = await orderAwaitingApproval()
      const callback = webhooksHandled(getContainer())
      await env.emulator.control.installmentClientReject(bankOrderId)
      await callback

      const canceled = await orderOfCart(getContainer(), cart.id)
      expect(canceled.status).toBe("canceled")
      expect(canceled.payment_collections[0].payments).toEqual([])
      expect(await reserved()).toBe(0)
      const { data } = await api.get(`/admin/orders/${order.id}?fields=metadata`, fx.admin)
      expect(data.order.metadata.monobank_installments.canceled_because).toMatch(/ended unpaid: REJECTED_BY_CLIENT/)
      const widget = await api.get(`/admin/monobank/orders/${order.id}`, fx.admin)
      expect(widget.data.unpaid_installments).toEqual([expect.objectContaining({ session_status: "error", canceled_because: expect.stringMatching(/REJECTED_BY_CLIENT/) })])
    })

    it("no answer in the app within 15 minutes, with the callback lost: the reconcile job cancels the order", async () => {
      const { cart, bankOrderId } = await orderAwaitingApproval()
      await env.emulator.control.setWebhookMode("drop")
      try {
        await env.emulator.control.advanceClock(PUSH_TIMEOUT_MS + 60_000)
        expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "FAIL", order_sub_state: "CLIENT_PUSH_TIMEOUT" })
      } finally {
        await env.emulator.control.setWebhookMode("deliver")
      }
      expect((await orderOfCart(getContainer(), cart.id)).status).toBe("pending")

      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + PUSH_TIMEOUT_MS) })
      expect((await orderOfCart(getContainer(), cart.id)).status).toBe("canceled")
      expect(await reserved()).toBe(0)
    })

    it("the approval's callback is lost: the reconcile job authorizes the order's payment, once", async () => {
      const { cart, bankOrderId } = await orderAwaitingApproval()
      await env.emulator.control.setWebhookMode("drop")
      try {
        await env.emulator.control.installmentClientConfirm(bankOrderId)
      } finally {
        await env.emulator.control.setWebhookMode("deliver")
      }
      expect((await orderOfCart(getContainer(), cart.id)).payment_collections[0].payments).toEqual([])

      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 60 * 60_000) })
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 2 * 60 * 60_000) })
      const order = await orderOfCart(getContainer(), cart.id)
      expect(order.status).toBe("pending")
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect((await installmentCalls(env.emulator.control)).filter((call) => /\/(reject|confirm)$/.test(call))).toEqual([])
    })

    it("the store owner turns it off on the settings page: the next cart waits for the approval before it becomes an order", async () => {
      const saved = await api.post("/admin/monobank/settings/installments", { values: { placeOrderBeforeApproval: false } }, fx.admin)
      expect(saved.status).toBe(200)
      const refused = await api.post("/admin/monobank/settings/installments", { values: { placeOrderBeforeApproval: "yes" } }, fx.admin).catch((error: any) => error.response)
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.data)).toMatch(/placeOrderBeforeApproval/)

      const cart = await createReadyCart(api, fx)
      await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2), parts_count: 4 }, cart)
      const completed = await completeCart(api, fx, cart.id)
      expect(completed.data.type).not.toBe("order")
      expect(await orderOfCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("the store owner cancels the order before the approval: the late approval is not taken and the bank order is rejected", async () => {
      const { cart, order, bankOrderId } = await orderAwaitingApproval()
      await api.post(`/admin/orders/${order.id}/cancel`, {}, fx.admin)
      expect(await reserved()).toBe(0)

      // The approval comes after the cancellation (the subscriber may have withdrawn the bank order first).
      const bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      if (bankOrder.state === "IN_PROCESS") {
        const callback = webhooksHandled(getContainer())
        await env.emulator.control.installmentClientConfirm(bankOrderId).catch(() => undefined)
        await callback.catch(() => undefined)
      }
      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 60 * 60_000) })

      const after = await orderOfCart(getContainer(), cart.id)
      expect(after.status).toBe("canceled")
      expect(after.payment_collections[0].payments).toEqual([])
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "FAIL" })
    })
  },
})
