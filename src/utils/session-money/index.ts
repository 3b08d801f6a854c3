/**
 * The one place that decides money per payment session (see ./session-money), and how a provider,
 * workflow or job reaches it through the container it was handed.
 */
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { collectionAwaitingApproval, orderOfPaymentCollection } from "../installments/order-of-collection"
import { lockingModuleOf, optionalFromCradle, type ModuleScope } from "../module-container"
import { ledgerOf } from "./ledger"
import type { CollectionOrdered, SessionPaymentModule } from "./medusa-sessions"
import { giveBackMedusaPayment, type GiveBackPayments } from "./medusa-give-back"
import { SessionMoney } from "./session-money"

export { SessionMoney, SESSION_ENDED_MESSAGE, type BankSide, type BankSides, type SettledRow } from "./session-money"
export { withSessionLock, sessionLockKey } from "./session-lock"

/**
 * The money decisions of the running application: the plugin's ledger, Medusa's payment module and
 * locking. A money path refuses to run without them rather than run unproven or unlocked.
 */
export function sessionMoneyFor(cradle: ModuleScope, logger: Pick<Logger, "info" | "warn" | "error">, now?: () => Date): SessionMoney {
  const ledger = ledgerOf(cradle)
  const payments = optionalFromCradle<SessionPaymentModule>(cradle, Modules.PAYMENT)
  if (!ledger || !payments) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "monobank: the plugin's module monobank-session-payments (or Medusa's payment module) is not available; add the plugin to `plugins` in medusa-config, list MONOBANK_PAYMENT_DEPENDENCIES in the payment module's `dependencies`, and run `npx medusa db:migrate`"
    )
  }
  return new SessionMoney({
    ledger,
    payments,
    locking: lockingModuleOf(cradle, "payments are not decided without it"),
    logger,
    collectionOrdered: collectionOrderedIn(cradle),
    orderRestingOn: async (sessionId) => {
      const [session] = await payments.listPaymentSessions({ id: sessionId }, { select: ["id", "status", "payment_collection_id"] })
      if (session?.status !== PaymentSessionStatus.PENDING_AUTHORIZATION) return undefined
      const awaiting = await collectionAwaitingApproval(cradle, session.payment_collection_id)
      return awaiting?.sessionIds.includes(sessionId) ? awaiting.orderId : undefined
    },
    undoSessionPayment: async (sessionId, note) => {
      const [payment] = (await payments.listPayments({ payment_session_id: sessionId }, { select: ["id", "canceled_at"] })).filter((p) => !p.canceled_at)
      if (!payment) throw new Error(`no live Medusa payment on session ${sessionId}`)
      return giveBackMedusaPayment(payments as unknown as GiveBackPayments, payment.id, note)
    },
    now,
  })
}

/**
 * Whether an order that is not cancelled holds the collection, read through Medusa's query (its
 * links). A cancelled order holds no money: a payment Medusa recorded on it after its cancellation
 * read the order's payments (an approval racing the owner's cancel) rests on nothing.
 */
function collectionOrderedIn(cradle: ModuleScope): CollectionOrdered | undefined {
  if (!optionalFromCradle(cradle, ContainerRegistrationKeys.QUERY)) return undefined
  return async (paymentCollectionId) => {
    const order = await orderOfPaymentCollection(cradle, paymentCollectionId)
    return Boolean(order && order.status !== "canceled")
  }
}
