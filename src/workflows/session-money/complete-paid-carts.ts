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
 * A paid session the storefront replaced (it started over, or paid the cart another way) is
 * deleted while its payment stays: Medusa completes a cart only on its current sessions. Such a
 * cart without an order is swept like the others; once the cart's order stands on other payments
 * that cover it, the replaced session's payment is given back at once, since no order can use it.
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

export type PaidCart = {
  session_id: string
  provider_id: string
  cart_id: string
  payment_id: string
  authorized_ms: number
  /** The session was replaced and the cart's order stands on other payments that cover it. */
  superseded: boolean
}
export type PaidCartsSummary = { checked: number; completed: number; waiting: number; given_back: number; failed: number }

/**
 * A live payment of the plugin's providers that no refund has touched, with its cart and its
 * session: Medusa deletes a replaced session's row outright, so the session may be gone.
 */
const LIVE_PAYMENT_OF_CART = `
     from payment p
     left join payment_session s on s.id = p.payment_session_id
     join cart_payment_collection cpc on cpc.payment_collection_id = p.payment_collection_id and cpc.deleted_at is null
     join cart c on c.id = cpc.cart_id and c.deleted_at is null
     where p.deleted_at is null and p.canceled_at is null
       and p.provider_id like 'pp_monobank%'
       and coalesce(s.authorized_at, p.created_at) <= ?
       and not exists (select 1 from refund r where r.payment_id = p.id and r.deleted_at is null)`

const HAS_ORDER = `exists (select 1 from order_cart oc where oc.cart_id = c.id and oc.deleted_at is null)`

/** The collection's other live, unrefunded payments add up to what it asks for. */
const COVERED_WITHOUT_IT = `(select coalesce(sum(o.amount), 0) from payment o
       where o.payment_collection_id = p.payment_collection_id and o.id <> p.id and o.deleted_at is null and o.canceled_at is null
         and not exists (select 1 from refund r where r.payment_id = o.id and r.deleted_at is null))
     >= (select pc.amount from payment_collection pc where pc.id = p.payment_collection_id)`

/**
 * Payments of carts with no order (their session current or replaced), and payments of replaced
 * sessions whose cart's order is paid without them.
 */
export async function paidCartsWithoutOrder(connection: SqlConnection, now: Date, limit: number): Promise<PaidCart[]> {
  const { rows } = await connection.raw(
    `select p.payment_session_id as session_id, p.provider_id, cpc.cart_id, p.id as payment_id,
            extract(epoch from coalesce(s.authorized_at, p.created_at)) * 1000 as authorized_ms,
            ${HAS_ORDER} as superseded
     ${LIVE_PAYMENT_OF_CART}
       and ((c.completed_at is null and not ${HAS_ORDER})
         or ((s.id is null or s.deleted_at is not null) and ${HAS_ORDER} and ${COVERED_WITHOUT_IT}))
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
    superseded: row.superseded === true,
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
    if (cart.superseded) {
      await giveBackCounted(container, cart, SUPERSEDED_WHY, summary)
      continue
    }
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
      await giveBackCounted(container, cart, `could not become an order for ${Math.round(COMPLETION_RETRY_WINDOW_MS / 60_000)} minutes (${messageOf(error)})`, summary)
    }
  }
  return summary
}

const SUPERSEDED_WHY = "was then paid another way: its order stands on other payments that cover it, and the replaced session's payment cannot become part of it"

async function giveBackCounted(container: MedusaContainer, cart: PaidCart, why: string, summary: PaidCartsSummary): Promise<void> {
  await giveBack(container, cart, why).then(
    () => summary.given_back++,
    (failure) => {
      summary.failed++
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .error(`monobank: the payment ${cart.payment_id} of cart ${cart.cart_id} that no order can use could not be given back: ${messageOf(failure)}`)
    }
  )
}

/**
 * Gives the money back through Medusa's payment module, so that Medusa's books show it too: a
 * captured payment is refunded in full, one only authorized is canceled (the hold released); the
 * provider acts at the bank under the session's lock. Then tells the store owner.
 */
async function giveBack(container: MedusaContainer, cart: PaidCart, why: string): Promise<void> {
  await giveBackMedusaPayment(container.resolve<IPaymentModuleService>(Modules.PAYMENT), cart.payment_id, "monobank: paid cart that could not become an order")
  const attention = `Cart ${cart.cart_id} was paid (payment session ${cart.session_id}) but ${why}; the plugin gave the shopper's money back (refunded or released in full).`
  container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`monobank: ${attention}`)
  const ledger = ledgerOf(container)
  const [row] = ledger ? (await ledger.sessionPaymentsOf(cart.session_id)).filter((candidate) => candidate.granted_at) : []
  if (ledger && row) await ledger.scheduleCheck(row.id, new Date(), attention)
}
