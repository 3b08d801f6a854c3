import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderOfPaymentCollection } from "../../../utils/installments/order-of-collection"
import type { InstallmentSessionRecord } from "./load-installment-session"

export const completeInstallmentCartStepId = "monobank-installments-complete-cart"

const ACTION_BY_STATUS: Record<string, PaymentActions | undefined> = {
  authorized: PaymentActions.AUTHORIZED,
  captured: PaymentActions.SUCCESSFUL,
}

/**
 * When the bank says the shopper confirmed but no order exists yet, or the order placed before the
 * approval has no payment yet (callback lost or not sent), does what the callback would have done:
 * Medusa's processPaymentWorkflow, which locks the cart and completes it (or authorizes the
 * session for the existing order), so it yields one order and one payment however many times it runs.
 */
export const completeInstallmentCartStep = createStep(
  completeInstallmentCartStepId,
  async (input: { session: InstallmentSessionRecord; cart_id?: string }, { container }) => {
    const action = ACTION_BY_STATUS[input.session.status]
    if (!action || !input.cart_id || input.session.payment) return new StepResponse(false)
    // An order placed before the approval (pending_authorization) still needs its payment: Medusa's
    // workflow authorizes the session for the existing order. A cancelled one never gets it.
    const order = await orderOfPaymentCollection(container, input.session.payment_collection_id)
    if (order ? order.status === "canceled" || order.paid : await orderIdOfCart(container, input.cart_id)) return new StepResponse(false)
    try {
      await processPaymentWorkflow(container).run({
        input: { action, data: { session_id: input.session.id, amount: input.session.amount } },
      })
    } catch (error) {
      // Usually a concurrent completion (the callback) holding the cart lock: the next poll sees the order.
      const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
      logger.warn(`monobank installments: could not complete cart ${input.cart_id} yet: ${(error as Error).message}`)
    }
    return new StepResponse(true)
  }
)

export async function orderIdOfCart(
  container: { resolve: (key: string) => any },
  cartId: string
): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return data[0]?.order_id
}
