/**
 * The money invariant of the model test, per cart: what the bank kept for the cart's payment
 * sessions (read from the emulator) equals what Medusa shows on the cart's one order (captured +
 * authorized-not-captured - refunded), or there is no order and the bank kept nothing; an order's
 * payment is a bank payment of that cart's own sessions; no bank payment carries two orders.
 * All amounts in kopecks. What each order's life must be (cancelled, unpaid, fulfilled): ./order-ledger.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { EmulatorControl } from "../../emulator"
import type { InstallmentOrder } from "../../emulator/installments/types"
import { toBankMinorUnits } from "../../src/utils/medusa-money"
import { checkoutBankMoney } from "./checkout-facts"
import type { LoggedSession, SessionLog } from "./session-log"

const INSTALLMENTS_PREFIX = "pp_monobank-installments_"

/** One payment at the bank: `invoice:<invoiceId>`, `installment:<order_id>`, `checkout:<orderId>`. */
export type BankPaymentId = string

export type SessionMoney = {
  sessionId: string
  provider: string
  kept: number
  /** `waitsForStore`: the bank held the money for the store to take (a card hold, an installment waiting for the store's confirmation). */
  payments: Array<{ id: BankPaymentId; kept: number; state: string; waitsForStore?: boolean; everApproved?: boolean }>
}

/** Where an installment order is once its shopper approved it. */
const APPROVED_SUB_STATES = new Set(["WAITING_FOR_STORE_CONFIRM", "ACTIVE", "DONE", "RETURNED"])

export type MedusaPayment = {
  id: string
  bankPayment?: BankPaymentId
  amount: number
  captured: number
  refunded: number
  canceled: boolean
  /** What this payment says the store holds: captured + authorized-not-captured - refunded. */
  shown: number
}

/** An order as Medusa shows it: its payments, and what ../model/order-ledger checks of its life. */
export type OrderBooks = {
  id: string
  status: string
  /** What the order costs now (after its edits), in kopecks. */
  total: number
  shown: number
  payments: MedusaPayment[]
  fulfilled: boolean
  lineItemIds: string[]
  /** The payment sessions Medusa keeps on the order's collections. */
  sessions: Array<{ id: string; provider_id: string; status: string; bankOrderId?: string }>
}

export type CartBooks = {
  label: string
  cartId: string
  bankKept: number
  sessions: SessionMoney[]
  orders: OrderBooks[]
}

/** Medusa's amounts in kopecks, rounded by the plugin's one rule as the bank is paid (a percentage promotion leaves fractions of a kopeck). */
const kopecks = (amount: unknown) => toBankMinorUnits(amount as number, "uah")
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** What the bank kept of an invoice: the hold, or what is left after refunds (refunds under way count as made). */
function invoiceKept(invoice: { status: string; amount: number; finalAmount?: number; cancelList?: Array<{ status: string; amount: number }> }): number {
  if (invoice.status === "hold") return invoice.amount
  if (invoice.status !== "success" && invoice.status !== "reversed") return 0
  const pending = sum((invoice.cancelList ?? []).filter((item) => item.status === "processing").map((item) => item.amount))
  return (invoice.finalAmount ?? invoice.amount) - pending
}

/** What the bank kept of an installment order: all of it once the shopper approved (held until the store confirms), less returns. */
function installmentKept(order: InstallmentOrder): number {
  if (order.order_sub_state === "WAITING_FOR_STORE_CONFIRM") return order.totalKopecks
  if (order.state !== "SUCCESS") return 0
  return order.totalKopecks - sum(order.returns.map((item) => item.kopecks))
}

