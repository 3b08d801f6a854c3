/**
 * The admin's retry of a refund the bank made but Medusa answered with an error (here: an order
 * edit opened while the bank was refunding, so Medusa could not record it on the order), asked
 * after another refund of the same order went through in between: the retry must still be
 * recognised as that refund and never send the money a second time. Cards and installments.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { DEBIT_PROVIDER, sum, webhooksHandled as cardWebhooksHandled } from "./acquiring-helpers"
import { INSTALLMENTS_PROVIDER } from "./installments-helpers"
import {
  callsTo,
  CANCEL_PATH,
  capturedInstallmentOrder,
  paidCardOrder,
  pause,
  refundsApi,
  RETURN_PATH,
} from "./refund-helpers"

jest.setTimeout(180_000)

/** How long the bank takes to refund while the admin opens an order edit. */
const SLOW_BANK_MS = 1500

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    const admin = refundsApi(api, () => fx)

    beforeEach(async () => {
      const headers = await createAdminHeaders(getContainer())
      fx = await seedStore(api, headers, { paymentProviders: [DEBIT_PROVIDER, INSTALLMENTS_PROVIDER] })
    })

    /** A refund of `amount` the bank makes while the admin opens an order edit: Medusa answers 400. */
    async function refundMedusaCannotRecord(orderId: string, paymentId: string, amount: number) {
      const pending = admin.refund(paymentId, amount)
      await pause(SLOW_BANK_MS / 2)
      await admin.openOrderEdit(orderId)
      const failed = await pending
      expect(failed.status).toBe(400)
      expect(failed.data.message).toMatch(/already has an existing active order change/)
      await admin.cancelOrderEdit(orderId)
    }

    it("card: refund 100 (bank made it, Medusa answered with an error), refund 50, retry 100: the bank refunds 150 in all and the retry sends nothing", async () => {
      const { orderId, paymentId, invoiceId } = await paidCardOrder(api, fx, getContainer(), env.emulator)
      await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: SLOW_BANK_MS })
      const firstWebhook = cardWebhooksHandled(getContainer(), 1)
      await refundMedusaCannotRecord(orderId, paymentId, 100)
      await firstWebhook

      const otherWebhook = cardWebhooksHandled(getContainer(), 1)
      expect((await admin.refund(paymentId, 50)).status).toBe(200)
      await otherWebhook

      const retry = await admin.refund(paymentId, 100)
      const bankRefunds = (await env.emulator.control.getInvoice(invoiceId)).cancelList as Array<{ amount: number }>
      expect(bankRefunds.map((c) => c.amount)).toEqual([10_000, 5_000])
      expect(await callsTo(env.emulator, CANCEL_PATH)).toHaveLength(2)
      expect(sum((await admin.medusaRefunds(paymentId)).map((r) => r.amount))).toBe(150)
      // Medusa's refund of 50 also recorded the failed refund on the order: the retry is refused once, saying why.
      expect(retry.status).toBe(400)
      expect(retry.data.message).toMatch(/monobank already refunded 100\.00 UAH .*Nothing was sent/)
    })

    it("installments: return 100 (bank made it, Medusa answered with an error), return 50, retry 100: the bank returns 150 in all and the retry sends nothing", async () => {
      const { orderId, paymentId, bankOrderId } = await capturedInstallmentOrder(api, fx, getContainer())
      await env.emulator.control.injectFault({ path: RETURN_PATH, count: 1, kind: "slow", delayMs: SLOW_BANK_MS })
      await refundMedusaCannotRecord(orderId, paymentId, 100)

      expect((await admin.refund(paymentId, 50)).status).toBe(200)

      const retry = await admin.refund(paymentId, 100)
      const bankReturns = (await env.emulator.control.getInstallmentOrder(bankOrderId)).returns as Array<{ sum: number }>
      expect(bankReturns.map((r) => r.sum)).toEqual([100, 50])
      expect(await callsTo(env.emulator, RETURN_PATH)).toHaveLength(2)
      expect(sum((await admin.medusaRefunds(paymentId)).map((r) => r.amount))).toBe(150)
      expect(retry.status).toBe(400)
      expect(retry.data.message).toMatch(/monobank already returned 100 UAH .*Nothing was sent/)
    })
  },
})
