/**
 * Needs-attention rows of kind `cancelled_checkout_payment`: an order paid through mono checkout
 * (on the page by card or installments, or in cash on delivery, once the owner recorded it) that
 * the owner then cancelled. The checkout API gives nothing back, so Medusa's cancel could not
 * refund it: the money is still with the bank (or the store), and the order's payment still shows
 * it. Only a person can give it back, in the business cabinet (or in cash). A row leaves the list
 * once the order's payment shows nothing more.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { registeredCheckoutModule } from "../../../../modules/monobank-checkout/resolve"
import { REFUND_NOT_SUPPORTED } from "../../../../utils/checkout/checkout-payments"
import { linkedOrdersOf } from "../../../../workflows/checkout/utils/linked-order"
import type { AttentionRow } from "./attention-list"

export const CANCELLED_CHECKOUT_PAYMENT_WORDS = {
  plugin_did: "Sent nothing to the bank (the checkout API has no refunds) and kept the order's payment as the bank holds it.",
} satisfies Pick<AttentionRow, "plugin_did">

type Amount = { amount: unknown }
type OrderPayment = { amount: unknown; currency_code?: string; captured_at: unknown; canceled_at: unknown; captures?: Amount[] | null; refunds?: Amount[] | null }
type CheckoutRecord = { id: string; cart_id: string; checkout_order_id: string | null; payment_method: string | null; updated_at: unknown }

const total = (items: Amount[] | null | undefined) => (items ?? []).reduce((sum, item) => sum.plus(MathBN.convert(item.amount as never)), MathBN.convert(0))

/** What a payment still says the store holds: captured less refunded, or what is authorized. */
function stillHeld(payment: OrderPayment) {
  if (payment.canceled_at) return MathBN.convert(0)
  const captured = total(payment.captures)
  const held = payment.captured_at || captured.gt(0) ? captured : MathBN.convert(payment.amount as never)
  return held.minus(total(payment.refunds))
}

export async function cancelledCheckoutPaymentRows(container: MedusaContainer): Promise<AttentionRow[]> {
  const checkout = registeredCheckoutModule(container)
  if (!checkout) return []
  const records: CheckoutRecord[] = await checkout.listMonobankCheckoutOrders({ status: "completed" }, { take: 500, order: { updated_at: "DESC" } })
  const linked = await linkedOrdersOf(container, records.map((record) => record.id))
  const orderIds = [...new Set([...linked.values()].filter((order) => order.exists).map((order) => order.medusa_order_id))]
  if (!orderIds.length) return []
  const { data: orders } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "status", "currency_code", "canceled_at", "payment_collections.payments.*", "payment_collections.payments.captures.*", "payment_collections.payments.refunds.*"],
    filters: { id: orderIds, status: "canceled" },
  })
  const cancelled = new Map((orders as Array<{ id: string; currency_code: string; canceled_at: unknown; payment_collections?: Array<{ payments?: OrderPayment[] }> }>).map((order) => [order.id, order]))
  return records.flatMap((record): AttentionRow[] => {
    const order = cancelled.get(linked.get(record.id)?.medusa_order_id ?? "")
    if (!order) return []
    const held = (order.payment_collections ?? []).flatMap((collection) => collection.payments ?? []).reduce((sum, payment) => sum.plus(stillHeld(payment)), MathBN.convert(0))
    if (!held.gt(0)) return []
    const method = (record.payment_method ?? "card") as keyof typeof REFUND_NOT_SUPPORTED
    const subject = `Checkout order ${record.checkout_order_id ?? record.cart_id}`
    return [
      {
        kind: "cancelled_checkout_payment",
        id: record.id,
        medusa_order_id: order.id,
        subject,
        happened: `Order ${order.id} was cancelled, but the ${held.toFixed(2)} ${order.currency_code.toUpperCase()} paid for it through mono checkout (${method}) were not given back: the checkout API has no refunds.`,
        ...CANCELLED_CHECKOUT_PAYMENT_WORDS,
        action: { label: REFUND_NOT_SUPPORTED[method] ?? REFUND_NOT_SUPPORTED.card },
        at: order.canceled_at ? new Date(order.canceled_at as string).toISOString() : null,
      },
    ]
  })
}
