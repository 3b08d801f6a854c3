/**
 * Issue 5, shopper side: a cart paid by monobank installment purchase, against the emulator over
 * real HTTP, with the bank's signed callbacks reaching Medusa's webhook route.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { completeCart, seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  chooseInstallments,
  INSTALLMENTS_PROVIDER,
  installmentCalls,
  orderOfCart,
  phoneEndingIn,
  sessionOfCart,
  webhooksHandled,
} from "./installments-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [INSTALLMENTS_PROVIDER] })
    })

    it("phone ending 4: the signed callback turns the cart into an order with an authorized payment; admin capture confirms at the bank", async () => {
      const callback = webhooksHandled(getContainer())
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), parts_count: 4 })

      expect(session.status).toBe("pending")
      expect(session.data).toMatchObject({
        store_order_id: session.id,
        client_phone: "+38050***4564",
        parts_count: 4,
        total_sum: 1304.56,
        state: "IN_PROCESS",
        order_sub_state: "WAITING_FOR_CLIENT",
        outcome: { code: "WAITING_FOR_CLIENT", action: "wait_for_client" },
      })
      expect(session.data).not.toHaveProperty("cart_lines")
      expect(session.data).not.toHaveProperty("cart_billing_phone")
      const bankOrder = await env.emulator.control.getInstallmentOrder(session.data.order_id)
      expect(bankOrder).toMatchObject({
        store_order_id: session.id,
        client_phone: "+380501234564",
        total_sum: 1304.56,
        available_programs: [{ available_parts_count: [4] }],
        products: [
          { name: "Вишиванка (M)", count: 1, sum: 1234.56 },
          { name: "Доставка: Courier", count: 1, sum: 70 },
        ],
        result_callback: `${env.storeUrl}/hooks/monobank/payment/monobank-installments_monobank-installments`,
      })

      await callback
      const [delivery] = await env.emulator.control.deliveries()
      expect(delivery).toMatchObject({ kind: "installments", attempts: [{ status: 200 }] })
      expect(delivery.headers.signature).toEqual(expect.any(String))

      const order = await orderOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()
      const [payment] = order.payment_collections[0].payments
      expect(payment).toMatchObject({ provider_id: INSTALLMENTS_PROVIDER, captured_at: null })
      expect(payment.data).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM", outcome: { action: "hand_over_goods_and_capture" } })

      const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      expect(captured.status).toBe(200)
      expect(captured.data.payment.captured_at).not.toBeNull()
      expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({
        state: "SUCCESS",
        order_sub_state: "ACTIVE",
      })
    })

    it("phone ending 1: the bank's approval callback completes the cart with a captured payment", async () => {
      const callback = webhooksHandled(getContainer())
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(1) })
      expect(session.status).toBe("pending")
      await callback

      const order = await orderOfCart(getContainer(), cart.id)
      const [payment] = order.payment_collections[0].payments
      expect(payment.captured_at).not.toBeNull()
      expect(payment.captures).toHaveLength(1)
      expect(payment.data).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
    })

    it("phone ending 3: the limit-exceeded callback shows the reason on the session and cart completion fails clearly, with no order", async () => {
      const callback = webhooksHandled(getContainer())
      const { cart } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(3) })
      await callback

      const session = await sessionOfCart(api, fx, cart.id)
      expect(session.status).toBe("error")
      expect(session.data.outcome).toMatchObject({
        code: "EXCEEDED_SUM_LIMIT",
        action: "reduce_sum_or_use_other_method",
        message: { en: expect.stringMatching(/above your installment limit/), uk: expect.stringMatching(/ліміт/) },
      })

      const polled = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      expect(polled.data.installment).toMatchObject({ status: "error", code: "EXCEEDED_SUM_LIMIT", final: true, order: null })
      const completion = await completeCart(api, fx, cart.id)
      expect(completion.status).toBe(400)
      expect(await orderOfCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("phone ending 2: stays pending while the shopper has not answered; after 15 emulator minutes CLIENT_PUSH_TIMEOUT reaches the session", async () => {
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(2) })

      const polled = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      expect(polled.headers["cache-control"]).toBe("no-store")
      expect(polled.data.installment).toMatchObject({
        status: "pending",
        code: "WAITING_FOR_CLIENT",
        final: false,
        message: { en: "Confirm the installment purchase in your monobank app." },
        order: null,
      })
      const completion = await completeCart(api, fx, cart.id)
      expect(completion.data.error.message).toMatch(/Confirm the installment purchase in your monobank app/)

      const callback = webhooksHandled(getContainer())
      await env.emulator.control.advanceClock(15 * 60_000)
      await callback

      const timedOut = await sessionOfCart(api, fx, cart.id)
      expect(timedOut.status).toBe("error")
      expect(timedOut.data).toMatchObject({ order_sub_state: "CLIENT_PUSH_TIMEOUT", outcome: { code: "CLIENT_PUSH_TIMEOUT", final: true } })
      expect(await orderOfCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("polling completes the cart when the shopper confirmed but the callback never came", async () => {
      await env.emulator.control.setWebhookMode("drop")
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
      await env.emulator.control.installmentClientConfirm(session.data.order_id)

      const polled = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      const order = await orderOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()
      expect(polled.data.installment).toMatchObject({ status: "authorized", code: "WAITING_FOR_STORE_CONFIRM", final: true, order: { id: order.id } })
      const again = await api.get(`/store/monobank/installments/${session.id}`, fx.store)
      expect(again.data.installment.order).toEqual({ id: order.id })

      const unknown = await api.get(`/store/monobank/installments/payses_unknown`, fx.store).catch((e: any) => e.response)
      expect(unknown.status).toBe(404)
    })

    it("the storefront's poll and the bank's callback racing yield exactly one order", async () => {
      const callback = webhooksHandled(getContainer())
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
      await env.emulator.control.advanceClock(1_000)
      const [polled] = await Promise.all([
        api.get(`/store/monobank/installments/${session.id}`, fx.store),
        api.get(`/store/monobank/installments/${session.id}`, fx.store),
        completeCart(api, fx, cart.id),
      ])
      await callback

      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: links } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cart.id } })
      expect(links).toHaveLength(1)
      const order = await orderOfCart(getContainer(), cart.id)
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect(polled.data.installment.status).toBe("authorized")
    })

    it("a cart change discards the session and withdraws the bank order, so the shopper's app stops asking", async () => {
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
      const withdrawnCallback = webhooksHandled(getContainer())

      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: fx.variantId, quantity: 1 }, fx.store)

      expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({
        state: "FAIL",
        order_sub_state: "REJECTED_BY_STORE",
      })
      expect(await sessionOfCart(api, fx, cart.id)).toBeUndefined()
      await withdrawnCallback
    })

    it("choosing installments again withdraws the previous bank order before creating the new one", async () => {
      const first = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
      const withdrawnCallback = webhooksHandled(getContainer())
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: first.cart.id }, fx.store)
      const again = await api.post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: INSTALLMENTS_PROVIDER, data: { client_phone: phoneEndingIn(8), parts_count: 6 } },
        fx.store
      )

      expect(again.data.payment_collection.payment_sessions).toHaveLength(1)
      const [second] = again.data.payment_collection.payment_sessions
      expect(second.id).not.toBe(first.session.id)
      expect(await env.emulator.control.getInstallmentOrder(first.session.data.order_id)).toMatchObject({ order_sub_state: "REJECTED_BY_STORE" })
      const calls = await installmentCalls(env.emulator.control)
      expect(calls.indexOf("POST /api/order/reject")).toBeLessThan(calls.lastIndexOf("POST /api/order/create"))
      await withdrawnCallback
    })

    describe("bad input is refused before any call to the bank", () => {
      async function setVariantPrices(prices: { currency_code: string; amount: number }[]) {
        const { data } = await api.get(`/admin/products?fields=id,variants.id`, fx.admin)
        const product = data.products.find((p: any) => p.variants.some((v: any) => v.id === fx.variantId))
        await api.post(`/admin/products/${product.id}/variants/${fx.variantId}`, { prices }, fx.admin)
      }

      async function refused(data: Record<string, unknown>, cart?: { id: string }) {
        const { response } = await chooseInstallments(api, fx, data, cart)
        expect(response.status).toBe(400)
        expect(await installmentCalls(env.emulator.control)).toEqual([])
        return response.data as { message: string; code?: string }
      }

      it("normalises 0501234567 to +380501234567", async () => {
        const { session } = await chooseInstallments(api, fx, { client_phone: "0501234567" })
        expect(session.data.client_phone).toBe("+38050***4567")
        expect((await env.emulator.control.getInstallmentOrder(session.data.order_id)).client_phone).toBe("+380501234567")
      })

      it("refuses a +7 phone", async () => {
        const error = await refused({ client_phone: "+7 916 123-45-67" })
        expect(error.message).toMatch(/Ukrainian number in the format \+380XXXXXXXXX/)
        expect(error.code).toBe("monobank_installments.phone_not_ukrainian")
      })

      it("refuses 2 payments", async () => {
        const error = await refused({ client_phone: phoneEndingIn(4), parts_count: 2 })
        expect(error.message).toMatch(/2 payments is not available; choose 3, 4 or 6 payments/)
      })

      it("refuses 0.50 UAH", async () => {
        await setVariantPrices([{ currency_code: "uah", amount: 0.5 }])
        const { data } = await api.post(
          "/store/carts",
          { region_id: fx.regionId, sales_channel_id: fx.salesChannelId, items: [{ variant_id: fx.variantId, quantity: 1 }] },
          fx.store
        )
        const error = await refused({ client_phone: phoneEndingIn(4) }, data.cart)
        expect(error.message).toMatch(/at least 2 UAH; this order is 0\.50 UAH/)
      })

      it("refuses EUR", async () => {
        const { data: region } = await api.post(
          "/admin/regions",
          { name: "Polska", currency_code: "eur", countries: ["pl"], payment_providers: [INSTALLMENTS_PROVIDER] },
          fx.admin
        )
        await setVariantPrices([
          { currency_code: "uah", amount: fx.unitPrice },
          { currency_code: "eur", amount: 30 },
        ])
        const { data } = await api.post(
          "/store/carts",
          { region_id: region.region.id, sales_channel_id: fx.salesChannelId, items: [{ variant_id: fx.variantId, quantity: 1 }] },
          fx.store
        )
        const error = await refused({ client_phone: phoneEndingIn(4) }, data.cart)
        expect(error.message).toMatch(/only available in hryvnia \(UAH\); this cart is in EUR/)
      })
    })
  },
})