async function sessionMoney(control: EmulatorControl, session: LoggedSession): Promise<SessionMoney> {
  const payments: SessionMoney["payments"] = []
  if (session.provider_id.startsWith(INSTALLMENTS_PREFIX)) {
    const order = await control.getInstallmentOrderByStoreOrderId(session.id).catch((error) => {
      if ((error as { status?: number }).status === 404) return undefined
      throw error
    })
    if (order) {
      const waitsForStore = order.history.some((step) => step.order_sub_state === "WAITING_FOR_STORE_CONFIRM")
      const everApproved = order.history.some((step) => APPROVED_SUB_STATES.has(step.order_sub_state))
      payments.push({ id: `installment:${order.order_id}`, kept: installmentKept(order), state: `${order.state}/${order.order_sub_state}`, waitsForStore, everApproved })
    }
  } else {
    const report = await control.paymentsByReference(session.id)
    for (const listed of report.invoices) {
      const invoice = await control.getInvoice(listed.invoiceId)
      payments.push({ id: `invoice:${invoice.invoiceId}`, kept: invoiceKept(invoice), state: invoice.status, waitsForStore: invoice.paymentType === "hold" })
    }
  }
  return { sessionId: session.id, provider: session.provider_id, kept: sum(payments.map((p) => p.kept)), payments }
}

function bankPaymentOf(data: Record<string, unknown> | null | undefined): BankPaymentId | undefined {
  if (typeof data?.invoiceId === "string") return `invoice:${data.invoiceId}`
  if (typeof data?.order_id === "string") return `installment:${data.order_id}`
  const checkout = data?.monobank_checkout as { checkout_order_id?: unknown } | undefined
  if (typeof checkout?.checkout_order_id === "string") return `checkout:${checkout.checkout_order_id}`
  return undefined
}

function medusaPayment(payment: any): MedusaPayment {
  const amount = kopecks(payment.amount)
  const captured = sum((payment.captures ?? []).map((c: any) => kopecks(c.amount)))
  const refunded = sum((payment.refunds ?? []).map((r: any) => kopecks(r.amount)))
  const canceled = !!payment.canceled_at
  const authorizedRest = canceled || payment.captured_at ? 0 : amount - captured
  return { id: payment.id, bankPayment: bankPaymentOf(payment.data), amount, captured, refunded, canceled, shown: captured + authorizedRest - refunded }
}

async function ordersOfCart(container: MedusaContainer, cartId: string): Promise<CartBooks["orders"]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderIds = [...new Set(links.map((link: any) => link.order_id as string))]
  if (orderIds.length === 0) return []
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "total",
      "items.id",
      "fulfillments.id",
      "fulfillments.canceled_at",
      "payment_collections.payments.*",
      "payment_collections.payments.captures.*",
      "payment_collections.payments.refunds.*",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: orderIds },
  })
  return orders.map((order: any): OrderBooks => {
    const payments = (order.payment_collections ?? []).flatMap((pc: any) => pc?.payments ?? []).map(medusaPayment)
    const sessions = (order.payment_collections ?? []).flatMap((pc: any) => pc?.payment_sessions ?? [])
    return {
      id: order.id,
      status: order.status,
      total: kopecks(order.total),
      shown: sum(payments.map((p: MedusaPayment) => p.shown)),
      payments,
      fulfilled: (order.fulfillments ?? []).some((f: any) => f && !f.canceled_at),
      lineItemIds: (order.items ?? []).map((item: any) => item.id as string),
      sessions: sessions.map((s: any) => ({ id: s.id, provider_id: s.provider_id, status: s.status, bankOrderId: typeof s.data?.order_id === "string" ? s.data.order_id : undefined })),
    }
  })
}

export async function readCartBooks(
  deps: { container: MedusaContainer; control: EmulatorControl; sessions: SessionLog },
  cart: { label: string; id: string }
): Promise<CartBooks> {
  const sessions = await Promise.all((await deps.sessions.sessionsOfCart(cart.id)).map((s) => sessionMoney(deps.control, s)))
  // A mono checkout order is a bank payment of the cart too (`checkout:<orderId>`), made without a session.
  sessions.push(...(await checkoutBankMoney(deps.control, cart.id)))
  return {
    label: cart.label,
    cartId: cart.id,
    bankKept: sum(sessions.map((s) => s.kept)),
    sessions,
    orders: await ordersOfCart(deps.container, cart.id),
  }
}

