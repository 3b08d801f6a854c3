/**
 * Runs before Medusa's "create fulfillment" admin route: an order placed before the installment's
 * approval (`placeOrderBeforeApproval`) is not fulfilled while the bank may still decline it, or
 * goods would go out with no money and no way to cancel the order. Once the approval authorizes
 * its payment, the order is fulfilled as any other. A fulfilment made anyway by another path is
 * named in Needs attention if the bank then ends the installment unpaid
 * (workflows/installments/steps/cancel-unapproved-order).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { fulfilmentRefused } from "../../../utils/installments/awaiting-approval-messages"
import { orderAwaitingApproval } from "../../../utils/installments/order-of-collection"

export async function refuseFulfilmentOfAwaitingOrder(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const awaiting = await orderAwaitingApproval(req.scope, req.params.id)
    if (awaiting) return next(new MedusaError(MedusaError.Types.NOT_ALLOWED, fulfilmentRefused(awaiting.orderId)))
  } catch (error) {
    return next(error)
  }
  next()
}
