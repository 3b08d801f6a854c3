/**
 * Settings → monobank: saved in the database over medusa-config.ts, secrets sealed with
 * MONOBANK_SETTINGS_KEY and never answered, "Test connection" asks the bank, and the next payment
 * session uses what was saved, without a restart.
 */
import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MONOBANK_SETTINGS_MODULE, type MonobankSettingsModuleService } from "../../src/modules/monobank-settings"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { checkoutWithMonobank, DEBIT_PROVIDER, HOLD_PROVIDER } from "./acquiring-helpers"
import { chooseInstallments, INSTALLMENTS_PROVIDER, phoneEndingIn } from "./installments-helpers"
import { customerHeaders, everyAdminRoute, sendAs } from "./admin-route-helpers"
import { createCheckoutCart, seedCheckoutStore, startCheckout } from "./checkout-helpers"

jest.setTimeout(180_000)

const env = useMonobankTestEnvironment()
const SETTINGS_KEY = randomBytes(32).toString("base64")
process.env.MONOBANK_SETTINGS_KEY = SETTINGS_KEY

/** Long enough to show its last 4 characters; none of it may come back in an answer. */
const WRONG_TOKEN = "wrong-merchant-token-for-tests-9f3a"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let admin: { headers: Record<string, string> }
    let fx: StoreFixtures
    const answers: string[] = []
    const remember = <T extends { data: unknown }>(res: T): T => {
      answers.push(JSON.stringify(res.data))
      return res
    }
    const post = async (path: string, body: unknown) => remember(await api.post(path, body, admin).catch((e: any) => e.response))
    const get = async (path: string) => remember(await api.get(path, admin).catch((e: any) => e.response))

    beforeEach(async () => {
      process.env.MONOBANK_SETTINGS_KEY = SETTINGS_KEY
      admin = await createAdminHeaders(getContainer())
    })

    it("shows each API's defaults from medusa-config.ts and the addresses the bank calls back, with no secret", async () => {
      const res = await get("/admin/monobank/settings")
      expect(res.status).toBe(200)
      expect(res.data.settings_key).toEqual({ ready: true })
      expect(res.data.apis.acquiring).toMatchObject({
        values: {},
        secrets: {},
        available: true,
        configured_secrets: { token: true },
        providers: [
          { id: HOLD_PROVIDER, captureMode: "manual" },
          { id: DEBIT_PROVIDER, captureMode: "automatic" },
        ],
        bank_calls_back: [
          { provider: HOLD_PROVIDER, url: `${env.storeUrl}/hooks/monobank/payment/monobank_monobank` },
          { provider: DEBIT_PROVIDER, url: `${env.storeUrl}/hooks/monobank/payment/monobank_monobank-debit` },
        ],
      })
      expect(res.data.apis.installments.bank_calls_back).toEqual([
        { provider: INSTALLMENTS_PROVIDER, url: `${env.storeUrl}/hooks/monobank/payment/monobank-installments_monobank-installments` },
      ])
      expect(res.data.apis.checkout).toMatchObject({
        available: true,
        bank_calls_back: [{ provider: "mono checkout", url: `${env.storeUrl}/hooks/monobank/checkout` }],
      })
      const text = JSON.stringify(res.data)
      for (const secret of [env.emulator.acquiringToken, env.emulator.installments.secret]) expect(text).not.toContain(secret)
    })

    it("saves a token sealed in the database, answers only 'set' and its last 4 characters, and the next card session uses the saved capture mode", async () => {
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
      const before = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      expect(before.session.data.paymentType).toBe("hold")

      const token = `${env.emulator.acquiringToken}`
      const saved = await post("/admin/monobank/settings/acquiring", { values: { captureMode: "automatic", destination: "Замовлення в магазині" }, secrets: { token } })
      expect(saved.status).toBe(200)
      expect(saved.data.settings.values).toEqual({ captureMode: "automatic", destination: "Замовлення в магазині" })
      expect(saved.data.settings.secrets.token.set).toBe(true)

      const [row] = await dbConnection.raw(`select "values", "secrets", "secret_hints" from "monobank_settings" where api = 'acquiring'`).then((r: any) => r.rows)
      expect(row.secrets).toMatch(/^v1:[0-9a-f]{8}:/)
      expect(JSON.stringify(row)).not.toContain(token)

      const after = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      expect(after.session.data.paymentType).toBe("debit")
      const invoice = await env.emulator.control.getInvoice(after.session.data.invoiceId)
      expect(invoice).toMatchObject({ paymentType: "debit" })
      expect(JSON.stringify(invoice)).toContain("Замовлення в магазині")
    })

    it("a wrong saved token is what the next session uses: the bank refuses it, and removing it brings back medusa-config.ts's", async () => {
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER] })
      await post("/admin/monobank/settings/acquiring", { secrets: { token: WRONG_TOKEN } })
      const cart = await createReadyCart(api, fx)
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, fx.store)
      const startSession = () =>
        api.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: HOLD_PROVIDER }, fx.store).catch((e: any) => e.response)
      const refused = await startSession()
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify(refused.data)).not.toContain(WRONG_TOKEN)

      const cleared = await post("/admin/monobank/settings/acquiring", { secrets: { token: null } })
      expect(cleared.data.settings.secrets).toEqual({})
      const accepted = await startSession()
      expect(accepted.data.payment_collection.payment_sessions[0].data.invoiceId).toEqual(expect.any(String))
    })

    it("Test connection names the merchant for a good token and says why a wrong one fails, without saving either", async () => {
      const good = await post("/admin/monobank/settings/acquiring/test", {})
      expect(good.data).toMatchObject({ ok: true, merchantName: "Emulated Test Merchant" })

      const wrong = await post("/admin/monobank/settings/acquiring/test", { secrets: { token: WRONG_TOKEN } })
      expect(wrong.status).toBe(200)
      expect(wrong.data.ok).toBe(false)
      expect(wrong.data.reason).toMatch(/did not accept the merchant token/)
      expect((await get("/admin/monobank/settings/acquiring")).data.settings.secrets).toEqual({})
    })

    it("Test connection for installments proves store id and secret, and tells a wrong secret from a wrong store id", async () => {
      expect((await post("/admin/monobank/settings/installments/test", {})).data).toMatchObject({ ok: true })
      const badSecret = await post("/admin/monobank/settings/installments/test", { secrets: { secret: "not-the-store-secret" } })
      expect(badSecret.data).toMatchObject({ ok: false, reason: expect.stringMatching(/secret does not belong to this store id/) })
      const badStore = await post("/admin/monobank/settings/installments/test", { values: { storeId: "someone-elses-store" } })
      expect(badStore.data).toMatchObject({ ok: false, reason: expect.stringMatching(/does not know this store id/) })
    })

    it("Test connection for mono checkout reads with the token", async () => {
      expect((await post("/admin/monobank/settings/checkout/test", {})).data).toMatchObject({ ok: true })
      expect((await post("/admin/monobank/settings/checkout/test", { secrets: { token: WRONG_TOKEN } })).data).toMatchObject({ ok: false })
    })

    it("mono checkout: saved delivery methods, hold and token apply to the next checkout order", async () => {
      const checkoutFx = await seedCheckoutStore(api, admin)
      const saved = await post("/admin/monobank/settings/checkout", { values: { dlv_method_list: ["pickup"], hold: true } })
      expect(saved.status).toBe(200)
      const started = await startCheckout(api, checkoutFx, { cart_id: (await createCheckoutCart(api, checkoutFx)).id })
      expect(started.status).toBe(200)
      const bankOrder = await env.emulator.control.getCheckoutOrder(started.data.redirect_url.split("/").pop())
      expect(bankOrder).toMatchObject({ hold: true, dlv_method_list: ["pickup"] })

      await post("/admin/monobank/settings/checkout", { secrets: { token: WRONG_TOKEN } })
      const refused = await startCheckout(api, checkoutFx, { cart_id: (await createCheckoutCart(api, checkoutFx)).id })
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify(refused.data)).not.toContain(WRONG_TOKEN)

      await post("/admin/monobank/settings/checkout", { secrets: { token: null } })
      const again = await startCheckout(api, checkoutFx, { cart_id: (await createCheckoutCart(api, checkoutFx)).id })
      expect(again.status).toBe(200)
    })

    it("installments: saved parts and order limits apply to the next session", async () => {
      fx = await seedStore(api, admin, { paymentProviders: [INSTALLMENTS_PROVIDER] })
      const saved = await post("/admin/monobank/settings/installments", { values: { allowedParts: [4, 10], maxOrderTotal: "1000" } })
      expect(saved.status).toBe(200)
      const tooBig = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
      expect(tooBig.response.status).toBe(400)
      expect(tooBig.response.data.message).toMatch(/Installments are offered for orders up to 1000 UAH/)

      await post("/admin/monobank/settings/installments", { values: { allowedParts: [4, 10] } })
      // 6 parts is in medusa-config.ts's default list, not in the saved one.
      const notOffered = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), parts_count: 6 })
      expect(notOffered.response.status).toBe(400)
      const { session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), parts_count: 10 })
      const order = await env.emulator.control.getInstallmentOrder(session.data.order_id)
      expect(order.available_programs[0].available_parts_count).toEqual([10])
    })

    it("refuses bad input with a message next to each field and saves nothing", async () => {
      const res = await post("/admin/monobank/settings/acquiring", {
        values: { captureMode: "sometimes", invoiceValiditySeconds: 5, color: "red" },
        secrets: { token: "short" },
      })
      expect(res.status).toBe(400)
      expect(res.data.errors).toEqual({
        "values.captureMode": expect.stringMatching(/manual.*automatic/),
        "values.invoiceValiditySeconds": "must be at least 60 seconds",
        "values.color": "is not a setting of this API",
        "secrets.token": expect.stringMatching(/too short/),
      })
      const limits = await post("/admin/monobank/settings/installments", { values: { minOrderTotal: "5000", maxOrderTotal: "1000.5", allowedParts: [2] } })
      expect(limits.data.errors).toEqual({
        "values.maxOrderTotal": "must not be below the minimum order total",
        "values.allowedParts.0": expect.stringMatching(/at least 3/),
      })
      expect((await post("/admin/monobank/settings/nonsense", {})).status).toBe(404)
      expect((await post("/admin/monobank/settings/checkout", { values: { payment_method_list: [] } })).data.errors).toEqual({
        "values.payment_method_list": "must offer at least one payment method",
      })
      const settings = getContainer().resolve<MonobankSettingsModuleService>(MONOBANK_SETTINGS_MODULE)
      expect(await settings.storedSettings("acquiring")).toBeUndefined()
    })

    it("refuses to save a secret when MONOBANK_SETTINGS_KEY is missing, saying which variable to set; plain values still save", async () => {
      delete process.env.MONOBANK_SETTINGS_KEY
      const res = await post("/admin/monobank/settings/acquiring", { secrets: { token: WRONG_TOKEN } })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/MONOBANK_SETTINGS_KEY is not set/)
      expect((await get("/admin/monobank/settings")).data.settings_key).toEqual({ ready: false, problem: expect.stringMatching(/MONOBANK_SETTINGS_KEY/) })
      const plain = await post("/admin/monobank/settings/acquiring", { values: { cardSaving: false } })
      expect(plain.status).toBe(200)
    })

    it("after a key rotation the old key still opens the secrets until they are sealed again with the new one", async () => {
      await post("/admin/monobank/settings/acquiring", { secrets: { token: env.emulator.acquiringToken } })
      const settings = getContainer().resolve<MonobankSettingsModuleService>(MONOBANK_SETTINGS_MODULE)
      process.env.MONOBANK_SETTINGS_PREVIOUS_KEY = SETTINGS_KEY
      process.env.MONOBANK_SETTINGS_KEY = randomBytes(32).toString("hex")
      try {
        expect((await settings.storedSettings("acquiring"))?.secrets.token).toBe(env.emulator.acquiringToken)
        expect(await settings.resealSecrets()).toBe(1)
        delete process.env.MONOBANK_SETTINGS_PREVIOUS_KEY
        expect((await settings.storedSettings("acquiring"))?.secrets.token).toBe(env.emulator.acquiringToken)
      } finally {
        delete process.env.MONOBANK_SETTINGS_PREVIOUS_KEY
        process.env.MONOBANK_SETTINGS_KEY = SETTINGS_KEY
      }
    })

    it("merchant data: submerchants, employees and QR cashiers, and a QR amount reset", async () => {
      const res = await get("/admin/monobank/merchant")
      expect(res.status).toBe(200)
      expect(res.data.submerchants.ok).toBe(true)
      expect(res.data.employees.ok).toBe(true)
      expect(res.data.qr.ok).toBe(true)
      const qrId = res.data.qr.list[0]?.qrId
      expect(qrId).toEqual(expect.any(String))
      expect((await post(`/admin/monobank/qr/${qrId}/reset-amount`, {})).data).toEqual({ ok: true, qr_id: qrId })
      expect((await post(`/admin/monobank/qr/${encodeURIComponent("../../x")}/reset-amount`, {})).status).toBe(400)
    })

    it("every settings route answers 401 to an anonymous caller and to a customer", async () => {
      const customer = await customerHeaders(api, getContainer())
      for (const route of everyAdminRoute.filter((r) => r.path.includes("/settings") || r.path.includes("/merchant") || r.path.includes("/qr/"))) {
        expect([route.path, (await sendAs(api, route, undefined)).status]).toEqual([route.path, 401])
        expect([route.path, (await sendAs(api, route, customer)).status]).toEqual([route.path, 401])
      }
    })

    it("no answer of this file, good or bad, holds a secret that was saved or configured", () => {
      const all = answers.join("\n")
      for (const secret of [WRONG_TOKEN, env.emulator.acquiringToken, env.emulator.installments.secret, SETTINGS_KEY]) {
        expect(all).not.toContain(secret)
      }
      expect(answers.length).toBeGreaterThan(20)
    })
  },
})
