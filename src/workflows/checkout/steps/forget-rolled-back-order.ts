import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { dropDeadOrderLink } from "../utils/linked-order"

export const forgetRolledBackOrderStepId = "monobank-checkout-forget-rolled-back-order"

/**
 * Runs before Medusa's cart completion and acts only when the placement is rolled back, after
 * that completion was undone (which deletes the order it made). A sync that raced this one may
 * have linked the record to that order meanwhile; the link would then point at nothing and keep
 * the record `completed` without an order. It is removed and the record reopened, so the next sync
 * places the order again.
 */
export const forgetRolledBackOrderStep = createStep(
  forgetRolledBackOrderStepId,
  async (input: { checkout_id: string }) => new StepResponse(undefined, input.checkout_id),
  async (checkoutId, { container }) => {
    if (checkoutId) await dropDeadOrderLink(container, checkoutId, "this placement was rolled back after another sync had linked its order")
  }
)
