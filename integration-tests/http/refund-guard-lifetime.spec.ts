/**
 * The per-order refund guard holds for as long as Medusa's refund work runs, whoever started it:
 * - an admin whose browser tab closed (or whose proxy timed out) mid-refund: Medusa keeps running
 *   the refund, so the next refund of the order waits for it, and when Medusa could not record it
 *   the refund is marked so that the admin's retry books it instead of refunding again;
 * - the late-returns job of installments: it books a return the bank made late only through the
 *   same guard, so it never records one beside an admin refund in progress or while an order
 *   change is open (which would leave the return booked by a refund the order never shows).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { bookLateInstallmentReturns } from "../../src/workflows/installments/book-late-returns"
import { LEDGER_KEY } from "../../src/utils/installments/return-ledger"
import { DEBIT_PROVIDER, sum } from "./acquiring-helpers"
import { INSTALLMENTS_PROVIDER } from "./installments-helpers"
import {
  attentionRowsOf,
  callsTo,
  CANCEL_PATH,
  capturedInstallmentOrder,
  eventually,
  holdOrderRow,
  orderBooks,
  paidCardOrder,
  pause,
  pendingFaults,
  refundsApi,
  RETURN_PATH,
  waitFor,
} from "./refund-helpers"

jest.setTimeout(180_000)

/** The bank takes this long to refund a card: the admin's client goes away meanwhile. */
const SLOW_CANCEL_MS = 1500
/** Installments: the client gives up after 1 s; the bank makes the slow return 4 s after that. */
process.env.MONOBANK_INSTALLMENTS_TIMEOUT_MS = "1000"
const SLOW_RETURN_MS = 5000

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures
    const admin = refundsApi(api, () => fx)

    beforeEach(async () => {
      const headers = await createAdminHeaders(getContainer())
      fx = await seedStore(api, headers, { paymentProviders: [DEBIT_PROVIDER, INSTALLMENTS_PROVIDER] })
    })

    /** Starts a card refund the bank answers slowly and closes the admin's client once the bank has it. */
    async function refundAbandonedByClient(paymentId: string, amount: number) {
      await env.emulator.control.injectFault({ path: CANCEL_PATH, count: 1, kind: "slow", delayMs: SLOW_CANCEL_MS })
      const client = new AbortController()
      const answer = admin.refund(paymentId, amount, client.signal)
      await waitFor(async () => (await pendingFaults(env.emulator)).length === 0, "the bank to receive the refund")
      client.abort()
      expect((await answer).status).toBe(0)
    }

    describe("card refunds whose admin client went away", () => {
      it("the next refund of the order reaches the bank only after the abandoned one is over", async () => {
        const { orderId, paymentId, invoiceId } = await paidCardOrder(api, fx, getContainer(), env.emulator)
        // Medusa cannot finish recording the first refund on the order until the test lets it.
        const orderRow = await holdOrderRow(getContainer(), orderId)
        await refundAbandonedByClient(paymentId, 100)

        const second = admin.refund(paymentId, 50)
        await waitFor(async () => (await callsTo(env.emulator, CANCEL_PATH)).length >= 1, "the bank's answer to the first refund")
        // Time enough for a refund that did not wait to reach the bank.
        await pause(2000)
        const cancelsWhileFirstInProgress = (await callsTo(env.emulator, CANCEL_PATH)).length
        await orderRow.release()

        expect((await second).status).toBe(200)
        expect(cancelsWhileFirstInProgress).toBe(1)
        const bankRefunds = (await env.emulator.control.getInvoice(invoiceId)).cancelList as Array<{ amount: number }>
        expect(bankRefunds.map((c) => c.amount)).toEqual([10_000, 5_000])
        expect(sum((await admin.medusaRefunds(paymentId)).map((r) => r.amount))).toBe(150)
        expect(await orderBooks(getContainer(), orderId)).toEqual({ refunded: 150, credited: 150, pendingDifference: 0 })
      })

      it("an abandoned refund Medusa could not record is flagged, and the admin's retry books it without a second bank refund", async () => {
        const { orderId, paymentId, invoiceId } = await paidCardOrder(api, fx, getContainer(), env.emulator)
        await refundAbandonedByClient(paymentId, 100)
        // An order edit opened while the bank refunds: Medusa will fail to record the refund.
        await admin.openOrderEdit(orderId)
        const flagged = await eventually(
          async () => (await attentionRowsOf(api, fx.admin, orderId)).some((row) => row.kind === "unbooked_refund"),
          15_000
        )
        await admin.cancelOrderEdit(orderId)

        const retry = await admin.refund(paymentId, 100)
        const bankRefunds = (await env.emulator.control.getInvoice(invoiceId)).cancelList as Array<{ amount: number }>
        expect(bankRefunds.map((c) => c.amount)).toEqual([10_000])
        expect(await callsTo(env.emulator, CANCEL_PATH)).toHaveLength(1)
        expect(retry.status).toBe(200)
        expect((await admin.medusaRefunds(paymentId)).map((r) => r.amount)).toEqual([100])
        expect(await orderBooks(getContainer(), orderId)).toEqual({ refunded: 100, credited: 100, pendingDifference: 0 })
        expect(flagged).toBe(true)
      })
    })

    describe("the late-returns job of installments", () => {
      /** A return of `amount` whose answer the provider lost; resolves once the bank lists it. */
      async function lateReturn(paymentId: string, bankOrderId: string, amount: number) {
        await env.emulator.control.injectFault({ path: RETURN_PATH, count: 1, kind: "slow", delayMs: SLOW_RETURN_MS })
        expect((await admin.refund(paymentId, amount)).status).not.toBe(200)
        await waitFor(async () => (await env.emulator.control.getInstallmentOrder(bankOrderId)).returns.length === 1, "the bank to make the return", 15_000)
      }

      /** The job as its schedule runs it after the store owner's minute of grace. */
      const runJob = () => bookLateInstallmentReturns(getContainer(), new Date(Date.now() + 2 * 60_000))

      const bankReturns = async (bankOrderId: string) =>
        ((await env.emulator.control.getInstallmentOrder(bankOrderId)).returns as Array<{ sum: number }>).map((r) => r.sum)

      it("books nothing while an order edit is open; the admin's retry then books the late return once", async () => {
        const { orderId, paymentId, bankOrderId } = await capturedInstallmentOrder(api, fx, getContainer())
        await lateReturn(paymentId, bankOrderId, 100)
        await admin.openOrderEdit(orderId)

        await runJob()
        await admin.cancelOrderEdit(orderId)
        const retry = await admin.refund(paymentId, 100)

        expect(await bankReturns(bankOrderId)).toEqual([100])
        expect(await callsTo(env.emulator, RETURN_PATH)).toHaveLength(1)
        expect(retry.status).toBe(200)
        expect((await admin.medusaRefunds(paymentId)).map((r) => r.amount)).toEqual([100])
        expect(await orderBooks(getContainer(), orderId)).toEqual({ refunded: 100, credited: 100, pendingDifference: 0 })
      })

      it("holds the order's refund lock while it books: an admin refund of the order waits for it, and the return is booked once", async () => {
        const { orderId, paymentId, bankOrderId } = await capturedInstallmentOrder(api, fx, getContainer())
        await lateReturn(paymentId, bankOrderId, 100)

        // The job books the late return; Medusa cannot finish recording it until the test lets it.
        const orderRow = await holdOrderRow(getContainer(), orderId)
        const job = runJob()
        await waitFor(async () => (await returnBookedByARefund(paymentId)) === true, "the job to book the return")
        const refund = admin.refund(paymentId, 50)
        // Time enough for a refund that did not wait to reach the bank.
        await pause(2000)
        const returnsWhileJobInProgress = (await callsTo(env.emulator, RETURN_PATH)).length
        await orderRow.release()

        expect(await job).toEqual({ checked: 1, booked: 1 })
        expect((await refund).status).toBe(200)
        expect(returnsWhileJobInProgress).toBe(1)
        expect(await runJob()).toEqual({ checked: 0, booked: 0 })
        expect(await bankReturns(bankOrderId)).toEqual([100, 50])
        expect((await admin.medusaRefunds(paymentId)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([50, 100])
        expect(await orderBooks(getContainer(), orderId)).toEqual({ refunded: 150, credited: 150, pendingDifference: 0 })
      })

      /** Whether the payment's return ledger says a Medusa refund books the bank's return. */
      async function returnBookedByARefund(paymentId: string): Promise<boolean> {
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({ entity: "payment", fields: ["id", "metadata"], filters: { id: paymentId } })
        const ledger = ((data[0] as any)?.metadata?.[LEDGER_KEY] ?? []) as Array<{ status: string; refund_id?: string }>
        return ledger.some((entry) => entry.status === "made" && !!entry.refund_id)
      }
    })
  },
})
