/**
 * Runs before Medusa's "create payment session" store route, whatever provider is chosen: a payment
 * collection whose order was placed before the installment's approval (`placeOrderBeforeApproval`)
 * and still waits for the bank takes no new session. Medusa would delete the installment session
 * the order rests on, and the order would stay unpaid with its stock reserved. Refused before
 * Medusa changes anything; the one decision point refuses the same deletion by any other path
 * (utils/session-money, `endSession`).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { payAnotherWayRefused } from "../../../../utils/installments/awaiting-approval-messages"
import { collectionAwaitingApproval } from "../../../../utils/installments/order-of-collection"

export async function refuseSessionsOfAwaitingOrder(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const awaiting = await collectionAwaitingApproval(req.scope, req.params.id)
    if (awaiting) return next(new MedusaError(MedusaError.Types.NOT_ALLOWED, payAnotherWayRefused(awaiting.orderId)))
  } catch (error) {
    return next(error)
  }
  next()
}
