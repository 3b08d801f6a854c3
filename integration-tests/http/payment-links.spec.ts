/**
 * Issue #29, part 1: a monobank payment link for what an order still owes. The store owner edits a
 * paid order (adds an item), asks for a link, the shopper pays it on the bank's page, and the
 * signed webhook books the payment on the order's open collection: the order owes nothing more.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import syncMonobankPaymentSessionsJob from "../../src/jobs/sync-monobank-payment-sessions"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, UNIT_PRICE_UAH, type StoreFixtures } from "../helpers/store-fixtures"
import { acquiringCalls, checkoutWithMonobank, completeCart, DEBIT_PROVIDER, HOLD_PROVIDER, sum, webhooksHandled } from "./acquiring-helpers"

jest.setTimeout(180_000)

const SYSTEM_PROVIDER = "pp_system_default"
const DAY_S = 24 * 60 * 60
const env = useMonobankTestEnvironment()

async function orderState(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "summary.*", "payment_collections.id", "payment_collections.status", "payment_collections.payments.id", "payment_collections.payments.provider_id", "payment_collections.payments.captured_at", "payment_collections.payments.amount"],
    filters: { id: orderId },
  })
  const order = data[0] as any
  return {
    pending: Number(order.summary.pending_difference),
    payments: order.payment_collections.flatMap((c: any) => (c.payments ?? []).map((p: any) => ({ ...p, collection_status: c.status }))),
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [HOLD_PROVIDER, DEBIT_PROVIDER, SYSTEM_PROVIDER] })
    })

    const linkOf = (orderId: string, body: object = {}) =>
      api.post(`/admin/monobank/orders/${orderId}/payment-link`, body, fx.admin).catch((error: any) => error.response)

    /** A card order paid in full on the bank's page. */
    async function paidOrder(): Promise<string> {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
      const webhooks = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await webhooks
      const completed = await completeCart(api, store, cart.id)
      expect(completed.data.type).toBe("order")
      return completed.data.order.id
    }

    /** The store owner adds `quantity` more units to the order and confirms the edit. */
    async function addItems(orderId: string, quantity = 1) {
      await api.post("/admin/order-edits", { order_id: orderId }, fx.admin)
      await api.post(`/admin/order-edits/${orderId}/items`, { items: [{ variant_id: fx.variantId, quantity }] }, fx.admin)
      await api.post(`/admin/order-edits/${orderId}/request`, {}, fx.admin)
      await api.post(`/admin/order-edits/${orderId}/confirm`, {}, fx.admin)
    }

    const invoiceCreates = async () => (await acquiringCalls(env.emulator.control)).filter((call) => call === "POST /api/merchant/invoice/create")

    it("an order edit adds an item: the link asks exactly what the order owes, the shopper pays it, and the order owes nothing", async () => {
      const orderId = await paidOrder()
      expect((await orderState(getContainer(), orderId)).pending).toBe(0)
      const before = await api.get(`/admin/monobank/orders/${orderId}/payment-link`, fx.admin)
      expect(before.data.payment_link).toMatchObject({ due: null, unavailable_because: "The order owes nothing.", link: null })

      await addItems(orderId)
      expect((await orderState(getContainer(), orderId)).pending).toBeCloseTo(UNIT_PRICE_UAH, 2)
      const asked = await linkOf(orderId, { provider_id: DEBIT_PROVIDER })
      expect(asked.status).toBe(200)
      const link = asked.data.payment_link.link
      expect(asked.data).toMatchObject({ created: true, payment_link: { due: "1234.56 UAH", providers: [HOLD_PROVIDER, DEBIT_PROVIDER] } })
      expect(link).toMatchObject({ state: "waiting", amount: "1234.56 UAH", provider_id: DEBIT_PROVIDER })
      expect(link.url).toMatch(/^https?:\/\//)

      // The bank's invoice: the amount in kopecks, valid for the link's week, no return page.
      const invoice = await env.emulator.control.getInvoice(link.invoice_id)
      expect(invoice).toMatchObject({ amount: 123_456, ccy: 980, paymentType: "debit" })
      expect(invoice.redirectUrl).toBeUndefined()
      const validForMs = Date.parse(invoice.expiresAt!) - Date.parse(invoice.createdDate!)
      expect(Math.abs(validForMs - 7 * DAY_S * 1000)).toBeLessThan(60_000)
      expect(Math.abs(Date.parse(link.expires_at) - Date.parse(invoice.expiresAt!))).toBeLessThan(60_000)

      const webhooks = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(link.invoice_id)
      await webhooks

      const after = await orderState(getContainer(), orderId)
      expect(after.pending).toBe(0)
      const linkPayment = after.payments.find((p: any) => p.collection_status === "completed" && p.provider_id === DEBIT_PROVIDER && Number(p.amount) === UNIT_PRICE_UAH && p.captured_at)
      expect(after.payments).toHaveLength(2)
      expect(linkPayment).toBeDefined()
      const facts = (await api.get(`/admin/monobank/orders/${orderId}/payment-link`, fx.admin)).data.payment_link
      expect(facts).toMatchObject({ due: null, link: { invoice_id: link.invoice_id, state: "paid" } })
      // The order widget lists the link's payment with the bank's status.
      const widget = (await api.get(`/admin/monobank/orders/${orderId}`, fx.admin)).data
      expect(widget.payments.map((p: any) => p.bank_id?.value)).toContain(link.invoice_id)
    })

    it("asking again, even at the same moment, gives the same link: one invoice at the bank", async () => {
      const orderId = await paidOrder()
      await addItems(orderId)
      const createsBefore = (await invoiceCreates()).length

      const [first, second] = await Promise.all([linkOf(orderId), linkOf(orderId)])
      const third = await linkOf(orderId)

      expect([first.status, second.status, third.status]).toEqual([200, 200, 200])
      const invoiceIds = new Set([first, second, third].map((answer) => answer.data.payment_link.link.invoice_id))
      expect(invoiceIds.size).toBe(1)
      expect((await invoiceCreates()).length - createsBefore).toBe(1)
      expect([first, second, third].filter((answer) => answer.data.created)).toHaveLength(1)
    })

    it("the amount owed changed: the unpaid invoice is replaced by one for the new amount, and the old one cannot be paid", async () => {
      const orderId = await paidOrder()
      await addItems(orderId)
      const old = (await linkOf(orderId, { provider_id: DEBIT_PROVIDER })).data.payment_link.link
      expect(old.amount).toBe("1234.56 UAH")

      await addItems(orderId, 1)
      const replaced = await linkOf(orderId, { provider_id: DEBIT_PROVIDER })
      expect(replaced.data).toMatchObject({ created: true, payment_link: { due: "2469.12 UAH", link: { amount: "2469.12 UAH", state: "waiting" } } })
      const fresh = replaced.data.payment_link.link
      expect(fresh.invoice_id).not.toBe(old.invoice_id)
      expect((await env.emulator.control.getInvoice(fresh.invoice_id)).amount).toBe(246_912)
      // The replaced invoice was withdrawn at the bank: the shopper can no longer pay it.
      expect((await env.emulator.control.getInvoice(old.invoice_id)).status).not.toMatch(/^(created|processing|success|hold)$/)

      const webhooks = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(fresh.invoice_id)
      await webhooks
      expect((await orderState(getContainer(), orderId)).pending).toBe(0)
    })

    it("with the hold provider the link's payment is held and captured from the admin as usual", async () => {
      const orderId = await paidOrder()
      await addItems(orderId)
      const link = (await linkOf(orderId, { provider_id: HOLD_PROVIDER })).data.payment_link.link
      const webhooks = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(link.invoice_id)
      await webhooks

      const held = (await orderState(getContainer(), orderId)).payments.find((p: any) => p.provider_id === HOLD_PROVIDER)
      expect(held).toMatchObject({ captured_at: null })
      // Held money is not owed twice: no new link is offered for it.
      expect((await api.get(`/admin/monobank/orders/${orderId}/payment-link`, fx.admin)).data.payment_link).toMatchObject({ due: null, link: { state: "paid" } })

      await api.post(`/admin/payments/${held.id}/capture`, {}, fx.admin)
      expect((await env.emulator.control.getInvoice(link.invoice_id)).status).toBe("success")
      expect((await orderState(getContainer(), orderId)).pending).toBe(0)
    })

    it("the bank's webhook for a paid link is lost: the scheduled reconcile books the payment on the order", async () => {
      const orderId = await paidOrder()
      await addItems(orderId)
      const link = (await linkOf(orderId, { provider_id: DEBIT_PROVIDER })).data.payment_link.link
      await env.emulator.control.setWebhookMode("drop")
      try {
        await env.emulator.control.payInvoice(link.invoice_id)
      } finally {
        await env.emulator.control.setWebhookMode("deliver")
      }
      expect((await orderState(getContainer(), orderId)).pending).toBeCloseTo(UNIT_PRICE_UAH, 2)

      await syncMonobankPaymentSessionsJob(getContainer(), { now: new Date(Date.now() + 10 * 60_000) })

      const after = await orderState(getContainer(), orderId)
      expect(after.pending).toBe(0)
      expect(after.payments.filter((p: any) => p.provider_id === DEBIT_PROVIDER && p.captured_at)).toHaveLength(2)
      expect((await api.get(`/admin/monobank/orders/${orderId}/payment-link`, fx.admin)).data.payment_link.link.state).toBe("paid")
    })

    it("a link paid after the store owner settled the amount another way is refunded in full and shown as needing attention", async () => {
      const orderId = await paidOrder()
      await addItems(orderId)
      const link = (await linkOf(orderId)).data.payment_link.link
      await env.emulator.control.setWebhookMode("hold")
      await env.emulator.control.payInvoice(link.invoice_id)

      // Meanwhile the store owner takes the money in cash and marks the collection paid.
      const collectionId = (await api.get(`/admin/orders/${orderId}?fields=*payment_collections`, fx.admin)).data.order.payment_collections.find((c: any) => c.status !== "completed").id
      const marked = await api.post(`/admin/payment-collections/${collectionId}/mark-as-paid`, { order_id: orderId }, fx.admin).catch((error: any) => error.response)
      expect(marked.status).toBe(200)
      await env.emulator.control.setWebhookMode("deliver")
      const webhooks = webhooksHandled(getContainer())
      await env.emulator.control.releaseWebhooks()
      await webhooks

      const invoice = await env.emulator.control.getInvoice(link.invoice_id)
      const givenBack = sum((invoice.cancelList ?? []).filter((item: any) => item.status !== "failure").map((item: any) => item.amount ?? 0))
      expect(givenBack).toBe(invoice.amount)
      const after = await orderState(getContainer(), orderId)
      expect(after.pending).toBe(0)
      expect(after.payments.filter((p: any) => p.provider_id === DEBIT_PROVIDER)).toHaveLength(1)
      const attention = JSON.stringify((await api.get("/admin/monobank/needs-attention", fx.admin)).data)
      expect(attention).toContain(link.session_id)
    })

    it("the order is cancelled while its link waits: the invoice is withdrawn at the bank and no payment comes of it", async () => {
      const { cart, session, store } = await checkoutWithMonobank(api, fx, HOLD_PROVIDER)
      const webhooks = webhooksHandled(getContainer())
      await env.emulator.control.payInvoice(session.data.invoiceId)
      await webhooks
      const orderId = (await completeCart(api, store, cart.id)).data.order.id
      await addItems(orderId)
      const link = (await linkOf(orderId, { provider_id: DEBIT_PROVIDER })).data.payment_link.link

      const canceled = await api.post(`/admin/orders/${orderId}/cancel`, {}, fx.admin).catch((error: any) => error.response)
      expect(canceled.status).toBe(200)

      const withdrawn = async () => (await env.emulator.control.getInvoice(link.invoice_id)).status
      const until = Date.now() + 20_000
      while ((await withdrawn()) === "created" && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await withdrawn()).toBe("expired")
      const paid = await env.emulator.control.payInvoice(link.invoice_id).catch((error: any) => error)
      expect(paid).toBeInstanceOf(Error)
      expect((await orderState(getContainer(), orderId)).payments.filter((p: any) => p.provider_id === DEBIT_PROVIDER)).toHaveLength(0)
    })

    it("sends the link to the order's e-mail through the notification module", async () => {
      const orderId = await paidOrder()
      await addItems(orderId)
      const sent = await linkOf(orderId, { send: true })
      expect(sent.status).toBe(200)
      expect(sent.data.payment_link.can_send).toBe(true)
      const email = sent.data.payment_link.email
      expect(sent.data.sent_to).toBe(email)

      const notifications = await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ resource_id: orderId })
      expect(notifications).toHaveLength(1)
      expect(notifications[0]).toMatchObject({ to: email, channel: "email", template: "monobank-payment-link" })
      expect(notifications[0].data).toMatchObject({ url: sent.data.payment_link.link.url, amount: "1234.56 UAH" })
    })

    it("refuses, naming the field, a bad request, an order that owes nothing and a provider not in the region; nothing is made at the bank", async () => {
      const orderId = await paidOrder()
      const createsBefore = (await invoiceCreates()).length

      const owesNothing = await linkOf(orderId)
      expect(owesNothing.status).toBe(400)
      expect(owesNothing.data.message).toMatch(/owes nothing/)

      await addItems(orderId)
      const tooShort = await linkOf(orderId, { validity_seconds: 10 })
      expect(tooShort.status).toBe(400)
      expect(tooShort.data.message).toMatch(/validity_seconds must be at least 60/)
      const unknown = await linkOf(orderId, { amount: 1 })
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toMatch(/unknown field\(s\): amount/)
      const foreign = await linkOf(orderId, { provider_id: SYSTEM_PROVIDER })
      expect(foreign.status).toBe(400)
      expect(foreign.data.message).toMatch(/provider_id pp_system_default is not a monobank card provider/)
      expect((await invoiceCreates()).length).toBe(createsBefore)
    })
  },
})
