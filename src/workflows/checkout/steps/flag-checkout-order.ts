import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutModule } from "./module"

export const flagCheckoutOrderStepId = "monobank-checkout-flag-order"

/** Marks a placed checkout order that cannot become an order as `needs_attention`, and says why in the log. */
export const flagCheckoutOrderStep = createStep(
  flagCheckoutOrderStepId,
  async (input: { id: string; error: string }, { container }) => {
    const service = checkoutModule(container)
    const before = await service.retrieveMonobankCheckoutOrder(input.id, { select: ["id", "status", "error"] })
    await service.updateMonobankCheckoutOrders({ id: input.id, status: "needs_attention", error: input.error })
    container.resolve(ContainerRegistrationKeys.LOGGER).error(`monobank checkout: ${input.error}`)
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) await checkoutModule(container).updateMonobankCheckoutOrders(before as any)
  }
)
