/**
 * Installment sessions the bank approved (Medusa's session `authorized`) that have no Medusa
 * payment, whose installment order the plugin's ledger still holds unsettled: a cart completion that
 * failed after the shopper approved (the last unit sold meanwhile). The pending-session reconcile
 * never lists them again (they are not pending), so they are read here, oldest first, straight from
 * the payment module's tables and the plugin's ledger in one read-only query.
 */
import type { SqlConnection } from "../../../utils/due-sessions-query"

export type ApprovedWithoutOrder = {
  session_id: string
  provider_id: string
  payment_collection_id: string
  /** The ledger row's bank order and when it was made (the shopper has 15 minutes to approve). */
  bank_id: string
  amount_minor: number
  ordered_at: Date
}

export async function approvedWithoutOrder(
  connection: SqlConnection,
  { providerIds, since, limit }: { providerIds: readonly string[]; since: Date; limit: number }
): Promise<ApprovedWithoutOrder[]> {
  if (!providerIds.length || limit <= 0) return []
  const { rows } = await connection.raw(
    `select p.session_id, s.provider_id, s.payment_collection_id, p.bank_id, p.amount_minor, p.created_at
     from "monobank_session_payment" p
     join payment_session s on s.id = p.session_id and s.deleted_at is null
     where p.deleted_at is null and p.kind = 'installment_order' and p.bank_id is not null
       and p.settled_at is null and p.session_ended_at is null and p.created_at >= ?
       and s.provider_id = any(?::text[]) and s.status = 'authorized'
       and not exists (select 1 from payment m where m.payment_session_id = s.id and m.deleted_at is null and m.canceled_at is null)
     order by p.created_at, p.id
     limit ?::integer`,
    [since, [...providerIds], limit]
  )
  return rows.map((row) => ({
    session_id: row.session_id as string,
    provider_id: row.provider_id as string,
    payment_collection_id: row.payment_collection_id as string,
    bank_id: row.bank_id as string,
    amount_minor: Number(row.amount_minor),
    ordered_at: new Date(row.created_at as string),
  }))
}
