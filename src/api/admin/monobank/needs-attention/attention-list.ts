/**
 * Everything the plugin flags for a person, each row saying what happened, what the plugin already
 * did, and the action that resolves it:
 * - `checkout_order`: a mono checkout order paid at the bank that could not become a Medusa order,
 *   or that became one a person must check (placed with a fallback shipping option for a delivery
 *   method the plugin does not know);
 * - `released_hold`: a card hold the bank released (9 days without capture, or released in the
 *   cabinet) on an order that is not canceled: the order is no longer paid;
 * - `unbooked_refund`: a refund the bank made whose Medusa request answered with an error, so the
 *   order does not show it yet;
 * - `session_payment`: money the bank took or reserved for a payment session that ended without an
 *   order (replaced while its charge's answer was lost, paid in a forgotten tab...), which the
 *   plugin gave back, or a charge the bank never named (src/utils/session-money).
 *   A session whose order was fulfilled while its installment waited, and which the bank then
 *   ended unpaid, is named with its order (nothing was taken, and the order could not be cancelled).
 * - `released_checkout_hold`: a mono checkout order the bank failed (its card hold released) after
 *   it became an order that is not canceled: the order is no longer paid (./released-checkout-holds);
 * - `return_in_doubt`: an installment return sent minutes ago that the bank has not confirmed, which
 *   holds up every other return of its order (./returns-in-doubt);
 * - `cancelled_checkout_payment`: an order paid through mono checkout and then cancelled: the
 *   checkout API gives nothing back, so a person refunds it in the business cabinet
 *   (./cancelled-checkout-payments).
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { readRefundMark } from "../../../../utils/refund-mark"
import { registeredCheckoutModule } from "../../../../modules/monobank-checkout/resolve"
import { linkedOrdersOf } from "../../../../workflows/checkout/utils/linked-order"
import { MONOBANK_SESSION_PAYMENTS_MODULE, type MonobankSessionPaymentsModuleService } from "../../../../modules/monobank-session-payments"
import { optionalFromCradle, type ModuleScope } from "../../../../utils/module-container"
import { releasedCheckoutHoldRows, RELEASED_CHECKOUT_HOLD_WORDS } from "./released-checkout-holds"
import { returnInDoubtRows, RETURN_IN_DOUBT_WORDS } from "./returns-in-doubt"
import { cancelledCheckoutPaymentRows, CANCELLED_CHECKOUT_PAYMENT_WORDS } from "./cancelled-checkout-payments"
import { REFUND_NOT_SUPPORTED } from "../../../../utils/checkout/checkout-payments"
import { providerKindOf } from "../../../../utils/provider-ids"

export const ATTENTION_KINDS = ["checkout_order", "released_hold", "unbooked_refund", "session_payment", "released_checkout_hold", "return_in_doubt", "cancelled_checkout_payment"] as const
export type AttentionKind = (typeof ATTENTION_KINDS)[number]

export type AttentionRow = {
  kind: AttentionKind
  id: string
  /** The Medusa order the row is about, when there is one. */
  medusa_order_id: string | null
  /** What the row is about, as the bank names it ("Checkout order …", "Invoice …"). */
  subject: string
  happened: string
  plugin_did: string
  action: { label: string; resolve?: "sync" | "acknowledge" }
  at: string | null
}

const WORDS = {
  checkout_order: {
    plugin_did: "Kept the bank's record of the order and retried placing it on every callback and on the reconcile schedule.",
    action: { label: "Sync with bank (places the order if the cause is gone)", resolve: "sync" as const },
  },
  released_hold: {
    plugin_did: "Marked the Medusa payment canceled when the bank reported the release.",
    action: { label: "Cancel the order, or ask the shopper to pay again" },
  },
  unbooked_refund: {
    plugin_did: "Recorded the bank's refund on the payment and marked it; nothing was sent to the bank twice.",
    action: { label: "Refund the same amount again in Medusa: the plugin books the bank's refund instead of sending a new one" },
  },
  session_payment: {
    plugin_did: "Gave the money back to the shopper in full (or released the hold), once no Medusa order could rest on it.",
    action: { label: "Mark as seen (tell the shopper their money went back if they ask)", resolve: "acknowledge" as const },
  },
  released_checkout_hold: RELEASED_CHECKOUT_HOLD_WORDS,
  return_in_doubt: RETURN_IN_DOUBT_WORDS,
  cancelled_checkout_payment: { ...CANCELLED_CHECKOUT_PAYMENT_WORDS, action: { label: REFUND_NOT_SUPPORTED.card } },
} satisfies Record<AttentionKind, { plugin_did: string; action: AttentionRow["action"] }>

