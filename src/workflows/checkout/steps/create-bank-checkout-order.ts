import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutCreateOrderRequest, CheckoutCreateOrderResult } from "../../../lib/monobank"
import { checkoutModule, checkoutOptionsNow } from "../../../modules/monobank-checkout/resolve"

export const createBankCheckoutOrderStepId = "monobank-checkout-create-bank-order"

/**
 * Creates the order at the bank. Never repeated blindly (the client retries it only when the
 * request provably never left): the bank refuses a repeated order_ref, so the next attempt sends a
 * fresh one. Nothing to undo: the bank has no delete.
 */
export const createBankCheckoutOrderStep = createStep(
  createBankCheckoutOrderStepId,
  async (request: CheckoutCreateOrderRequest, { container }) => {
    try {
      return new StepResponse<CheckoutCreateOrderResult>(await checkoutModule(container).createBankOrder(await checkoutOptionsNow(container), request))
    } catch (error) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `monobank could not create the checkout order for cart ${request.order_ref}: ${(error as Error).message}`
      )
    }
  }
)
