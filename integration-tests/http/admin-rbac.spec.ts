/**
 * With Medusa's role-based access control on (feature flag `rbac`, switched on here by
 * MEDUSA_FF_RBAC so the dev store stays as it is), the plugin's admin routes ask for permissions as
 * Medusa's own do: an admin whose roles lack them gets 403 and nothing changes, neither the saved
 * settings nor anything at the bank. Roles are made and granted through Medusa's admin API, and the
 * admins log in with a password, as in a real store.
 */
import { randomBytes } from "node:crypto"
import { FeatureFlag } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../../src/modules/monobank-checkout"
import { MONOBANK_SETTINGS_MODULE, type MonobankSettingsModuleService } from "../../src/modules/monobank-settings"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { clearOfScheduledCheckoutSync } from "../helpers/scheduled-runs"
import { seedStore } from "../helpers/store-fixtures"
import { adminOrders, checkoutWithMonobank, HOLD_PROVIDER, webhooksHandled } from "./acquiring-helpers"
import { adminWithRoles, createRole, pluginAdminRoutesOnDisk, SUPER_ADMIN_ROLE } from "./rbac-helpers"
import { sendAs } from "./admin-route-helpers"

jest.setTimeout(180_000)

const env = useMonobankTestEnvironment()
process.env.MEDUSA_FF_RBAC = "true"
// Medusa 2.21.2 reads medusa-config.ts before it registers its own flags, so defineConfig() would
// leave the RBAC module disabled although the variable is set: register the flag first.
FeatureFlag.setFlag("rbac", true)
const SETTINGS_KEY = randomBytes(32).toString("base64")
process.env.MONOBANK_SETTINGS_KEY = SETTINGS_KEY

/** A token of another merchant: every invoice made with it would pay that merchant. */
const OTHER_MERCHANT_TOKEN = "another-merchants-token-for-tests-71c2"

