import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { existingOrderIds } from "../utils/linked-order"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export const markCheckoutCompletedStepId = "monobank-checkout-mark-completed"

/**
 * Marks the record completed, only for an order that exists; with `attention` (placed, but a
 * person must look: an unknown delivery method), `needs_attention` with that reason instead, which
 * the syncs keep (statusAfterRead) until the store owner acknowledges it.
 */
export const markCheckoutCompletedStep = createStep(
  markCheckoutCompletedStepId,
  async (input: { checkout_id: string; medusa_order_id: string; attention?: string }, { container }) => {
    if (!(await existingOrderIds(container, [input.medusa_order_id])).has(input.medusa_order_id)) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `order ${input.medusa_order_id} was deleted before mono checkout record ${input.checkout_id} could be completed`
      )
    }
    const service = checkoutModule(container)
    const before = await service.retrieveMonobankCheckoutOrder(input.checkout_id, { select: ["id", "status", "completed_at", "error"] })
    await service.updateCheckoutOrderState({
      id: input.checkout_id,
      status: input.attention ? "needs_attention" : "completed",
      completed_at: new Date(),
      error: input.attention ?? null,
    })
    if (input.attention) {
      container.resolve(ContainerRegistrationKeys.LOGGER).error(`monobank checkout: order ${input.medusa_order_id}: ${input.attention}`)
    }
    return new StepResponse(undefined, before)
  },
  // Undoes its own write (the order it completed was rolled back): the one move out of `completed`.
  async (before, { container }) => {
    if (before) await checkoutModule(container).updateMonobankCheckoutOrders(before as any)
  }
)