/** Every way the books of these carts break the invariant, in words; empty when they hold. */
export function moneyViolations(books: CartBooks[]): string[] {
  const violations: string[] = []
  const ordersOnPayment = new Map<BankPaymentId, string[]>()
  for (const cart of books) {
    const own = new Set(cart.sessions.flatMap((s) => s.payments.map((p) => p.id)))
    if (cart.orders.length > 1) violations.push(`${cart.label}: ${cart.orders.length} orders for one cart`)
    const shown = sum(cart.orders.map((o) => o.shown))
    if (cart.bankKept !== shown) {
      violations.push(
        cart.orders.length === 0
          ? `${cart.label}: the bank kept ${cart.bankKept} kopecks for it, but it has no order`
          : `${cart.label}: the bank kept ${cart.bankKept} kopecks for it, its order shows ${shown}`
      )
    }
    for (const order of cart.orders) {
      for (const payment of order.payments) {
        if (payment.canceled && payment.shown === 0) continue
        const bankPayment = payment.bankPayment ?? "(no bank payment)"
        if (!own.has(bankPayment)) {
          violations.push(`${cart.label}: its order's payment ${payment.id} rests on ${bankPayment}, which no payment session of this cart made at the bank`)
        }
        ordersOnPayment.set(bankPayment, [...(ordersOnPayment.get(bankPayment) ?? []), `${cart.label}'s order ${order.id}`])
      }
    }
  }
  for (const [bankPayment, orders] of ordersOnPayment) {
    if (orders.length > 1 && !bankPayment.startsWith("(")) violations.push(`${bankPayment} carries ${orders.length} orders: ${orders.join(", ")}`)
  }
  return violations
}

/**
 * Money the bank held for the store to take (a card hold, an installment waiting for the store's
 * confirmation) is taken only when the owner asks: a Medusa capture of it that no admin capture
 * asked for was decided by something else (a forged callback, a stale read), in words; empty when none.
 */
export function unaskedCaptures(books: CartBooks[], captureAsked: ReadonlySet<string>): string[] {
  const violations: string[] = []
  for (const cart of books) {
    const waitsForStore = new Set(cart.sessions.flatMap((s) => s.payments.filter((p) => p.waitsForStore).map((p) => p.id)))
    for (const order of cart.orders) {
      for (const payment of order.payments) {
        if (payment.captured === 0 || !payment.bankPayment || !waitsForStore.has(payment.bankPayment) || captureAsked.has(payment.id)) continue
        violations.push(`${cart.label}: payment ${payment.id} on ${payment.bankPayment} was captured (${payment.captured} kopecks), but the owner never asked to capture it`)
      }
    }
  }
  return violations
}

/** A shopper told their installment is paid when their own session's order was never approved at the bank (another's, planted in its data?), in words. */
export function toldPaidFalsely(books: CartBooks[], told: Array<{ cart: string; sessionId: string; status: string }>): string[] {
  const sessions = new Map(books.flatMap((cart) => cart.sessions.map((session) => [session.sessionId, session] as const)))
  return told
    .filter(({ sessionId }) => !sessions.get(sessionId)?.payments.some((payment) => payment.everApproved))
    .map(({ cart, sessionId, status }) => `${cart}: its shopper was told "${status}" for session ${sessionId}, whose own installment was never approved at the bank`)
}

/** The books, readable, for the failure message. */
export function describeBooks(books: CartBooks[]): string {
  return books
    .map((cart) => {
      const sessions = cart.sessions.map(
        (s) => `    session ${s.sessionId} (${s.provider.replace(/^pp_/, "")}): ${s.payments.map((p) => `${p.id} ${p.state} kept ${p.kept}`).join("; ") || "nothing at the bank"}`
      )
      const orders = cart.orders.map(
        (o) =>
          `    order ${o.id} (${o.status}${o.fulfilled ? ", fulfilled" : ""}, total ${o.total}) shows ${o.shown}: ${o.payments
            .map((p) => `payment ${p.id} on ${p.bankPayment ?? "?"} amount ${p.amount} captured ${p.captured} refunded ${p.refunded}${p.canceled ? " canceled" : ""}`)
            .join("; ")}`
      )
      return [`  ${cart.label} (${cart.cartId}): bank kept ${cart.bankKept}`, ...sessions, ...(orders.length ? orders : ["    no order"])].join("\n")
    })
    .join("\n")
}
