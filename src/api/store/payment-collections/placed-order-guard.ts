/**
 * Runs before Medusa's "create payment session" store route, whatever provider is chosen: a payment
 * collection whose cart has become an order takes no new session while that order
 * - is cancelled: nothing may pay it any more (Medusa's route would start a payment, and money
 *   paid there would be held for an order that is over);
 * - was placed before the installment's approval (`placeOrderBeforeApproval`) and still waits for
 *   the bank: Medusa would delete the installment session the order rests on, and the order would
 *   stay unpaid with its stock reserved. The one decision point refuses the same deletion by any
 *   other path (utils/session-money, `endSession`).
 * Refused before Medusa changes anything.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { cancelledOrderTakesNoPayment, payAnotherWayRefused } from "../../../utils/installments/awaiting-approval-messages"
import { orderAwaitingApproval, orderOfPaymentCollection } from "../../../utils/installments/order-of-collection"

export async function refuseSessionsOnPlacedOrder(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const refusal = await refusalFor(req.scope, req.params.id)
    if (refusal) return next(new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal))
  } catch (error) {
    return next(error)
  }
  next()
}

async function refusalFor(scope: MedusaRequest["scope"], collectionId: string): Promise<string | undefined> {
  const order = await orderOfPaymentCollection(scope, collectionId)
  if (!order) return undefined
  if (order.status === "canceled") return cancelledOrderTakesNoPayment(order.id)
  const awaiting = await orderAwaitingApproval(scope, order.id)
  return awaiting ? payAnotherWayRefused(awaiting.orderId) : undefined
}
