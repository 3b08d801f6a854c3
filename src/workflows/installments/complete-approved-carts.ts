/**
 * Installment orders the shopper approved (the bank waits for the store's confirmation) whose cart
 * could not become an order: the last unit sold meanwhile, or the cart changed. Medusa's session is
 * then `authorized` with no payment, so the pending-session reconcile no longer reads it, and the
 * shopper's money would stay with the bank order. Each run (./utils/approved-without-order-query):
 *
 * - completes the cart again with Medusa's completeCartWorkflow (which takes the cart's lock);
 * - while that fails for COMPLETION_RETRY_MS after the bank order was made, tries again next run
 *   (stock can come back);
 * - then, or at once when the cart's total no longer matches the bank order, rejects the bank order
 *   through SessionMoney (holding the cart's lock, then the session's, and reading Medusa's tables
 *   right before: never an order a Medusa order or payment rests on) and tells the store owner
 *   (needs attention, kind `session_payment`).
 */
import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { toKopecks } from "../../utils/installments/amounts"
import { formatBankAmount } from "../../utils/medusa-money"
import { cartAndOrderOfSession, messageOf } from "../../utils/session-reconcile"
import { sessionMoneyFor, type SessionMoney } from "../../utils/session-money"
import { ledgerOf } from "../../utils/session-money/ledger"
import type { BankSidesOf } from "../session-money/settle-session-payments"
import { orderIdOfCart } from "./steps/complete-installment-cart"
import { INSTALLMENTS_PROVIDER_PREFIX } from "./utils/constants"
import { approvedWithoutOrder, type ApprovedWithoutOrder } from "./utils/approved-without-order-query"

/** The shopper answers within 15 minutes of the order; the cart is then retried for half an hour. */
export const COMPLETION_RETRY_MS = 45 * 60_000
/** Approvals looked at per run (each may complete a cart). */
export const APPROVALS_PER_RUN = 20
/** Older approvals are left to the store owner (the bank's cabinet). */
const LOOK_BACK_MS = 30 * 24 * 60 * 60_000
/** Longest wait for a completion of the same cart in progress; then the next run looks again. */
const CART_LOCK_TIMEOUT_S = 30

type Outcome = "completed" | "retrying" | "rejected" | "waiting"
export type ApprovedCartsSummary = Record<Outcome | "checked" | "failed", number>

export async function completeApprovedInstallmentCarts(
  container: MedusaContainer,
  sidesOf: BankSidesOf,
  { now = new Date(), limit = APPROVALS_PER_RUN }: { now?: Date; limit?: number } = {}
): Promise<ApprovedCartsSummary> {
  const summary: ApprovedCartsSummary = { checked: 0, completed: 0, retrying: 0, rejected: 0, waiting: 0, failed: 0 }
  if (!ledgerOf(container) || !container.hasRegistration(Modules.LOCKING)) return summary
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const providers = await container.resolve<IPaymentModuleService>(Modules.PAYMENT).listPaymentProviders({}, { select: ["id"] })
  const providerIds = providers.map((p) => p.id).filter((id) => id.startsWith(INSTALLMENTS_PROVIDER_PREFIX))
  const approvals = await approvedWithoutOrder(container.resolve(ContainerRegistrationKeys.PG_CONNECTION), {
    providerIds,
    since: new Date(now.getTime() - LOOK_BACK_MS),
    limit,
  })
  const money = sessionMoneyFor(container, logger, () => now)
  for (const approval of approvals) {
    summary.checked++
    try {
      summary[await settleApproval(container, money, sidesOf, approval, now)]++
    } catch (error) {
      summary.failed++
      logger.warn(`monobank installments: approved order ${approval.bank_id} (session ${approval.session_id}) could not be settled yet: ${messageOf(error)}`)
    }
  }
  return summary
}

async function settleApproval(
  container: MedusaContainer,
  money: SessionMoney,
  sidesOf: BankSidesOf,
  approval: ApprovedWithoutOrder,
  now: Date
): Promise<Outcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { cart_id: cartId, medusa_order_id } = await cartAndOrderOfSession(container, approval.payment_collection_id)
  if (!cartId) return "waiting"
  if (medusa_order_id) return "completed"
  const changed = await cartChange(container, cartId, approval)
  const why = changed ?? (await completionFailure(container, cartId))
  const what = `installment order ${approval.bank_id} (session ${approval.session_id})`
  if (!why) {
    logger.info(`monobank installments: cart ${cartId} became an order on retry; ${what} is kept for it`)
    return "completed"
  }
  if (!changed && now.getTime() < approval.ordered_at.getTime() + COMPLETION_RETRY_MS) {
    logger.warn(`monobank installments: the shopper approved ${what}, but cart ${cartId} could not become an order yet (${why}); tried again next run`)
    return "retrying"
  }
  const attention = `The shopper approved ${what}, but cart ${cartId} could not become an order: ${why}; the installment order was rejected, the shopper's money goes back.`
  const sides = await sidesOf(approval.provider_id, money.ledger)
  // Medusa's own completion takes the cart's lock first: none runs while this is decided.
  const settled = await container.resolve(Modules.LOCKING).execute(
    cartId,
    () =>
      money.releaseUnorderable(approval.session_id, sides, {
        ordered: async () => Boolean(await orderIdOfCart(container, cartId)) || (await collectionOrdered(container, approval.payment_collection_id)),
        attention: () => attention,
      }),
    { timeout: CART_LOCK_TIMEOUT_S }
  )
  if (!settled.some(({ decision }) => decision.kind === "release")) return "waiting"
  logger.error(`monobank installments: ${attention}`)
  await showRejection(container, approval.session_id)
  return "rejected"
}

async function collectionOrdered(container: MedusaContainer, paymentCollectionId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_payment_collection", fields: ["order_id"], filters: { payment_collection_id: paymentCollectionId } })
  return data.length > 0
}

/** Why the cart can no longer be completed for this order, when its total changed; else undefined. */
async function cartChange(container: MedusaContainer, cartId: string, approval: ApprovedWithoutOrder): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "total"], filters: { id: cartId } })
  const total = (data[0] as { total?: number } | undefined)?.total
  if (total === undefined || total === null) return "the cart is gone"
  const kopecks = toKopecks(total)
  if (kopecks === BigInt(approval.amount_minor)) return undefined
  return `the cart changed (its total is ${formatBankAmount(kopecks, "UAH")}, the installment order was made for ${formatBankAmount(approval.amount_minor, "UAH")})`
}

/** Completes the cart as Medusa's checkout does; the reason when no order came of it. */
async function completionFailure(container: MedusaContainer, cartId: string): Promise<string | undefined> {
  try {
    await completeCartWorkflow(container).run({ input: { id: cartId } })
  } catch (error) {
    return messageOf(error)
  }
  return (await orderIdOfCart(container, cartId)) ? undefined : "Medusa made no order of it"
}

/** The storefront reads the session's stored state: it now shows the rejection, not the approval. */
async function showRejection(container: MedusaContainer, sessionId: string): Promise<void> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  try {
    const [session] = await payments.listPaymentSessions({ id: sessionId }, { select: ["id", "amount", "raw_amount", "currency_code", "data", "metadata"] })
    if (!session) return
    const amount = ((session as { raw_amount?: unknown }).raw_amount ?? session.amount) as number
    await payments.updatePaymentSession({ id: session.id, amount, currency_code: session.currency_code, data: session.data ?? {}, metadata: session.metadata ?? undefined })
  } catch (error) {
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`monobank installments: session ${sessionId} still shows the approval: ${messageOf(error)}`)
  }
}