/** A `checkout_order` row that has its Medusa order: placed, but flagged (see resolve-checkout-delivery). */
/** A `session_payment` row where nothing was taken: an order that went out unpaid (see cancel-unapproved-order). */
const UNPAID_ORDER_WORDS = {
  plugin_did: "Took no money (the bank ended the payment unpaid) and kept the order: Medusa cannot cancel a fulfilled order.",
  action: { label: "Contact the shopper or take the goods back, then mark as seen", resolve: "acknowledge" as const },
} satisfies Pick<AttentionRow, "plugin_did" | "action">

const PLACED_CHECKOUT_ORDER_WORDS = {
  plugin_did: "Placed the order with a stand-in shipping option and kept the bank's delivery method, branch and address on its shipping method.",
  action: { label: "Check the order's delivery, then mark as seen", resolve: "acknowledge" as const },
} satisfies Pick<AttentionRow, "plugin_did" | "action">

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

async function checkoutRows(container: MedusaContainer): Promise<AttentionRow[]> {
  const checkout = registeredCheckoutModule(container)
  if (!checkout) return []
  const rows = await checkout.listMonobankCheckoutOrders({ status: "needs_attention" }, { take: 200, order: { updated_at: "DESC" } })
  const linked = await linkedOrdersOf(container, rows.map((row) => row.id))
  return rows.map((row) => {
    const subject = `Checkout order ${row.checkout_order_id ?? row.cart_id}`
    const order = linked.get(row.id)
    const reason = row.error ?? "no reason recorded"
    return order?.exists
      ? {
          kind: "checkout_order",
          id: row.id,
          medusa_order_id: order.medusa_order_id,
          subject,
          happened: `${subject} became order ${order.medusa_order_id}, but ${reason}`,
          ...PLACED_CHECKOUT_ORDER_WORDS,
          at: iso(row.updated_at),
        }
      : {
          kind: "checkout_order",
          id: row.id,
          medusa_order_id: order?.medusa_order_id ?? null,
          subject,
          happened: `${subject} was paid at the bank (${row.payment_method ?? "payment"}), but no Medusa order could be made: ${reason}`,
          ...WORDS.checkout_order,
          at: iso(row.updated_at),
        }
  })
}

type PaymentRow = { id: string; provider_id: string; canceled_at: unknown; captured_at?: unknown; data: Record<string, unknown> | null; payment_collection?: { order?: { id: string; status: string } | null } | null }

async function releasedHoldRows(container: MedusaContainer): Promise<AttentionRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "canceled_at", "data", "payment_collection.order.id", "payment_collection.order.status"],
    filters: { canceled_at: { $ne: null } } as never,
    pagination: { take: 200, order: { canceled_at: "DESC" } },
  })
  return (data as PaymentRow[])
    .filter((payment) => providerKindOf(payment.provider_id) === "card")
    .filter((payment) => payment.data?.paymentType === "hold" && ["expired", "reversed"].includes(String(payment.data?.status ?? "reversed")))
    .filter((payment) => payment.payment_collection?.order && payment.payment_collection.order.status !== "canceled")
    .map((payment) => ({
      kind: "released_hold",
      id: payment.id,
      medusa_order_id: payment.payment_collection!.order!.id,
      subject: `Invoice ${String(payment.data?.invoiceId ?? payment.id)}`,
      happened: `The bank released the card hold of invoice ${String(payment.data?.invoiceId ?? "")}: the order is no longer paid.`,
      ...WORDS.released_hold,
      at: iso(payment.canceled_at),
    }))
}

