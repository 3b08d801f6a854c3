/**
 * Carts the bank has been paid for that did not become orders. Medusa's processPaymentWorkflow
 * (the webhook path) authorizes and captures a session, then completes its cart with
 * `continueOnPermanentFailure`: when that completion fails (the shopper's own completion was
 * running and failed, a lock timed out, the provider left the region) the payment stays,
 * authorized or captured, with no order, and nothing in Medusa looks at it again. This sweep
 * completes such carts again; a cart that still cannot become an order once the retry window is
 * over has its payment refunded (captured) or canceled (held) through Medusa's payment module (the
 * provider gives the money back at the bank under the session's lock), and is shown under Needs
 * attention.
 */
import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import type { SqlConnection } from "../../utils/due-sessions-query"
import { messageOf } from "../../utils/session-reconcile"
import { ledgerOf } from "../../utils/session-money/ledger"
import { giveBackMedusaPayment } from "../../utils/session-money/medusa-give-back"

/** A payment this young may still be on its way to an order through the flow that made it. */
export const COMPLETION_GRACE_MS = 2 * 60_000
/** How long a paid cart is completed again before its money goes back. */
export const COMPLETION_RETRY_WINDOW_MS = 30 * 60_000
/** Carts tried per run. */
export const PAID_CARTS_PER_RUN = 50

export type PaidCart = { session_id: string; provider_id: string; cart_id: string; payment_id: string; authorized_ms: number }
export type PaidCartsSummary = { checked: number; completed: number; waiting: number; given_back: number; failed: number }

/** Sessions of the plugin's providers with a live Medusa payment whose cart has no order. */
export async function paidCartsWithoutOrder(connection: SqlConnection, now: Date, limit: number): Promise<PaidCart[]> {
  const { rows } = await connection.raw(
    `select s.id as session_id, s.provider_id, cpc.cart_id, p.id as payment_id,
            extract(epoch from coalesce(s.authorized_at, p.created_at)) * 1000 as authorized_ms
     from payment_session s
     join payment p on p.payment_session_id = s.id and p.deleted_at is null and p.canceled_at is null
     join cart_payment_collection cpc on cpc.payment_collection_id = s.payment_collection_id and cpc.deleted_at is null
     join cart c on c.id = cpc.cart_id and c.deleted_at is null and c.completed_at is null
     where s.deleted_at is null
       and s.provider_id like 'pp_monobank%'
       and coalesce(s.authorized_at, p.created_at) <= ?
       and not exists (select 1 from order_cart oc where oc.cart_id = c.id and oc.deleted_at is null)
       and not exists (select 1 from refund r where r.payment_id = p.id and r.deleted_at is null)
     order by coalesce(s.authorized_at, p.created_at)
     limit ?::integer`,
    [new Date(now.getTime() - COMPLETION_GRACE_MS), limit]
  )
  return rows.map((row) => ({
    session_id: String(row.session_id),
    provider_id: String(row.provider_id),
    cart_id: String(row.cart_id),
    payment_id: String(row.payment_id),
    authorized_ms: Number(row.authorized_ms),
  }))
}

export async function completePaidCarts(
  container: MedusaContainer,
  { now = new Date(), limit = PAID_CARTS_PER_RUN }: { now?: Date; limit?: number } = {}
): Promise<PaidCartsSummary> {
  const summary: PaidCartsSummary = { checked: 0, completed: 0, waiting: 0, given_back: 0, failed: 0 }
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const connection = container.resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  for (const cart of await paidCartsWithoutOrder(connection, now, limit)) {
    summary.checked++
    try {
      await completeCartWorkflow(container).run({ input: { id: cart.cart_id } })
      summary.completed++
      logger.info(`monobank: cart ${cart.cart_id} was paid (session ${cart.session_id}) but had no order; it is an order now`)
      continue
    } catch (error) {
      if (now.getTime() - cart.authorized_ms < COMPLETION_RETRY_WINDOW_MS) {
        summary.waiting++
        logger.warn(`monobank: paid cart ${cart.cart_id} could not become an order yet (tried again later): ${messageOf(error)}`)
        continue
      }
      await giveBack(container, cart, messageOf(error)).then(
        () => summary.given_back++,
        (failure) => {
          summary.failed++
          logger.error(`monobank: the payment of cart ${cart.cart_id} that cannot become an order could not be given back: ${messageOf(failure)}`)
        }
      )
    }
  }
  return summary
}

/**
 * Gives the money back through Medusa's payment module, so that Medusa's books show it too: a
 * captured payment is refunded in full, one only authorized is canceled (the hold released); the
 * provider acts at the bank under the session's lock. Then tells the store owner.
 */
async function giveBack(container: MedusaContainer, cart: PaidCart, why: string): Promise<void> {
  await giveBackMedusaPayment(container.resolve<IPaymentModuleService>(Modules.PAYMENT), cart.payment_id, "monobank: paid cart that could not become an order")
  const attention = `Cart ${cart.cart_id} was paid (payment session ${cart.session_id}) but could not become an order for ${Math.round(COMPLETION_RETRY_WINDOW_MS / 60_000)} minutes (${why}); the plugin gave the shopper's money back (refunded or released in full).`
  container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`monobank: ${attention}`)
  const ledger = ledgerOf(container)
  const [row] = ledger ? (await ledger.sessionPaymentsOf(cart.session_id)).filter((candidate) => candidate.granted_at) : []
  if (ledger && row) await ledger.scheduleCheck(row.id, new Date(), attention)
}
