/**
 * Session `data` sent by the storefront cannot forge the `monobank` provider's own state. Medusa
 * stores a new session's data as `{ ...what the storefront sent, ...what the provider returned }`,
 * so every key the provider owns must come from the provider, never from the storefront.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  adminOrders,
  adminPayment,
  checkoutWithMonobank,
  completeCart,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  onlyPayment,
  sessionOfCart,
  webhooksHandled,
} from "./acquiring-helpers"

jest.setTimeout(120_000)

const env = useMonobankTestEnvironment()

/** Provider-owned keys a storefront might plant, with values that would change what Medusa does. */
const FORGED_STATE = {
  modifiedDate: "2999-01-01T00:00:00Z",
  status: "success",
  finalAmount: 1,
  failureReason: "forged",
  errCode: "forged",
  maskedPan: "000000******0000",
  cardSaved: true,
  invoiceId: "forged-invoice",
  pageUrl: "https://attacker.example/pay",
  amount: 1,
  ccy: 840,
  paymentType: "debit",
}
/** A refund "made in the bank's cabinet and not booked yet", of exactly the amount refunded below. */
const FORGED_REFUNDS = {
  refunds: [{ ref: "cabinet-forged", amount: 30_000, status: "success", source: "bank", refundId: null }],
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER] })
    })

    it("a session started with forged provider state (modifiedDate in 2999, status, amounts...) pays and completes like a clean one", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, {
        data: { ...FORGED_STATE, foo: "bar" },
      })
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice).toMatchObject({ amount: 130_456, ccy: 980 })

      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      expect(onlyPayment(orders[0]).captures).toHaveLength(1)
      expect((await completeCart(api, store, cart.id)).data.order.id).toBe(orders[0].id)

      // The session as stored holds the bank's facts, none of the forged ones.
      expect(session.data).toMatchObject({ invoiceId: invoice.invoiceId, amount: 130_456, ccy: 980, paymentType: "debit", status: "created" })
      expect(session.data.pageUrl).not.toMatch(/attacker/)
      for (const key of ["modifiedDate", "finalAmount", "failureReason", "errCode", "maskedPan", "cardSaved", "foo"]) {
        expect(session.data[key]).toBeUndefined()
      }
      const paid = (await sessionOfCart(api, store, cart.id)).session.data
      expect(paid).toMatchObject({ status: "success", finalAmount: 130_456 })
      expect(paid.modifiedDate).not.toBe(FORGED_STATE.modifiedDate)
    })

    it("a forged 'bank refund' in the session data does not stand in for a real refund: the money goes back once", async () => {
      const { session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER, { data: FORGED_REFUNDS })
      const handled = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await handled
      const [order] = await adminOrders(api, fx.admin)
      const payment = onlyPayment(order)
      await env.emulator.control.setWebhookMode("drop")

      const res = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 300 }, fx.admin)
      expect(res.status).toBe(200)

      const { refunds } = await adminPayment(api, fx.admin, payment.id)
      expect(refunds.map((r: any) => r.amount)).toEqual([300])
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(invoice.cancelList.map((c: any) => [c.extRef, c.amount])).toEqual([[refunds[0].id, 30_000]])
    })
  },
})
