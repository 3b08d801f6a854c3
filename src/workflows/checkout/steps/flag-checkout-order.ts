import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export const flagCheckoutOrderStepId = "monobank-checkout-flag-order"

/** Marks a placed checkout order that cannot become an order as `needs_attention`, and says why in the log. */
export const flagCheckoutOrderStep = createStep(
  flagCheckoutOrderStepId,
  async (input: { id: string; error: string }, { container }) => {
    const service = checkoutModule(container)
    const before = await service.retrieveMonobankCheckoutOrder(input.id, { select: ["id", "status", "error"] })
    const status = await service.updateCheckoutOrderState({ id: input.id, status: "needs_attention", error: input.error })
    if (status === "needs_attention") container.resolve(ContainerRegistrationKeys.LOGGER).error(`monobank checkout: ${input.error}`)
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) await checkoutModule(container).updateCheckoutOrderState(before as any)
  }
)
