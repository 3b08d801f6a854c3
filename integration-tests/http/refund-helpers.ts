/**
 * Steps shared by the refund specs that follow one order through several refunds: a paid card
 * order, a captured installment order, the admin's refund (answered, not thrown), order edits that
 * keep Medusa from recording a refund, and what the order itself records.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { StoreFixtures } from "../helpers/store-fixtures"
import { checkoutWithMonobank, DEBIT_PROVIDER, sum, type Api } from "./acquiring-helpers"
import { chooseInstallments, orderOfCart, phoneEndingIn } from "./installments-helpers"

type Emulator = { control: { payInvoice(invoiceId: string): Promise<unknown>; calls(): Promise<Array<{ method: string; path: string }>> } }

export const CANCEL_PATH = "/api/merchant/invoice/cancel"
export const RETURN_PATH = "/api/order/return"

export function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await pause(100)
  }
}

export function refundsApi(api: Api, fx: () => StoreFixtures) {
  return {
    /** The admin's refund, answered (never thrown); `signal` lets the admin's client go away. */
    refund(paymentId: string, amount: number, signal?: AbortSignal) {
      return api
        .post(`/admin/payments/${paymentId}/refund`, { amount }, { ...fx().admin, ...(signal ? { signal } : {}) })
        .catch((error: any) => error.response ?? { status: 0, data: { message: String(error?.message) } })
    },
    async medusaRefunds(paymentId: string) {
      const { data } = await api.get(`/admin/payments/${paymentId}?fields=id,*refunds`, fx().admin)
      return (data.payment.refunds as Array<{ id: string; amount: number; note?: string | null }>).map((r) => ({ ...r, amount: Number(r.amount) }))
    },
    openOrderEdit: (orderId: string) => api.post("/admin/order-edits", { order_id: orderId }, fx().admin),
    cancelOrderEdit: (orderId: string) => api.delete(`/admin/order-edits/${orderId}`, fx().admin),
  }
}

/** What the order itself records: refunds (transactions), credit lines, and what is still owed. */
export async function orderBooks(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "summary.*", "transactions.*", "credit_lines.*"],
    filters: { id: orderId },
  })
  const order = data[0] as any
  return {
    refunded: -sum(order.transactions.filter((t: any) => t.reference === "refund").map((t: any) => Number(t.amount))),
    credited: sum(order.credit_lines.map((c: any) => Number(c.amount))),
    pendingDifference: Number(order.summary.pending_difference),
  }
}

/** The order a bank notification placed, once its payment is there. */
export async function placedOrder(container: MedusaContainer, cartId: string) {
  const until = Date.now() + 30_000
  for (;;) {
    const order = await orderOfCart(container, cartId)
    if (order?.payment_collections?.[0]?.payments?.length) return order
    if (Date.now() > until) throw new Error(`no order with a payment for cart ${cartId}`)
    await pause(200)
  }
}

/** A card order paid at once (debit provider), placed by the bank's notification. */
export async function paidCardOrder(api: Api, fx: StoreFixtures, container: MedusaContainer, env: Emulator) {
  const { cart, session } = await checkoutWithMonobank(api, fx, DEBIT_PROVIDER)
  await env.control.payInvoice(session.data.invoiceId)
  const order = await placedOrder(container, cart.id)
  return { orderId: order.id as string, paymentId: order.payment_collections[0].payments[0].id as string, invoiceId: session.data.invoiceId as string }
}

/** An installment order the shopper confirmed and the admin captured (handed over). */
export async function capturedInstallmentOrder(api: Api, fx: StoreFixtures, container: MedusaContainer) {
  const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
  const order = await placedOrder(container, cart.id)
  const paymentId = order.payment_collections[0].payments[0].id as string
  const captured = await api.post(`/admin/payments/${paymentId}/capture`, {}, fx.admin)
  if (captured.status !== 200) throw new Error(`capture answered ${captured.status}`)
  return { orderId: order.id as string, paymentId, bankOrderId: session.data.order_id as string }
}

/** Bank calls to one path since the last reset. */
export async function callsTo(env: Emulator, path: string) {
  return (await env.control.calls()).filter((c) => c.path === path)
}

/**
 * Holds the order's row locked (`FOR UPDATE`) until `release()`: Medusa cannot add a transaction or
 * credit line to the order meanwhile (their foreign keys wait for the row), so a refund that
 * reached that point stays in progress for as long as the test wants, without touching Medusa.
 */
export async function holdOrderRow(container: MedusaContainer, orderId: string) {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let locked!: () => void
  const isLocked = new Promise<void>((resolve) => (locked = resolve))
  const done = knex.transaction(async (trx: any) => {
    await trx.raw(`select id from "order" where id = ? for update`, [orderId])
    locked()
    await released
  })
  await Promise.race([isLocked, done])
  return {
    async release() {
      release()
      await done
    },
  }
}

/** The faults the emulator still holds (a fault is used up when a request takes it). */
export async function pendingFaults(env: { url: string }): Promise<unknown[]> {
  const response = await fetch(`${env.url.replace(/\/+$/, "")}/_emulator/faults`)
  return (await response.json()) as unknown[]
}

/** Rows of Settings → monobank → Needs attention about one order. */
export async function attentionRowsOf(api: Api, admin: object, orderId: string) {
  const { data } = await api.get("/admin/monobank/needs-attention", admin)
  return (data.rows as Array<{ kind: string; id: string; medusa_order_id: string | null }>).filter((row) => row.medusa_order_id === orderId)
}

/** Like `waitFor`, but answers whether it happened instead of throwing. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return waitFor(check, "", timeoutMs).then(
    () => true,
    () => false
  )
}
