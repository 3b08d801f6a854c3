/**
 * What an order still owes, as a payment link must charge it: Medusa's pending difference (its
 * total less what was captured, plus what was refunded) less what live payments hold and have not
 * captured yet (a held card is not owed twice). Read from Medusa's tables only, in minor units.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"
import { toBankMinorUnits, type MinorUnits } from "../../utils/medusa-money"
import { providerKindOf } from "../../utils/provider-ids"

type Amount = number | string | Record<string, unknown>

export type BalanceSession = {
  id: string
  provider_id: string
  status: string
  amount: Amount
  data: Record<string, unknown> | null
  context: Record<string, unknown> | null
  created_at: string | Date
}

export type BalanceCollection = {
  id: string
  status: string
  amount: Amount
  payment_sessions: BalanceSession[]
  payments: { id: string; amount: Amount; canceled_at: string | Date | null; payment_session_id?: string | null; captures?: { amount: Amount }[] }[]
}

export type OrderBalance = {
  order: { id: string; display_id: number | null; email: string | null; currency_code: string; status: string }
  /** What a link must charge now, in minor units (0 or less: nothing is owed). */
  dueMinor: MinorUnits
  collections: BalanceCollection[]
  /** The monobank card providers enabled in the order's region: the ones a link can be made with. */
  linkProviders: string[]
}

/** Collections Medusa keeps open for what an order owes. */
export const OPEN_COLLECTION_STATUSES = ["not_paid", "awaiting"]

const FIELDS = [
  "id",
  "display_id",
  "email",
  "status",
  "currency_code",
  "summary.*",
  "region.payment_providers.id",
  "region.payment_providers.is_enabled",
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.payments.id",
  "payment_collections.payments.amount",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.payment_session_id",
  "payment_collections.payments.captures.amount",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.amount",
  "payment_collections.payment_sessions.data",
  "payment_collections.payment_sessions.context",
  "payment_collections.payment_sessions.created_at",
]

export async function orderBalance(container: MedusaContainer, orderId: string): Promise<OrderBalance> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: FIELDS, filters: { id: orderId } })
  const order = data[0] as any
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  const currency: string = order.currency_code
  const minor = (amount: unknown, field: string) => toBankMinorUnits((amount ?? 0) as never, currency, { field, allowNegative: true })
  const collections: BalanceCollection[] = (order.payment_collections ?? []).filter(Boolean)
  const heldNotCaptured = collections
    .filter((collection) => collection.status !== "canceled")
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => !payment.canceled_at)
    .reduce((sum, payment) => {
      const captured = (payment.captures ?? []).reduce((c, capture) => MathBN.add(c, capture.amount as never), MathBN.convert(0))
      return sum + Math.max(0, minor(MathBN.sub(payment.amount as never, captured), "payment amount"))
    }, 0)
  const pending = order.summary?.raw_pending_difference ?? order.summary?.pending_difference ?? 0
  return {
    order: { id: order.id, display_id: order.display_id ?? null, email: order.email ?? null, currency_code: currency, status: order.status },
    dueMinor: minor(pending, "pending difference") - heldNotCaptured,
    collections,
    linkProviders: (order.region?.payment_providers ?? [])
      .filter((provider: { id: string; is_enabled?: boolean }) => provider && provider.is_enabled !== false && providerKindOf(provider.id) === "card")
      .map((provider: { id: string }) => provider.id)
      .sort(),
  }
}
