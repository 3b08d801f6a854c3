import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../../lib/monobank"
import { checkoutCurrencyMismatch } from "../utils/checkout-currency"

export const checkCheckoutCurrencyStepId = "monobank-checkout-check-currency"

/**
 * Refuses to place an order from a bank record whose currency is not the cart's (see
 * ../utils/checkout-currency), before anything on the cart changes.
 */
export const checkCheckoutCurrencyStep = createStep(
  checkCheckoutCurrencyStepId,
  async (input: { cart_id: string; record: CheckoutOrderRecord }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: carts } = await query.graph({ entity: "cart", fields: ["id", "currency_code"], filters: { id: input.cart_id } })
    const mismatch = checkoutCurrencyMismatch(input.record, carts[0] ?? { id: input.cart_id })
    if (mismatch) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, mismatch)
    return new StepResponse(undefined)
  }
)
