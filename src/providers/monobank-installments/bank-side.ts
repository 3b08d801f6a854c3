/**
 * The installments side of the money decisions (src/utils/session-money): where an installment
 * order's money stands, and how it is taken back. Nothing is done to an order unless the bank's own
 * `store_order_id` for it (from `order/data`) is the session that claims it: a session planted with
 * another purchase's `order_id` can never reject or return that purchase.
 */
import { isOutcomeUnknown, type OrderData, type OrderStateInfo } from "../../lib/monobank"
import type { BankSide } from "../../utils/session-money/session-money"
import type { BankStanding } from "../../utils/session-money/settlement"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import { toHryvnia, toKopecks } from "../../utils/installments/amounts"
import { formatBankAmount } from "../../utils/medusa-money"
import { sessionOfOrder } from "../../utils/installments/order-session"
import type { InstallmentsDeps } from "./deps"

/** Where an order's money stands, by its state (sub-states only where the state does not say). */
function standingOf(info: OrderStateInfo, data: OrderData): BankStanding {
  switch (info.state) {
    case "IN_PROCESS":
      return info.order_sub_state === "WAITING_FOR_STORE_CONFIRM"
        ? { kind: "held", amountMinor: Number(toKopecks(data.total_sum ?? 0)) }
        : { kind: "payable" }
    case "SUCCESS":
      return { kind: "taken", leftMinor: Number(leftToReturn(data)) }
    case "FAIL":
      return { kind: "over" }
    default:
      return { kind: "unknown", why: `monobank reports order state ${String(info.state)} this plugin does not know` }
  }
}

/** Kopecks the bank took and has not returned yet. */
export function leftToReturn(data: OrderData): bigint {
  const returned = (data.reverse_list ?? []).reduce((sum, entry) => sum + toKopecks(entry.sum), 0n)
  return data.total_sum === undefined ? 0n : toKopecks(data.total_sum) - returned
}

/**
 * The order is the session's: the bank says so (`store_order_id`), whatever any session data
 * claims; where the bank's record names no session, only `recordedFor` (the session our ledger
 * row made the order for) can stand in.
 */
export async function provenOrderData(deps: InstallmentsDeps, orderId: string, sessionId: string, recordedFor?: string): Promise<OrderData | undefined> {
  const data = await deps.client.getOrderData(orderId)
  const owner = sessionOfOrder(data, recordedFor)
  if (owner !== sessionId) {
    deps.logger.error(`monobank installments: order ${orderId} belongs to ${owner ?? "no session"} at the bank, not to session ${sessionId}; left as it is`)
    return undefined
  }
  return data
}

/** The deps of the store an order was made under (its row's `bank_store_id`). */
export type DepsUnderStore = (storeId: string | null) => Promise<InstallmentsDeps>

export function installmentsBankSide(depsUnder: DepsUnderStore): BankSide {
  return {
    async standing(row: SessionPaymentRow) {
      const deps = await depsUnder(row.bank_store_id)
      const data = await provenOrderData(deps, row.bank_id!, row.session_id, row.session_id)
      if (!data) return { kind: "unknown", why: "the bank's order is not this session's" }
      return standingOf(await deps.client.getOrderState(row.bank_id!), data)
    },
    async release(row: SessionPaymentRow) {
      const deps = await depsUnder(row.bank_store_id)
      const info = await deps.orders.withdraw(row.bank_id!, deps.logger)
      if (info.state !== "FAIL") throw new Error(`order ${row.bank_id} is still ${info.state}/${info.order_sub_state} after withdrawing it`)
    },
    async giveBack(row: SessionPaymentRow, leftMinor: number) {
      const deps = await depsUnder(row.bank_store_id)
      const orderId = row.bank_id!
      const storeReturnId = `withdrawn-${orderId}`
      try {
        // Only what is left: a second send after a lost answer cannot return more than the bank took.
        await deps.client.returnOrder({ order_id: orderId, sum: toHryvnia(BigInt(leftMinor)), store_return_id: storeReturnId, return_money_to_card: true })
      } catch (error) {
        if (!isOutcomeUnknown(error)) throw error
        const after = await deps.client.getOrderData(orderId)
        if (leftToReturn(after) > 0n) throw error
      }
      deps.logger.warn(
        `monobank installments: order ${orderId} of payment session ${row.session_id} was paid but no order rests on it; returned ${formatBankAmount(leftMinor, "UAH")} to the shopper's card`
      )
    },
  }
}
