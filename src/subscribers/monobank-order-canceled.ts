/**
 * An order placed before the shopper approved the installment (`placeOrderBeforeApproval`) and
 * cancelled meanwhile (by the store owner, or by the plugin after the bank ended it unpaid): the
 * installment session ends under its lock, so a later approval is refused by the provider, and
 * the bank order is withdrawn or rejected by the settlement (src/utils/session-money), which never
 * touches money a Medusa payment rests on. A failed bank call leaves the row due for the scheduled
 * settlement.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { bankSidesFromConfig } from "../providers/bank-sides"
import { sessionMoneyFor } from "../utils/session-money"
import { ledgerOf } from "../utils/session-money/ledger"
import { unpaidInstallmentSessions } from "../utils/installments/order-of-collection"

export default async function monobankOrderCanceledHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const orderId = event.data?.id
  if (!orderId || !ledgerOf(container)) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { sessions } = await unpaidInstallmentSessions(container, orderId)
  if (!sessions.length) return
  const money = sessionMoneyFor(container, logger)
  const sidesOf = bankSidesFromConfig(container)
  for (const session of sessions) {
    try {
      const settled = await money.endSession(session.id, await sidesOf(session.provider_id, money.ledger))
      logger.info(`monobank installments: order ${orderId} cancelled before the approval; session ${session.id} ended (${settled.map((s) => s.decision.kind).join(", ") || "nothing to settle"})`)
    } catch (error) {
      logger.warn(`monobank installments: order ${orderId} cancelled; session ${session.id} could not be settled yet (the scheduled settlement retries): ${(error as Error).message}`)
    }
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "monobank-order-canceled" },
}
