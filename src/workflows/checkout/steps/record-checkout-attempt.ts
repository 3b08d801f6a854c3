import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MONOBANK_CHECKOUT_MODULE } from "../../../modules/monobank-checkout"
import { checkoutModule } from "../../../modules/monobank-checkout/resolve"

export type CheckoutAttempt = {
  cart_id: string
  /** The record to reuse: an earlier attempt's answer was lost. */
  checkout_id?: string
  attempt: number
  /** UAH, major units. */
  amount: number
  currency_code: string
  /** The cart this attempt's bank order is made of (../utils/cart-fingerprint). */
  cart_fingerprint: string
}

export const recordCheckoutAttemptStepId = "monobank-checkout-record-attempt"

/**
 * Records the attempt BEFORE the bank is asked, linked to the cart: whatever happens next (timeout,
 * a crash, our save failing), the cart's record says how many order_refs were used, so the next
 * attempt sends a fresh one and a late callback of this one is still recognised. Nothing to undo:
 * whether the bank made the order is not known.
 */
export const recordCheckoutAttemptStep = createStep(recordCheckoutAttemptStepId, async (input: CheckoutAttempt, { container }) => {
  const service = checkoutModule(container)
  if (input.checkout_id) {
    await service.updateMonobankCheckoutOrders({
      id: input.checkout_id,
      attempt: input.attempt,
      amount: input.amount,
      cart_fingerprint: input.cart_fingerprint,
      checkout_order_id: null,
      redirect_url: null,
    })
    return new StepResponse({ id: input.checkout_id })
  }
  const created = await service.createMonobankCheckoutOrders({
    cart_id: input.cart_id,
    attempt: input.attempt,
    amount: input.amount,
    currency_code: input.currency_code,
    cart_fingerprint: input.cart_fingerprint,
  })
  await container.resolve(ContainerRegistrationKeys.LINK).create({
    [MONOBANK_CHECKOUT_MODULE]: { monobank_checkout_order_id: created.id },
    [Modules.CART]: { cart_id: input.cart_id },
  })
  return new StepResponse({ id: created.id })
})
