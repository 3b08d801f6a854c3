/**
 * Which payment session an installment order is for. The bank's `order/data` names it
 * (`store_order_id`), but its OpenAPI requires no field there: when the bank's record lacks it,
 * the session our own records made the order for (a ledger row, a remembered withdrawal) stands
 * in. A session the bank does name always wins, so a session claiming another purchase's order can
 * never act on it.
 */
import type { OrderData } from "../../lib/monobank"

export function sessionOfOrder(data: Pick<OrderData, "store_order_id">, recordedSessionId?: string): string | undefined {
  return data.store_order_id ?? recordedSessionId
}
