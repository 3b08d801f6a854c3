import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutModule } from "./module"

export const markCheckoutCompletedStepId = "monobank-checkout-mark-completed"

export const markCheckoutCompletedStep = createStep(
  markCheckoutCompletedStepId,
  async (input: { id: string }, { container }) => {
    const service = checkoutModule(container)
    const before = await service.retrieveMonobankCheckoutOrder(input.id, { select: ["id", "status", "completed_at", "error"] })
    await service.updateCheckoutOrderState({ id: input.id, status: "completed", completed_at: new Date(), error: null })
    return new StepResponse(undefined, before)
  },
  // Undoes its own write (the order it completed was rolled back): the one move out of `completed`.
  async (before, { container }) => {
    if (before) await checkoutModule(container).updateMonobankCheckoutOrders(before as any)
  }
)
