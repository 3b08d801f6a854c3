/**
 * Issue #10, defect 6: the shopper pays at the bank (card or installments), every webhook and
 * callback is lost, and the shopper never comes back. Only the plugin's scheduled jobs are left to
 * turn the payment into an order; here they are run by hand, as Medusa's scheduler would. Issue
 * "Money by construction", defect 8: for as long as the bank can still be paid, however old the
 * session (an invoice may be valid for 30 days, and a hold then lives 9 more).
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  acquiringCalls,
  adminOrders,
  checkoutWithMonobank,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  onlyPayment,
  sessionOfCart,
  TEST_CARDS,
} from "./acquiring-helpers"
import {
  chooseInstallments,
  INSTALLMENTS_PROVIDER,
  installmentCalls,
  orderOfCart,
  phoneEndingIn,
  sessionOfCart as installmentSessionOfCart,
} from "./installments-helpers"

jest.setTimeout(180_000)

const env = useMonobankTestEnvironment()

const JOBS_DIR = join(__dirname, "../../src/jobs")
const DAY_SECONDS = 24 * 60 * 60
const DAY_MINUTES = 24 * 60
const DAY_MS = DAY_SECONDS * 1000

/** Every scheduled job of the plugin, run once, as the scheduler would. */
async function runScheduledJobs(container: MedusaContainer): Promise<void> {
  for (const file of readdirSync(JOBS_DIR).filter((f) => /\.[jt]s$/.test(f))) {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const job = require(join(JOBS_DIR, file)).default as (c: MedusaContainer) => Promise<unknown>
    await job(container)
  }
}

/** Two servers' schedulers firing at the same moment. */
async function runScheduledJobsOnTwoServers(container: MedusaContainer): Promise<void> {
  await Promise.all([runScheduledJobs(container), runScheduledJobs(container)])
}

/**
 * As if `minutes` had passed since the session was created and last read from the bank: moves its
 * creation time and the times kept in its data (the provider's `checked_at`, the reconcile's
 * `lastReconciledAt`, the invoice's `validUntil`) back. The database is the only clock the schedule reads.
 */