async function unbookedRefundRows(container: MedusaContainer): Promise<AttentionRow[]> {
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  type RefundRow = { id: string; amount: unknown; metadata: Record<string, unknown> | null; created_at: unknown; payment_id: string }
  const refunds = (await paymentModule.listRefunds({}, { select: ["id", "amount", "metadata", "created_at", "payment_id"], take: 500, order: { created_at: "DESC" } })) as unknown as RefundRow[]
  const marks = new Map(refunds.map((refund) => [refund.id, readRefundMark(refund.metadata)]))
  const replaced = new Set([...marks.values()].map((mark) => mark.replaces).filter(Boolean))
  const failed = refunds.filter((refund) => marks.get(refund.id)?.request_failed && !replaced.has(refund.id))
  if (!failed.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "payment_collection.order.id"],
    filters: { id: failed.map((refund) => refund.payment_id) },
  })
  const orderOf = new Map((data as PaymentRow[]).map((payment) => [payment.id, payment.payment_collection?.order?.id ?? null]))
  return failed.map((refund) => ({
    kind: "unbooked_refund",
    id: refund.id,
    medusa_order_id: orderOf.get(refund.payment_id) ?? null,
    subject: `Refund ${refund.id}`,
    happened: `The bank refunded ${String(refund.amount)} UAH, but Medusa answered the refund with an error, so the order does not show it.`,
    ...WORDS.unbooked_refund,
    at: iso(refund.created_at),
  }))
}

async function sessionPaymentRows(scope: ModuleScope): Promise<AttentionRow[]> {
  const ledger = optionalFromCradle<MonobankSessionPaymentsModuleService>(scope, MONOBANK_SESSION_PAYMENTS_MODULE)
  if (!ledger) return []
  const rows = await ledger.sessionPaymentsNeedingAttention(200)
  const orders = await ordersOfSessions(scope, rows.map((row) => row.session_id))
  return rows.map((row) => ({
    kind: "session_payment",
    id: row.id,
    medusa_order_id: orders.get(row.session_id) ?? null,
    subject: `Payment session ${row.session_id} (${row.bank_id ?? "charge not named by the bank"})`,
    happened: row.attention ?? "",
    ...(row.settlement === "nothing_taken" ? UNPAID_ORDER_WORDS : WORDS.session_payment),
    at: iso(row.settled_at ?? row.created_at),
  }))
}

type Query = { graph(config: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: any[] }> }

/** The order each session's payment collection belongs to, where Medusa still keeps the session and it has one. */
async function ordersOfSessions(scope: ModuleScope, sessionIds: string[]): Promise<Map<string, string>> {
  const query = optionalFromCradle<Query>(scope, ContainerRegistrationKeys.QUERY)
  const found = new Map<string, string>()
  if (!query || !sessionIds.length) return found
  const { data: sessions } = await query.graph({ entity: "payment_session", fields: ["id", "payment_collection_id"], filters: { id: [...new Set(sessionIds)] } })
  const collections = [...new Set(sessions.map((session) => session.payment_collection_id as string))]
  if (!collections.length) return found
  const { data: links } = await query.graph({ entity: "order_payment_collection", fields: ["order_id", "payment_collection_id"], filters: { payment_collection_id: collections } })
  const orderOf = new Map(links.map((link) => [link.payment_collection_id as string, link.order_id as string]))
  for (const session of sessions) {
    const orderId = orderOf.get(session.payment_collection_id)
    if (orderId) found.set(session.id, orderId)
  }
  return found
}

export async function needsAttention(container: MedusaContainer): Promise<AttentionRow[]> {
  const lists = await Promise.all([
    checkoutRows(container),
    releasedHoldRows(container),
    unbookedRefundRows(container),
    sessionPaymentRows(container),
    releasedCheckoutHoldRows(container),
    returnInDoubtRows(container),
    cancelledCheckoutPaymentRows(container),
  ])
  return lists.flat().sort((a, b) => String(b.at).localeCompare(String(a.at)))
}

export async function needsAttentionOfOrder(container: MedusaContainer, orderId: string): Promise<AttentionRow[]> {
  return (await needsAttention(container)).filter((row) => row.medusa_order_id === orderId)
}
