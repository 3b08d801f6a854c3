import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutCreateOrderRequest, CheckoutCreateOrderResult } from "../../../lib/monobank"
import { checkoutModule } from "./module"

export const createBankCheckoutOrderStepId = "monobank-checkout-create-bank-order"

/**
 * Creates the order at the bank. Nothing to undo: the bank has no delete, and a repeat with the
 * same order_ref answers the same order.
 */
export const createBankCheckoutOrderStep = createStep(
  createBankCheckoutOrderStepId,
  async (request: CheckoutCreateOrderRequest, { container }) => {
    try {
      return new StepResponse<CheckoutCreateOrderResult>(await checkoutModule(container).createBankOrder(request))
    } catch (error) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `monobank could not create the checkout order for cart ${request.order_ref}: ${(error as Error).message}`
      )
    }
  }
)