async function letTimePass(container: MedusaContainer, sessionId: string, minutes: number): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const earlier = (value: unknown) => new Date(new Date(value as string).getTime() - minutes * 60_000)
  const [row] = await knex("payment_session").select("created_at", "data").where({ id: sessionId })
  const data = { ...row.data }
  for (const key of ["checked_at", "lastReconciledAt", "validUntil"]) {
    if (typeof data[key] === "string") data[key] = earlier(data[key]).toISOString()
  }
  await knex("payment_session").update({ created_at: earlier(row.created_at), data }).where({ id: sessionId })
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER] })
      await env.emulator.control.setWebhookMode("drop")
    })

    async function paidWithLostWebhooks(provider: string, pan?: string) {
      const checkout = await checkoutWithMonobank(api, fx, provider)
      await env.emulator.control.payInvoice(checkout.session.data.invoiceId, pan ? { pan } : undefined)
      await env.emulator.control.flushWebhooks()
      const deliveries = await env.emulator.control.deliveries()
      expect(deliveries.length).toBeGreaterThan(0)
      expect(deliveries.every((d) => d.state === "dropped")).toBe(true)
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      // The reconcile leaves a session to its webhook for its first minutes.
      await letTimePass(getContainer(), checkout.session.id, 5)
      return checkout
    }

    async function orderPaymentStatus(orderId: string): Promise<string> {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=id,payment_status`, fx.admin)
      return data.order.payment_status
    }

    it("card debit, webhooks lost, shopper gone: the scheduled job makes one order with a captured payment, even run twice at once", async () => {
      const { cart, store } = await paidWithLostWebhooks(DEBIT_PROVIDER)

      await runScheduledJobsOnTwoServers(getContainer())

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      const payment = onlyPayment(orders[0])
      expect(payment.captured_at).toBeTruthy()
      expect(payment.captures).toHaveLength(1)
      expect(await orderPaymentStatus(orders[0].id)).toBe("captured")
      expect((await sessionOfCart(api, store, cart.id)).cart.completed_at).toBeTruthy()
      const calls = await acquiringCalls(env.emulator.control)
      expect(calls.filter((c) => c.endsWith("/finalize") || c.endsWith("/cancel"))).toEqual([])

      // A later run leaves the order alone.
      await runScheduledJobs(getContainer())
      expect(await adminOrders(api, fx.admin)).toHaveLength(1)
    })

    it("card debit paid at the bank whose cart can no longer become an order: no order is made up, and the store owner is told where the money is", async () => {
      const { cart, store, session } = await paidWithLostWebhooks(DEBIT_PROVIDER)
      // The product was removed meanwhile: Medusa cannot complete the cart.
      const { data } = await api.get(`/admin/products?fields=id,variants.id`, fx.admin)
      const product = data.products.find((p: any) => p.variants.some((v: any) => v.id === fx.variantId))
      await api.delete(`/admin/products/${product.id}`, fx.admin)

      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warnings = jest.spyOn(logger, "warn")
      const errors = jest.spyOn(logger, "error")
      try {
        await runScheduledJobs(getContainer())
        // Medusa's compensation of the failed completion refunded the debit: the log says so.
        expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("reversed")
        expect(warnings.mock.calls.map(([message]) => String(message))).toContainEqual(
          `monobank reconcile: invoice ${session.data.invoiceId} was paid, but no order could be made of its cart; the money went back to the shopper (invoice reversed)`
        )
        // ...and does not ask the store owner to refund what is already back with the shopper.
        expect(errors.mock.calls.map(([message]) => String(message))).not.toContainEqual(expect.stringMatching(/is paid at the bank/))
      } finally {
        warnings.mockRestore()
        errors.mockRestore()
      }
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      expect((await sessionOfCart(api, store, cart.id)).cart.completed_at).toBeNull()
    })

    it("card hold, webhooks lost, shopper gone: the scheduled job makes one order with an authorized (not captured) payment", async () => {
      const { cart, store, session } = await paidWithLostWebhooks(HOLD_PROVIDER)

      await runScheduledJobsOnTwoServers(getContainer())

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      const payment = onlyPayment(orders[0])
      expect(payment.captured_at).toBeFalsy()
      expect(payment.captures).toHaveLength(0)
      expect(await orderPaymentStatus(orders[0].id)).toBe("authorized")
      expect((await sessionOfCart(api, store, cart.id)).cart.completed_at).toBeTruthy()
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("hold")
    })

    it("declined card, webhooks lost: the scheduled job puts the session in error with the bank's reason and makes no order", async () => {
      const { cart, store } = await paidWithLostWebhooks(DEBIT_PROVIDER, TEST_CARDS.declined)

      await runScheduledJobs(getContainer())

      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      const { session, cart: after } = await sessionOfCart(api, store, cart.id)
      expect(after.completed_at).toBeNull()
      expect(session.status).toBe("error")
      expect(session.data).toMatchObject({ status: "failure", errCode: "55" })
    })

    it("an unpaid card session is left to its webhook at first, then read once however many servers run the job, and not again for minutes", async () => {
      const { cart, store, session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const statusReads = async () =>
        (await acquiringCalls(env.emulator.control)).filter((c) => c === "GET /api/merchant/invoice/status").length
      const before = await statusReads()

      // Not in its first minutes: the webhook normally comes then.
      await runScheduledJobs(getContainer())
      expect((await statusReads()) - before).toBe(0)

      await letTimePass(getContainer(), session.id, 5)
      await runScheduledJobsOnTwoServers(getContainer())
      expect((await statusReads()) - before).toBe(1)
      const { session: read } = await sessionOfCart(api, store, cart.id)
      expect(read.status).toBe("pending")
      expect(read.data.invoiceId).toBe(session.data.invoiceId)
      expect(Date.parse(read.data.lastReconciledAt)).not.toBeNaN()

      await runScheduledJobs(getContainer())
      expect((await statusReads()) - before).toBe(1)

      // Five minutes later it is due again (the shopper may have paid meanwhile).
      await letTimePass(getContainer(), session.id, 5)
      await runScheduledJobs(getContainer())
      expect((await statusReads()) - before).toBe(2)
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
    })

    /** Tells the bank that card invoices may be paid for 30 days, the longest it allows (Settings → monobank). */
    async function invoicesValidFor30Days() {
      await api.post("/admin/monobank/settings/acquiring", { values: { invoiceValiditySeconds: 30 * DAY_SECONDS } }, fx.admin)
    }

    it("card invoice valid for 30 days, paid on day 12 with every webhook lost: the scheduled job still makes the order", async () => {
      await invoicesValidFor30Days()
      const { cart, store, session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const invoice = await env.emulator.control.getInvoice(session.data.invoiceId)
      expect(Math.floor((Date.parse(invoice.expiresAt) - Date.parse(invoice.createdDate)) / 1000)).toBe(30 * DAY_SECONDS)

      // Twelve days later the shopper opens the bank's page again and pays; every webhook is lost.
      await env.emulator.control.advanceClock(12 * DAY_MS)
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await env.emulator.control.flushWebhooks()
      expect((await env.emulator.control.deliveries()).every((d) => d.state === "dropped")).toBe(true)
      expect(await adminOrders(api, fx.admin)).toHaveLength(0)
      await letTimePass(getContainer(), session.id, 12 * DAY_MINUTES + 5)

      await runScheduledJobs(getContainer())

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      expect(onlyPayment(orders[0]).captured_at).toBeTruthy()
      expect((await sessionOfCart(api, store, cart.id)).cart.completed_at).toBeTruthy()
    })

    it("card hold on a 30-day invoice, paid on its last day with every webhook lost: the job finds it 8 days later, while the hold lives, and makes the order", async () => {
      await invoicesValidFor30Days()
      const { cart, store, session } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      await env.emulator.control.advanceClock(30 * DAY_MS - 60 * 60_000)
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await env.emulator.control.flushWebhooks()
      // The bank keeps a hold 9 days after the payment: on day 38 it still holds the money.
      await env.emulator.control.advanceClock(8 * DAY_MS)
      expect((await env.emulator.control.getInvoice(session.data.invoiceId)).status).toBe("hold")
      await letTimePass(getContainer(), session.id, 38 * DAY_MINUTES)

      await runScheduledJobs(getContainer())

      const orders = await adminOrders(api, fx.admin)
      expect(orders).toHaveLength(1)
      expect(await orderPaymentStatus(orders[0].id)).toBe("authorized")
      expect((await sessionOfCart(api, store, cart.id)).cart.completed_at).toBeTruthy()
    })

    it("installments, callback lost, shopper gone: the scheduled job makes one order with an authorized payment, even run twice at once", async () => {
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
      await env.emulator.control.installmentClientConfirm(session.data.order_id)
      await env.emulator.control.flushWebhooks()
      expect(await orderOfCart(getContainer(), cart.id)).toBeUndefined()
      // The provider read the order when the session was made; the next read is due minutes later.
      await letTimePass(getContainer(), session.id, 5)

      await runScheduledJobsOnTwoServers(getContainer())

      const order = await orderOfCart(getContainer(), cart.id)
      expect(order).toBeDefined()
      const payments = order.payment_collections.flatMap((pc: any) => pc.payments ?? [])
      expect(payments).toHaveLength(1)
      expect(payments[0].captured_at).toBeFalsy()
      expect(await orderPaymentStatus(order.id)).toBe("authorized")
      expect(await adminOrders(api, fx.admin)).toHaveLength(1)
      // The goods are not handed over yet: the bank order waits for the store's confirmation.
      expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({
        state: "IN_PROCESS",
        order_sub_state: "WAITING_FOR_STORE_CONFIRM",
      })
    })

    it("installments the shopper rejected, callback lost: the scheduled job puts the session in error and makes no order", async () => {
      const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
      await env.emulator.control.installmentClientReject(session.data.order_id)
      await env.emulator.control.flushWebhooks()
      await letTimePass(getContainer(), session.id, 5)
      const readsBefore = (await installmentCalls(env.emulator.control)).length

      await runScheduledJobs(getContainer())

      expect((await installmentCalls(env.emulator.control)).length).toBeGreaterThan(readsBefore)
      expect(await orderOfCart(getContainer(), cart.id)).toBeUndefined()
      const after = await installmentSessionOfCart(api, fx, cart.id)
      expect(after.status).toBe("error")
      expect(after.data).toMatchObject({ state: "FAIL", outcome: { final: true } })
    })
  },
})