medusaIntegrationTestRunner({
  env: { MEDUSA_FF_RBAC: "true" },
  testSuite: ({ api, getContainer }) => {
    type Auth = { headers: Record<string, string> }
    let owner: Auth
    /** Sees orders and their payments, nothing more: Medusa's order:read and payment:read. */
    let clerk: Auth

    const as = (auth: Auth) => ({
      get: (path: string) => sendAs(api, { method: "get", path }, auth),
      post: (path: string, body: object = {}) => sendAs(api, { method: "post", path, body }, auth),
    })
    const settingsModule = () => getContainer().resolve<MonobankSettingsModuleService>(MONOBANK_SETTINGS_MODULE)
    const bankCalls = async () => (await env.emulator.control.calls()).map((call) => `${call.method} ${call.path}`)

    beforeEach(async () => {
      owner = await adminWithRoles(api, getContainer(), "owner", [SUPER_ADMIN_ROLE])
      const clerkRole = await createRole(api, owner, "Order clerk", ["order:read", "payment:read"])
      clerk = await adminWithRoles(api, getContainer(), "clerk", [clerkRole])
    })

    async function paidHeldOrder() {
      const fx = await seedStore(api, owner, { paymentProviders: [HOLD_PROVIDER] })
      const { session } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const [order] = await adminOrders(api, owner)
      return order as { id: string }
    }

    it("an order clerk cannot point payments at another merchant, change the installments store or secret, or switch card-detail payments on: 403 and the settings stay as they were", async () => {
      const before = (await as(owner).get("/admin/monobank/settings")).data

      const attempts = [
        ["/admin/monobank/settings/acquiring", { secrets: { token: OTHER_MERCHANT_TOKEN } }],
        ["/admin/monobank/settings/installments", { values: { storeId: "someone-elses-store" }, secrets: { secret: "someone-elses-secret" } }],
        ["/admin/monobank/settings/acquiring", { values: { directCardPayments: true } }],
        ["/admin/monobank/settings/checkout", { secrets: { token: OTHER_MERCHANT_TOKEN } }],
      ] as const
      for (const [path, body] of attempts) {
        const res = await as(clerk).post(path, body)
        expect([path, JSON.stringify(body), res.status]).toEqual([path, JSON.stringify(body), 403])
      }

      for (const name of ["acquiring", "installments", "checkout"] as const) expect(await settingsModule().storedSettings(name)).toBeUndefined()
      expect((await as(owner).get("/admin/monobank/settings")).data).toEqual(before)
    })

    it("an order clerk reads the order widget and the needs-attention list, but cannot sync an order, resolve a row, test a connection or reset a QR amount, and the bank is not asked", async () => {
      const order = await paidHeldOrder()
      const checkout = getContainer().resolve<MonobankCheckoutModuleService>(MONOBANK_CHECKOUT_MODULE)
      const [row] = await checkout.createMonobankCheckoutOrders([
        { cart_id: "cart_gone", checkout_order_id: "bank-order-unknown", redirect_url: "http://127.0.0.1:9/checkout/1", amount: 100, currency_code: "uah", status: "needs_attention", error: "the cart's product is gone" },
      ])

      expect((await as(clerk).get(`/admin/monobank/orders/${order.id}`)).status).toBe(200)
      expect((await as(clerk).get("/admin/monobank/needs-attention")).data.rows).toHaveLength(1)

      // The scheduled reconciles read the bank too: keep their next run out of this window.
      await clearOfScheduledCheckoutSync(30_000)
      const callsBefore = await bankCalls()
      const writes = [
        [`/admin/monobank/orders/${order.id}/sync`, {}],
        [`/admin/monobank/needs-attention/checkout_order/${row.id}/resolve`, { action: "sync" }],
        ["/admin/monobank/settings/acquiring/test", { secrets: { token: OTHER_MERCHANT_TOKEN } }],
        ["/admin/monobank/settings/installments/test", {}],
        ["/admin/monobank/qr/qr_1/reset-amount", {}],
      ] as const
      for (const [path, body] of writes) expect([path, (await as(clerk).post(path, body)).status]).toEqual([path, 403])
      expect((await bankCalls()).slice(callsBefore.length)).toEqual([])
      const [unchanged] = await checkout.listMonobankCheckoutOrders({ id: row.id })
      expect(unchanged).toMatchObject({ status: "needs_attention", error: "the cart's product is gone" })

      const synced = await as(owner).post(`/admin/monobank/orders/${order.id}/sync`)
      expect(synced.status).toBe(200)
      expect(synced.data.outcomes).toEqual([expect.objectContaining({ ok: true })])
      expect((await as(owner).post(`/admin/monobank/needs-attention/checkout_order/${row.id}/resolve`, { action: "sync" })).status).toBe(200)
      expect((await bankCalls()).length).toBeGreaterThan(callsBefore.length)
    })

    it("reading the settings takes its own permission: the order clerk is refused, a settings viewer reads them and cannot save them", async () => {
      expect((await as(clerk).get("/admin/monobank/settings")).status).toBe(403)
      expect((await as(clerk).get("/admin/monobank/settings/acquiring")).status).toBe(403)
      expect((await as(clerk).get("/admin/monobank/merchant")).status).toBe(403)

      const viewer = await adminWithRoles(api, getContainer(), "viewer", [await createRole(api, owner, "monobank viewer", ["monobank_settings:read"])])
      const read = await as(viewer).get("/admin/monobank/settings")
      expect(read.status).toBe(200)
      expect(read.data.apis.acquiring.configured_secrets).toEqual({ token: true })
      expect((await as(viewer).get("/admin/monobank/health")).status).toBe(200)
      expect((await as(viewer).post("/admin/monobank/settings/acquiring", { values: { captureMode: "automatic" } })).status).toBe(403)
      expect(await settingsModule().storedSettings("acquiring")).toBeUndefined()
    })

    it("a payments manager role granted the plugin's permissions (not Super Admin) saves settings, tests the connection and syncs an order", async () => {
      const order = await paidHeldOrder()
      const manager = await adminWithRoles(api, getContainer(), "manager", [
        await createRole(api, owner, "Payments manager", ["monobank_settings:read", "monobank_settings:update", "order:read", "payment:read", "payment:update"]),
      ])
      const saved = await as(manager).post("/admin/monobank/settings/acquiring", { values: { destination: "Оплата замовлення" } })
      expect(saved.status).toBe(200)
      expect((await settingsModule().storedSettings("acquiring"))?.values).toEqual({ destination: "Оплата замовлення" })
      expect((await as(manager).post("/admin/monobank/settings/acquiring/test")).data).toMatchObject({ ok: true })
      expect((await as(manager).post(`/admin/monobank/orders/${order.id}/sync`)).status).toBe(200)
    })

    it("a secret API key (it carries no role) cannot save settings or sync", async () => {
      const { data } = await as(owner).post("/admin/api-keys", { title: "Integration", type: "secret" })
      const key = { headers: { authorization: `Basic ${Buffer.from(`${data.api_key.token}:`).toString("base64")}` } }
      expect((await as(key).post("/admin/monobank/settings/acquiring", { secrets: { token: OTHER_MERCHANT_TOKEN } })).status).toBe(403)
      expect((await as(key).post("/admin/monobank/orders/order_1/sync")).status).toBe(403)
      expect(await settingsModule().storedSettings("acquiring")).toBeUndefined()
    })

    it("every route the plugin has under /admin/monobank (read from src/api) refuses an admin whose role grants none of its permissions", async () => {
      const routes = pluginAdminRoutesOnDisk()
      expect(routes.length).toBeGreaterThanOrEqual(11)
      const catalog = await adminWithRoles(api, getContainer(), "catalog", [await createRole(api, owner, "Catalog", ["product:read", "product:update"])])
      for (const route of routes) {
        expect([route.method, route.path, (await sendAs(api, route, catalog)).status]).toEqual([route.method, route.path, 403])
      }
      for (const name of ["acquiring", "installments", "checkout"] as const) expect(await settingsModule().storedSettings(name)).toBeUndefined()
    })
  },
})
