import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../../lib/monobank"
import type { CheckoutOrderStatus } from "../../../modules/monobank-checkout"
import type { CheckoutOutcome } from "../../../utils/checkout/outcome"
import type { LoadedCheckoutOrder } from "./load-checkout-order"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

/**
 * Our status after reading the bank, before any order is made. A completed order stays completed;
 * an order placed but flagged (`needs_attention` with an order: an unknown delivery method) stays
 * flagged until a person acknowledges it.
 */
export function statusAfterRead(current: CheckoutOrderStatus, outcome: CheckoutOutcome, hasOrder: boolean): CheckoutOrderStatus {
  if (hasOrder && current === "needs_attention") return "needs_attention"
  if (current === "completed" || hasOrder) return "completed"
  switch (outcome.kind) {
    case "waiting":
      return "awaiting_shopper"
    case "failed":
      return "failed"
    default:
      return current
  }
}

/**
 * Parts of the bank's record that name or reach a person. The Medusa order holds what delivery
 * needs, and the bank's record can be read again by its order id, so ours keeps none of them.
 */
const PERSONAL_PARTS = ["mainClientInfo", "deliveryRecipientInfo", "comment"] as const satisfies readonly (keyof CheckoutOrderRecord)[]

function withoutPersonalData(record: CheckoutOrderRecord): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...record }
  for (const part of PERSONAL_PARTS) delete kept[part]
  return kept
}

/** What our record keeps of the bank's record. */
export function recordFacts(record: CheckoutOrderRecord) {
  return {
    general_status: record.generalStatus ?? null,
    payment_method: record.payment_method ?? null,
    delivery_method: record.delivery_method ?? null,
    last_record: withoutPersonalData(record),
    last_checked_at: new Date(),
  }
}

export const recordCheckoutStateStepId = "monobank-checkout-record-state"

const TRACKED = ["status", "general_status", "payment_method", "delivery_method", "last_record", "last_checked_at", "error"] as const

/**
 * The bank failed an order that is already a Medusa order: a card hold released (not finalized
 * within 10 days). The order's payment can no longer be captured; the store owner must know.
 */
function failedAfterOrder(checkout: LoadedCheckoutOrder, outcome: CheckoutOutcome): string | undefined {
  if (outcome.kind !== "failed" || !checkout.medusa_order_id) return undefined
  return (
    `the bank failed checkout order ${checkout.checkout_order_id} (${outcome.reason}) after it became order ${checkout.medusa_order_id}: ` +
    "no money was taken; do not ship it unpaid"
  )
}

/** Keeps what the bank said on our record (restored if the rest of the sync fails). */
export const recordCheckoutStateStep = createStep(
  recordCheckoutStateStepId,
  async (input: { checkout: LoadedCheckoutOrder; record: CheckoutOrderRecord; outcome: CheckoutOutcome }, { container }) => {
    const service = checkoutModule(container)
    const before = await service.retrieveMonobankCheckoutOrder(input.checkout.id, { select: ["id", ...TRACKED] })
    const failedOrder = failedAfterOrder(input.checkout, input.outcome)
    await service.updateCheckoutOrderState({
      id: input.checkout.id,
      status: statusAfterRead(input.checkout.status, input.outcome, !!input.checkout.medusa_order_id),
      ...recordFacts(input.record),
      ...(failedOrder ? { error: failedOrder } : {}),
    })
    if (failedOrder) container.resolve(ContainerRegistrationKeys.LOGGER).error(`monobank checkout: ${failedOrder}`)
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (!before) return
    await checkoutModule(container).updateCheckoutOrderState(before as any)
  }
)
