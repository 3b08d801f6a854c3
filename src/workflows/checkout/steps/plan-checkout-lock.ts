import { randomUUID } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export type CheckoutLockPlan = {
  /** Seconds: outlives the worst bank call plus placing the order (see syncLockTtlSeconds). */
  ttl: number
  /** This run only: a run whose lock ran out cannot release the lock of the run after it. */
  owner: string
}

export const planCheckoutLockStepId = "monobank-checkout-plan-lock"

export const planCheckoutLockStep = createStep(planCheckoutLockStepId, async (_input: Record<string, never>, { container }) => {
  return new StepResponse<CheckoutLockPlan>({ ttl: checkoutModule(container).syncLockTtlSeconds(), owner: `monobank-checkout:${randomUUID()}` })
})
