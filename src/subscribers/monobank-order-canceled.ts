/**
 * An order cancelled while the shopper could still pay it through the plugin: an installment
 * purchase placed before the approval (`placeOrderBeforeApproval`; cancelled by the store owner,
 * or by the plugin after the bank ended it unpaid), or a payment link for what the order owed
 * (src/workflows/payment-link). Each such session ends under its lock, so a later approval or
 * payment is refused by the provider, and the bank order or invoice is withdrawn (or what was
 * paid meanwhile given back) by the settlement (src/utils/session-money), which never touches
 * money a Medusa payment rests on. A failed bank call leaves the row due for the scheduled
 * settlement.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { bankSidesFromConfig } from "../providers/bank-sides"
import { sessionMoneyFor } from "../utils/session-money"
import { ledgerOf } from "../utils/session-money/ledger"
import { livePaymentsOfCanceledOrder, unpaidInstallmentSessions } from "../utils/installments/order-of-collection"
import { payableLinkSessions } from "../workflows/payment-link/payment-link"

export default async function monobankOrderCanceledHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const orderId = event.data?.id
  if (!orderId || !ledgerOf(container)) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { sessions: installments } = await unpaidInstallmentSessions(container, orderId)
  const sessions = [...installments, ...(await payableLinkSessions(container, orderId)), ...(await livePaymentsOfCanceledOrder(container, orderId))]
  if (!sessions.length) return
  const money = sessionMoneyFor(container, logger)
  const sidesOf = bankSidesFromConfig(container)
  for (const session of sessions) {
    try {
      const settled = await money.endSession(session.id, await sidesOf(session.provider_id, money.ledger))
      logger.info(`monobank: order ${orderId} cancelled before it was paid; session ${session.id} ended (${settled.map((s) => s.decision.kind).join(", ") || "nothing to settle"})`)
    } catch (error) {
      logger.warn(`monobank: order ${orderId} cancelled; session ${session.id} could not be settled yet (the scheduled settlement retries): ${(error as Error).message}`)
    }
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "monobank-order-canceled" },
}
