/**
 * Needs-attention rows of kind `released_checkout_hold`: a mono checkout order that became a Medusa
 * order, and that the bank failed afterwards (its card hold released: not finalized within 10 days,
 * or released in the cabinet). The sync canceled the order's payment and kept the checkout order
 * completed; the order itself is the store owner's to cancel or to have paid again. A row leaves
 * the list once the order is canceled.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { registeredCheckoutModule } from "../../../../modules/monobank-checkout/resolve"
import { GENERAL_STATUS_MEANING } from "../../../../utils/checkout/outcome"
import { linkedOrdersOf } from "../../../../workflows/checkout/utils/linked-order"
import type { AttentionRow } from "./attention-list"

export const RELEASED_CHECKOUT_HOLD_WORDS = {
  plugin_did:
    "Marked the order's mono checkout payment canceled (nothing was captured, nothing was sent to the bank); the checkout order stays completed and linked to the order.",
  action: { label: "Cancel the order, or ask the shopper to pay again" },
} satisfies Pick<AttentionRow, "plugin_did" | "action">

const FAILED_GENERAL_STATUSES = Object.entries(GENERAL_STATUS_MEANING)
  .filter(([, meaning]) => meaning === "failed")
  .map(([status]) => status)

type CheckoutRecord = { id: string; cart_id: string; checkout_order_id: string | null; payment_method: string | null; last_record: Record<string, unknown> | null; updated_at: unknown }

function happened(record: CheckoutRecord): string {
  const id = record.checkout_order_id ?? record.cart_id
  const paymentStatus = record.last_record?.payment_status
  const detail = paymentStatus ? ` (payment_status ${String(paymentStatus)})` : ""
  return record.payment_method === "card"
    ? `The bank released the card hold of checkout order ${id}${detail} after it became this order: the order is no longer paid.`
    : `The bank reports checkout order ${id} failed${detail} after it became this order: the order is no longer paid.`
}

export async function releasedCheckoutHoldRows(container: MedusaContainer): Promise<AttentionRow[]> {
  const checkout = registeredCheckoutModule(container)
  if (!checkout) return []
  const records: CheckoutRecord[] = await checkout.listMonobankCheckoutOrders(
    { status: "completed", general_status: FAILED_GENERAL_STATUSES },
    { take: 200, order: { updated_at: "DESC" } }
  )
  const linked = await linkedOrdersOf(container, records.map((record) => record.id))
  const orderIds = [...new Set([...linked.values()].filter((order) => order.exists).map((order) => order.medusa_order_id))]
  const open = orderIds.length
    ? await container.resolve(Modules.ORDER).listOrders({ id: orderIds }, { select: ["id", "status"] })
    : []
  const openIds = new Set(open.filter((order: { status: string }) => order.status !== "canceled").map((order: { id: string }) => order.id))
  return records.flatMap((record): AttentionRow[] => {
    const medusaOrderId = linked.get(record.id)?.medusa_order_id
    if (!medusaOrderId || !openIds.has(medusaOrderId)) return []
    return [
      {
        kind: "released_checkout_hold",
        id: record.id,
        medusa_order_id: medusaOrderId,
        subject: `Checkout order ${record.checkout_order_id ?? record.cart_id}`,
        happened: happened(record),
        ...RELEASED_CHECKOUT_HOLD_WORDS,
        at: record.updated_at ? new Date(record.updated_at as string).toISOString() : null,
      },
    ]
  })
}
