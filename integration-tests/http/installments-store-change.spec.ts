/**
 * Issue 26, defect 14: installments under the settings saved in the admin. The storefront poll
 * reads the bank with the saved store id; moving to another store id warns while orders made under
 * the current one are open, and those orders stay reachable with their own store's credentials
 * afterwards; "Sync with bank" reads the bank's order and says what the bank said.
 */
import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { signBody } from "../../emulator/installments/signature"
import { MONOBANK_SETTINGS_MODULE, type MonobankSettingsModuleService } from "../../src/modules/monobank-settings"
import { chooseInstallments, confirmedInstallmentOrder, HOOK_PATH, INSTALLMENTS_PROVIDER, installmentCalls, orderOfCart, phoneEndingIn, webhooksHandled } from "./installments-helpers"

jest.setTimeout(180_000)

const MOVED_STORE = "moved-installments-store"
const MOVED_SECRET = "moved-installments-secret-0123456789"

const env = useMonobankTestEnvironment({ installmentsOtherStores: { [MOVED_STORE]: MOVED_SECRET } })
const SETTINGS_KEY = randomBytes(32).toString("base64")
process.env.MONOBANK_SETTINGS_KEY = SETTINGS_KEY

const MOVE = { values: { storeId: MOVED_STORE }, secrets: { secret: MOVED_SECRET } }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    const post = (path: string, body: unknown) => api.post(path, body, fx.admin).catch((e: any) => e.response)

    beforeEach(async () => {
      process.env.MONOBANK_SETTINGS_KEY = SETTINGS_KEY
      await env.emulator.control.setWebhookMode("deliver")
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [INSTALLMENTS_PROVIDER] })
    })

    const confirmedOrder = () => confirmedInstallmentOrder(api, fx, getContainer())

    it("the storefront poll reads the bank with the store id and secret saved in the admin, and completes the cart", async () => {
      expect((await post("/admin/monobank/settings/installments", MOVE)).status).toBe(200)
      await env.emulator.control.setWebhookMode("drop")
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
      expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({ store_id: MOVED_STORE })
      await env.emulator.control.installmentClientConfirm(session.data.order_id)

      const polled = await api.get(`/store/monobank/installments/${session.id}`, fx.store).catch((e: any) => e.response)
      expect(polled.status).toBe(200)
      const order = await orderOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()
      expect(polled.data.installment).toMatchObject({ status: "authorized", code: "WAITING_FOR_STORE_CONFIRM", order: { id: order.id } })
    })

    it("moving to another store id while an order is open answers 409 with how many and saves nothing; confirmed, the old order is still captured and returned at its own store", async () => {
      const { order, payment, bankOrderId } = await confirmedOrder()

      const refused = await post("/admin/monobank/settings/installments", MOVE)
      expect(refused.status).toBe(409)
      expect(refused.data).toMatchObject({ type: "open_orders", open_orders: 1, message: expect.stringMatching(/^1 installment order\(s\) made under store id /) })
      expect(JSON.stringify(refused.data)).not.toContain(MOVED_SECRET)
      expect((await api.get("/admin/monobank/settings/installments", fx.admin)).data.settings.values).toEqual({})

      const notBoolean = await post("/admin/monobank/settings/installments", { ...MOVE, confirm_open_orders: "yes" })
      expect(notBoolean.status).toBe(400)
      expect(notBoolean.data.errors).toEqual({ confirm_open_orders: "must be true or false" })

      const saved = await post("/admin/monobank/settings/installments", { ...MOVE, confirm_open_orders: true })
      expect(saved.status).toBe(200)
      expect(saved.data.settings.values).toEqual({ storeId: MOVED_STORE })
      expect(JSON.stringify(saved.data)).not.toContain("kept_installment_stores")

      const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin).catch((e: any) => e.response)
      expect(captured.status).toBe(200)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ store_id: env.emulator.installments.storeId, state: "SUCCESS", order_sub_state: "ACTIVE" })

      const refunded = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, fx.admin).catch((e: any) => e.response)
      expect(refunded.status).toBe(200)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toEqual([expect.objectContaining({ sum: 100 })])

      const synced = await post(`/admin/monobank/orders/${order.id}/sync`, {})
      expect(synced.data.outcomes).toEqual([{ what: `installment order ${bankOrderId}`, ok: true, detail: expect.stringMatching(/^monobank says SUCCESS\/ACTIVE/) }])

      // New sessions are made under the store saved now.
      const next = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2) })
      expect(await env.emulator.control.getInstallmentOrder(next.session.data.order_id)).toMatchObject({ store_id: MOVED_STORE })
    })

    it("an order made under a store saved in the admin is still captured and returned with that store's kept secret after moving back to medusa-config's", async () => {
      expect((await post("/admin/monobank/settings/installments", MOVE)).status).toBe(200)
      const { payment, bankOrderId } = await confirmedOrder()
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ store_id: MOVED_STORE })

      const back = { values: {}, secrets: { secret: null } }
      expect((await post("/admin/monobank/settings/installments", back)).status).toBe(409)
      const saved = await post("/admin/monobank/settings/installments", { ...back, confirm_open_orders: true })
      expect(saved.status).toBe(200)
      expect(saved.data.settings).toMatchObject({ values: {}, secrets: {} })

      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin).catch((e: any) => e.response)).status).toBe(200)
      const refunded = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 50 }, fx.admin).catch((e: any) => e.response)
      expect(refunded.status).toBe(200)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "SUCCESS", returns: [expect.objectContaining({ sum: 50 })] })
    })

    it("#40 defect 7: a callback is checked against the secret of the store that made its order, not every kept store's", async () => {
      // An order open under the store saved in the admin keeps that store (and its secret) after moving back.
      expect((await post("/admin/monobank/settings/installments", MOVE)).status).toBe(200)
      const made = await confirmedOrder()
      const back = { values: {}, secrets: { secret: null }, confirm_open_orders: true }
      expect((await post("/admin/monobank/settings/installments", back)).status).toBe(200)
      const { session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2) })
      const orderId = session.data.order_id as string
      expect(await env.emulator.control.getInstallmentOrder(orderId)).toMatchObject({ store_id: env.emulator.installments.storeId })

      const callback = (secret: string, order = orderId) => {
        const body = JSON.stringify({ order_id: order, state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
        return {
          provider: HOOK_PATH.split("/").at(-1)!,
          payload: { data: JSON.parse(body), rawData: Buffer.from(body), headers: { signature: signBody(body, secret) } },
        }
      }
      const payments = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      // The kept store's own order is still heard with its secret.
      expect(await payments.getWebhookActionAndData(callback(MOVED_SECRET, made.bankOrderId))).toMatchObject({ action: "authorized" })
      expect(await payments.getWebhookActionAndData(callback(MOVED_SECRET))).toMatchObject({ action: "not_supported" })
      // Heard with the current store's secret, and read at the bank: the shopper has not answered yet.
      expect(await payments.getWebhookActionAndData(callback(env.emulator.installments.secret))).toMatchObject({
        action: "pending",
        data: { session_id: session.id },
      })
    })

    it("#40 defect 7: a signed callback that claims more than the bank says decides nothing: the bank's own state does (an approved order is not handed over)", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      const body = JSON.stringify({ order_id: bankOrderId, state: "SUCCESS", order_sub_state: "ACTIVE" })
      const payments = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const claimsActive = {
        provider: HOOK_PATH.split("/").at(-1)!,
        payload: { data: JSON.parse(body), rawData: Buffer.from(body), headers: { signature: signBody(body, env.emulator.installments.secret) } },
      }
      expect(await payments.getWebhookActionAndData(claimsActive)).toMatchObject({ action: "authorized" })

      const handled = webhooksHandled(getContainer())
      const delivered = await api.post(HOOK_PATH, body, { headers: { "content-type": "application/json", signature: signBody(body, env.emulator.installments.secret) } })
      expect(delivered.status).toBe(200)
      await handled
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      const [stored] = await payments.listPayments({ id: payment.id }, { select: ["id", "captured_at"] })
      expect(stored.captured_at).toBeFalsy()
    })

    it("#40 defect 9: saves at the same moment, each to another store id, lose no store: each one replaced is kept with its secret", async () => {
      const stores = ["concurrent-store-1", "concurrent-store-2", "concurrent-store-3", "concurrent-store-4"]
      const saves = await Promise.all(
        stores.map((storeId) =>
          post("/admin/monobank/settings/installments", { values: { storeId }, secrets: { secret: `${storeId}-secret-0123456789` }, confirm_open_orders: true })
        )
      )
      expect(saves.map((saved) => [saved.status, saved.data?.message])).toEqual(stores.map(() => [200, undefined]))

      const settings = getContainer().resolve<MonobankSettingsModuleService>(MONOBANK_SETTINGS_MODULE)
      const current = (await settings.storedSettings("installments"))?.values.storeId as string
      const kept = await settings.keptInstallmentsStores()
      expect(stores).toContain(current)
      expect(kept.map((store) => [store.storeId, store.secret]).sort()).toEqual(
        stores.filter((storeId) => storeId !== current).map((storeId) => [storeId, `${storeId}-secret-0123456789`])
      )
    })

    it("Sync with bank on an installment order reads the bank and names its state; a bank failure is reported with its reason", async () => {
      const { order, bankOrderId } = await confirmedOrder()
      const callsBefore = (await installmentCalls(env.emulator.control)).length

      const synced = await post(`/admin/monobank/orders/${order.id}/sync`, {})
      expect(synced.status).toBe(200)
      expect(synced.data.outcomes).toEqual([
        { what: `installment order ${bankOrderId}`, ok: true, detail: expect.stringMatching(/^monobank says IN_PROCESS\/WAITING_FOR_STORE_CONFIRM: /) },
      ])
      expect((await installmentCalls(env.emulator.control)).slice(callsBefore)).toContain("POST /api/order/state")

      await env.emulator.control.injectFault({ path: "/api/order/data", count: 5, kind: "500" })
      const failed = await post(`/admin/monobank/orders/${order.id}/sync`, {})
      expect(failed.data.outcomes).toEqual([{ what: "installment order", ok: false, detail: expect.stringMatching(/^monobank could not be read: /) }])
    })
  },
})
