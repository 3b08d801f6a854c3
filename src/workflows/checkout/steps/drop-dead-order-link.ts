import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { dropDeadOrderLink } from "../utils/linked-order"
import type { LoadedCheckoutOrder } from "./load-checkout-order"

export const dropDeadOrderLinkStepId = "monobank-checkout-drop-dead-order-link"

/**
 * A record linked to an order that no longer exists (see ../linked-order) loses that link and is
 * reopened, so this sync places the order again; the checkout order as the rest of the sync sees
 * it. Nothing to undo: the link pointed at nothing, and the record must not say `completed` again.
 */
export const dropDeadOrderLinkStep = createStep(
  dropDeadOrderLinkStepId,
  async (checkout: LoadedCheckoutOrder, { container }) => {
    if (!checkout.dead_medusa_order_id) return new StepResponse<LoadedCheckoutOrder>(checkout)
    await dropDeadOrderLink(container, checkout.id, "deleted, most likely by a rolled-back placement")
    return new StepResponse<LoadedCheckoutOrder>({ ...checkout, status: "needs_attention", dead_medusa_order_id: undefined })
  }
)
