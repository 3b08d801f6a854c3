/**
 * Charges on the store's page whose answers are lost, with the session replaced meanwhile or an
 * earlier card declined: the shopper's money ends in an order or goes back in full, the store owner
 * is told, and a declined charge is never taken for the session's payment.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { createReadyCart, seedStore, startPaymentSession, type StoreFixtures } from "../helpers/store-fixtures"
import { adminOrders, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, onlyPayment, orderLinked, TEST_CARDS } from "./acquiring-helpers"

jest.setTimeout(180_000)

process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = "1000"
process.env.MONOBANK_DIRECT_CARD_PAYMENTS = "true"
const SLOW_MS = 2500
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    const payDirect = (cartId: string, sessionId: string, pan: string) =>
      api
        .post("/store/monobank/card-payments/direct", { cart_id: cartId, payment_session_id: sessionId, cardData: { pan, exp: "1230", cvv: "123" } }, fx.store)
        .catch((error: any) => error.response)

    /** What the bank kept of the payments made with `reference`: paid minus given back, minor units. */
    async function keptByBank(reference: string) {
      const report = await env.emulator.control.paymentsByReference(reference)
      let kept = 0
      for (const invoice of report.invoices ?? []) {
        const state = await env.emulator.control.getInvoice(invoice.invoiceId)
        if (!["success", "hold", "reversed"].includes(state.status)) continue
        const paid = state.status === "reversed" && !(state.cancelList ?? []).some((c: any) => !c.extRef?.startsWith("hold-release")) ? 0 : state.amount
        const back = (state.cancelList ?? []).filter((c: any) => c.status !== "failure").reduce((sum: number, c: any) => sum + (c.amount ?? 0), 0)
        kept += Math.max(0, paid - back)
      }
      return kept
    }

    async function attentionRows() {
      const { data } = await api.get("/admin/monobank/needs-attention", fx.admin)
      return data.rows ?? data.needs_attention ?? data
    }

    it("charge answer lost, session replaced meanwhile: the money ends in an order or goes back in full, and the store owner is told", async () => {
      const { control } = env.emulator
      const cart = await createReadyCart(api, fx)
      const { session, collectionId } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER, { pay_on_store_page: true })
      await control.injectFault({ path: "/api/merchant/invoice/payment-direct", count: 1, kind: "slow", delayMs: SLOW_MS, afterProcessing: true })

      const paying = payDirect(cart.id, session.id, TEST_CARDS.visa)
      await new Promise((resolve) => setTimeout(resolve, 300))
      // The shopper (or a cart change) starts a new payment: Medusa deletes the session being charged.
      await api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: HOLD_PROVIDER, data: {} }, fx.store).catch((error: any) => error.response)
      await paying

      await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
      await control.flushWebhooks()
      for (let run = 0; run < 2; run++) await syncMonobankPaymentSessionsJob(getContainer())
      const { settleDueSessionPayments } = optionalSettlement()
      if (settleDueSessionPayments) await settleDueSessionPayments(getContainer(), { now: new Date(Date.now() + 30 * 60_000) })

      const charged = (await control.paymentsByReference(session.id)).charges
      expect(charged).toBe(1)
      const ordered = await orderLinked(getContainer(), cart.id, 0)
      const kept = await keptByBank(session.id)
      if (ordered) {
        const [order] = await adminOrders(api, fx.admin)
        expect(Number(onlyPayment(order).amount) * 100).toBe(kept)
      } else {
        expect(kept).toBe(0)
      }
      const rows = await attentionRows()
      expect(JSON.stringify(rows)).toContain(session.id)
    })

    it("card A declined, card B's answer lost before the bank charged it: the retry never takes A's declined invoice, and B's payment makes the order", async () => {
      const { control } = env.emulator
      const cart = await createReadyCart(api, fx)
      const { session } = await startPaymentSession(api, fx, cart.id, DEBIT_PROVIDER, { pay_on_store_page: true })

      const declined = await payDirect(cart.id, session.id, TEST_CARDS.declined)
      expect(declined.data.status).toBe("error")

      // The bank applies B only after the provider gave up waiting for its answer.
      await control.injectFault({ path: "/api/merchant/invoice/payment-direct", count: 1, kind: "slow", delayMs: SLOW_MS })
      const lost = await payDirect(cart.id, session.id, TEST_CARDS.visa)
      expect(lost.status).toBeGreaterThanOrEqual(500)

      const retry = await payDirect(cart.id, session.id, TEST_CARDS.visa)
      expect(retry.data.status).not.toBe("error")
      expect([200, 409]).toContain(retry.status)

      await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 500))
      await control.flushWebhooks()
      await syncMonobankPaymentSessionsJob(getContainer())
      const completed = await completeCart(api, fx.store, cart.id)
      expect(completed.data?.type).toBe("order")
      const [order] = await adminOrders(api, fx.admin)
      const invoice = await control.getInvoice(onlyPayment(order).data.invoiceId)
      expect(invoice).toMatchObject({ status: "success", reference: session.id })
    })
  },
})

/** The settlement job function (absent before the session ledger existed: then nothing is settled later). */
function optionalSettlement(): { settleDueSessionPayments?: (container: any, options: { now: Date }) => Promise<unknown> } {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require("../../src/workflows/session-money/settle-session-payments")
  } catch {
    return {}
  }
}
