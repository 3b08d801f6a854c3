/**
 * Runs before Medusa's "create payment session" store route, whatever provider is chosen: a payment
 * collection whose cart has become an order takes no new session while that order
 * - is cancelled: nothing may pay it any more (Medusa's route would start a payment, and money
 *   paid there would be held for an order that is over);
 * - has its money on this collection (a payment not canceled): a second payment would be booked
 *   beside the first, the order paid twice (what it owes after an edit is paid by a payment link,
 *   made by the owner, not through this route);
 * - was placed before the installment's approval (`placeOrderBeforeApproval`) and still waits for
 *   the bank: Medusa would delete the installment session the order rests on, and the order would
 *   stay unpaid with its stock reserved. The one decision point refuses the same deletion by any
 *   other path (utils/session-money, `endSession`).
 * Refused before Medusa changes anything.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { cancelledOrderTakesNoPayment, paidOrderTakesNoOtherPayment, payAnotherWayRefused } from "../../../utils/installments/awaiting-approval-messages"
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
  if (await holdsLivePayment(scope, collectionId)) return paidOrderTakesNoOtherPayment(order.id)
  const awaiting = await orderAwaitingApproval(scope, order.id)
  return awaiting ? payAnotherWayRefused(awaiting.orderId) : undefined
}

/** A payment of the collection that is not canceled: the order's money (authorized or captured) rests on it. */
async function holdsLivePayment(scope: MedusaRequest["scope"], collectionId: string): Promise<boolean> {
  const payments = await scope.resolve<IPaymentModuleService>(Modules.PAYMENT).listPayments({ payment_collection_id: collectionId } as never, { select: ["id", "canceled_at"] })
  return payments.some((payment) => !payment.canceled_at)
}
