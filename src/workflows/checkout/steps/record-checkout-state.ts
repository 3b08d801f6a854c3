import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../../lib/monobank"
import type { CheckoutOrderStatus } from "../../../modules/monobank-checkout"
import type { CheckoutOutcome } from "../../../modules/monobank-checkout/outcome"
import type { LoadedCheckoutOrder } from "./load-checkout-order"
import { checkoutModule } from "./module"

/** Our status after reading the bank, before any order is made. A completed order stays completed. */
export function statusAfterRead(current: CheckoutOrderStatus, outcome: CheckoutOutcome, hasOrder: boolean): CheckoutOrderStatus {
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

/** What our record keeps of the bank's record. */
export function recordFacts(record: CheckoutOrderRecord) {
  return {
    general_status: record.generalStatus ?? null,
    payment_method: record.payment_method ?? null,
    delivery_method: record.delivery_method ?? null,
    last_record: record as unknown as Record<string, unknown>,
    last_checked_at: new Date(),
  }
}

export const recordCheckoutStateStepId = "monobank-checkout-record-state"

const TRACKED = ["status", "general_status", "payment_method", "delivery_method", "last_record", "last_checked_at"] as const

/** Keeps what the bank said on our record (restored if the rest of the sync fails). */
export const recordCheckoutStateStep = createStep(
  recordCheckoutStateStepId,
  async (input: { checkout: LoadedCheckoutOrder; record: CheckoutOrderRecord; outcome: CheckoutOutcome }, { container }) => {
    const service = checkoutModule(container)
    const before = await service.retrieveMonobankCheckoutOrder(input.checkout.id, { select: ["id", ...TRACKED] })
    await service.updateMonobankCheckoutOrders({
      id: input.checkout.id,
      status: statusAfterRead(input.checkout.status, input.outcome, !!input.checkout.medusa_order_id),
      ...recordFacts(input.record),
    })
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (!before) return
    await checkoutModule(container).updateMonobankCheckoutOrders(before as any)
  }
)
