/**
 * Issue 5, store side: cancel, capture and returns from the admin, idempotency of every bank call,
 * and callbacks that must change nothing (forged or unsigned), against the emulator over real HTTP.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { signInstallmentsBody } from "../../src/lib/monobank"
import { MonobankInstallmentsProviderService } from "../../src/providers/monobank-installments"
import { CASH_RETURN_REASON } from "../../src/utils/installments/return-destination"
import {
  confirmedInstallmentOrder,
  chooseInstallments,
  HOOK_PATH,
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

    const confirmedOrder = () => confirmedInstallmentOrder(api, fx, getContainer())

    /** The provider instance Medusa registered (inside the payment module, with its records). */
    function registeredProvider(): MonobankInstallmentsProviderService {
      const paymentModule = getContainer().resolve(Modules.PAYMENT) as any
      return paymentModule.paymentProviderService_.retrieveProvider(INSTALLMENTS_PROVIDER)
    }

    async function paymentOf(paymentId: string) {
      const { data } = await api.get(`/admin/payments/${paymentId}?fields=id,data,*refunds,*captures`, fx.admin)
      return data.payment as { data: Record<string, unknown>; refunds: Array<{ id: string }>; captures: Array<{ id: string }> }
    }

    /** A second instance of the provider, as another server has it, with what the payment module's container hands it. */
    function directProvider() {
      return new MonobankInstallmentsProviderService(
        getContainer().cradle,
        { storeId: env.emulator.installments.storeId, secret: env.emulator.installments.secret, baseUrl: env.emulator.url }
      )
    }

    it("admin cancels before handing over: the bank order becomes FAIL/REJECTED_BY_STORE", async () => {
      const { order, payment, bankOrderId } = await confirmedOrder()
      const rejectedCallback = webhooksHandled(getContainer())

      const canceled = await api.post(`/admin/orders/${order.id}/cancel`, {}, fx.admin)
      expect(canceled.status).toBe(200)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
      const { data } = await api.get(`/admin/payments/${payment.id}`, fx.admin)
      expect(data.payment.canceled_at).not.toBeNull()
      await rejectedCallback
    })

    it("returns partially, then the rest, after capture: the bank ends in SUCCESS/RETURNED", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)

      const partial = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, fx.admin)
      expect(partial.status).toBe(200)
      let bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      expect(bankOrder).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
      expect(bankOrder.returns).toEqual([expect.objectContaining({ sum: 100, return_money_to_card: true })])

      const rest = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 1204.56 }, fx.admin)
      expect(rest.status).toBe(200)
      bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      expect(bankOrder).toMatchObject({ state: "SUCCESS", order_sub_state: "RETURNED" })
      const refundIds = rest.data.payment.refunds.map((r: { id: string }) => r.id).sort()
      expect(bankOrder.returns.map((r: { store_return_id: string }) => r.store_return_id).sort()).toEqual(refundIds)
      expect(bankOrder.returns.map((r: { sum: number }) => r.sum)).toEqual([100, 1204.56])
    })

    /** The refund reason the plugin's migration script makes (test databases run no migration scripts). */
    async function cashReturnReason(): Promise<string> {
      const { data } = await api.post("/admin/refund-reasons", { ...CASH_RETURN_REASON }, fx.admin)
      return data.refund_reason.id
    }

    it("money given back in cash is refunded with the cash reason: the bank shortens the purchase and pays nothing to the card", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)

      const refunded = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 300, refund_reason_id: await cashReturnReason() }, fx.admin)
      expect(refunded.status).toBe(200)
      const bankOrder = await env.emulator.control.getInstallmentOrder(bankOrderId)
      expect(bankOrder.returns).toEqual([expect.objectContaining({ sum: 300, return_money_to_card: false })])
    })

    it("a card return the bank cannot make is refused before anything is sent, naming the cash reason; refunding in cash then works", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      await env.emulator.control.setInstallmentCardReturn(bankOrderId, false)

      const toCard = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 300 }, fx.admin).catch((error: any) => error.response)
      expect(toCard.status).toBeGreaterThanOrEqual(400)
      expect(toCard.data.message).toMatch(/cannot return money to the shopper's card.*nothing was sent.*monobank_returned_in_cash/)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toEqual([])
      expect(await installmentCalls(env.emulator.control)).not.toContain("POST /api/order/return")

      const inCash = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 300, refund_reason_id: await cashReturnReason() }, fx.admin)
      expect(inCash.status).toBe(200)
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toEqual([
        expect.objectContaining({ sum: 300, return_money_to_card: false }),
      ])
    })

    it("capture, cancel and refund are safe to repeat and when the bank is already there", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      const provider = directProvider()
      await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      const first = await paymentOf(payment.id)
      // Medusa names the capture it is asking about (its id); the provider finds the session from it.
      const second = await provider.capturePayment({ data: first.data, context: { idempotency_key: first.captures[0].id } })
      expect(second.data).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
      expect((await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/confirm"))).toHaveLength(1)

      // Medusa's refund, then the same refund (amount as a raw BigNumber) again at the provider.
      await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100.1 }, fx.admin)
      const refunded = await paymentOf(payment.id)
      const refundId = refunded.refunds[0].id as string
      const again = { amount: { value: "100.10", precision: 20 }, context: { idempotency_key: refundId } }
      const repeated = await registeredProvider().refundPayment({ ...again, data: refunded.data })
      expect(repeated.data!.returns).toEqual([{ store_return_id: refundId, sum: 100.1, refund_id: refundId }])
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(1)

      await expect(provider.cancelPayment({ data: repeated.data, context: { idempotency_key: payment.id } })).rejects.toThrow(/refund it instead of cancelling/)
    })

    it("Medusa's cancel after a lost authorize race (no payment id) leaves the shopper's confirmed bank order alone", async () => {
      // authorizePaymentSession calls cancelPayment with no idempotency key when creating the Medusa
      // payment fails, e.g. because a concurrent authorize of the same session already created it.
      const { payment, bankOrderId } = await confirmedOrder()
      const result = await registeredProvider().cancelPayment({ data: payment.data, context: {} })
      expect(result.data).toMatchObject({ order_id: bankOrderId })
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      expect((await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/reject"))).toHaveLength(0)
    })

    it("cancel is safe when the order was already rejected at the bank", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      const provider = directProvider()
      const rejectedCallback = webhooksHandled(getContainer())
      const cancel = { context: { idempotency_key: payment.id } }
      const once = await provider.cancelPayment({ data: payment.data, ...cancel })
      const twice = await provider.cancelPayment({ data: once.data, ...cancel })
      expect(twice.data).toMatchObject({ order_sub_state: "REJECTED_BY_STORE", outcome: { code: "REJECTED_BY_STORE" } })
      expect((await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/reject"))).toHaveLength(1)
      expect(await env.emulator.control.getInstallmentOrder(bankOrderId)).toMatchObject({ order_sub_state: "REJECTED_BY_STORE" })
      await rejectedCallback
    })

    it("a lost bank answer on confirm or return is settled by reading the order again, never by repeating the call", async () => {
      const { payment, bankOrderId } = await confirmedOrder()
      await env.emulator.control.injectFault({ path: "/api/order/confirm", count: 1, kind: "reset", afterProcessing: true })
      await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      expect((await paymentOf(payment.id)).data).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })

      await env.emulator.control.injectFault({ path: "/api/order/return", count: 1, kind: "500", afterProcessing: true })
      await api.post(`/admin/payments/${payment.id}/refund`, { amount: 1304.56 }, fx.admin)
      const refunded = await paymentOf(payment.id)
      const refundId = refunded.refunds[0].id as string
      expect(refunded.data).toMatchObject({
        order_sub_state: "RETURNED",
        returns: [{ store_return_id: refundId, sum: 1304.56, refund_id: refundId }],
      })

      const calls = await installmentCalls(env.emulator.control)
      expect(calls.filter((c) => c.endsWith("/confirm") || c.endsWith("/return"))).toEqual(["POST /api/order/confirm", "POST /api/order/return"])
      expect((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns).toHaveLength(1)
    })

    it("the same session initiated twice gives one bank order, also when the first answer is lost", async () => {
      const provider = directProvider()
      const input = { amount: 1304.56, currency_code: "uah", data: { session_id: "payses_twice", client_phone: phoneEndingIn(7) } }
      await env.emulator.control.injectFault({ path: "/api/order/create", count: 1, kind: "reset", afterProcessing: true })
      const first = await provider.initiatePayment(input)
      const second = await provider.initiatePayment(input)
      expect(second.id).toBe(first.id)
      expect((await installmentCalls(env.emulator.control)).filter((c) => c.endsWith("/create"))).toHaveLength(3)
      expect(await env.emulator.control.getInstallmentOrder(first.id)).toMatchObject({ store_order_id: "payses_twice" })
    })

    it("forged callbacks (wrong secret, extra spaces, non-UTF-8 body) change nothing and are logged without the secret", async () => {
      await env.emulator.control.setWebhookMode("hold")
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
      await env.emulator.control.advanceClock(1_000)
      const orderId = session.data.order_id as string
      const secret = env.emulator.installments.secret
      const genuine = JSON.stringify({ order_id: orderId, state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      const spaced = JSON.stringify(JSON.parse(genuine), null, 2)
      const notUtf8 = Buffer.concat([Buffer.from(genuine.slice(0, -1)), Buffer.from(',"message":"'), Buffer.from([0xcf, 0xf0, 0xe8]), Buffer.from('"}')])
      const forgeries: [Buffer, string][] = [
        [Buffer.from(genuine), signInstallmentsBody(genuine, "not-the-store-secret")],
        [Buffer.from(spaced), signInstallmentsBody(genuine, secret)],
        [notUtf8, signInstallmentsBody(notUtf8, secret)],
      ]
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warn = jest.spyOn(logger, "warn")
      const handled = webhooksHandled(getContainer(), forgeries.length)
      for (const [body, signature] of forgeries) {
        const res = await fetch(`${env.storeUrl}${HOOK_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json", signature },
          body,
        })
        expect(res.status).toBe(200)
      }
      await handled

      expect(await orderOfCart(getContainer(), cart.id)).toBeUndefined()
      expect((await sessionOfCart(api, fx, cart.id)).status).toBe("pending")
      const warnings = warn.mock.calls.map((args) => args.map(String).join(" "))
      const ignored = warnings.filter((text) => text.includes("ignored a callback"))
      expect(ignored).toHaveLength(3)
      // Handled in whatever order the event bus runs them: two altered bodies, one not UTF-8.
      expect(ignored.filter((text) => text.includes("does not match the body"))).toHaveLength(2)
      expect(ignored.filter((text) => text.includes("not UTF-8"))).toHaveLength(1)
      expect(warnings.join("\n")).not.toContain(secret)
      warn.mockRestore()

      // The genuine callback, held by the bank until now, still works.
      const genuineHandled = webhooksHandled(getContainer())
      await env.emulator.control.releaseWebhooks()
      await genuineHandled
      expect(await orderOfCart(getContainer(), cart.id)).toBeDefined()
    })
  },
})
