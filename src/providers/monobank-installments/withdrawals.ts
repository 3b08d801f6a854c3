/**
 * Installment orders the store meant to take back and could not at once: the session was
 * discarded (or failed to start) while the bank refused the rejection, could not be reached, or
 * the shopper had already approved the order. Left alone, the shopper would pay instalments for
 * goods no Medusa order knows of. Each such order is remembered in the `monobank-withdrawals`
 * module and taken back by the scheduled reconcile once its session is gone and no Medusa payment
 * rests on it: rejected while it waits, its money returned in full once the bank took it.
 */
import type { OrderStateInfo } from "../../lib/monobank"
import { isOutcomeUnknown } from "../../lib/monobank"
import { MONOBANK_WITHDRAWALS_MODULE, type MonobankWithdrawalsModuleService, type OpenWithdrawal, type WithdrawalOutcome } from "../../modules/monobank-withdrawals"
import { toHryvnia, toKopecks } from "../../utils/installments/amounts"
import { formatBankAmount } from "../../utils/medusa-money"
import { sessionOfOrder } from "../../utils/installments/order-session"
import { paymentStateOfSession, type PaymentReads } from "../../utils/medusa-payments"
import type { InstallmentsDeps } from "./deps"

export type WithdrawalsStore = Pick<
  MonobankWithdrawalsModuleService,
  "rememberWithdrawal" | "listOpenWithdrawals" | "settleWithdrawal" | "noteFailedAttempt"
>

export type Unwithdrawn = { orderId: string; storeOrderId: string; info?: OrderStateInfo; reason: string }

/** Remembers `order` for the reconcile to take back, unless the bank already failed it. */
export async function rememberUnwithdrawn(
  { options, logger }: Pick<InstallmentsDeps, "options" | "logger">,
  order: Unwithdrawn,
  withdrawals: WithdrawalsStore | undefined
): Promise<void> {
  const { orderId, storeOrderId, info, reason } = order
  if (info?.state === "FAIL") return
  const where = info ? `${info.state}/${info.order_sub_state}` : "in an unknown state (the bank did not answer)"
  const failure = `monobank installments: order ${orderId} (session ${storeOrderId}) is ${where} though ${reason}`
  if (!withdrawals) {
    logger.error(`${failure}, and this store has no monobank-withdrawals module to take it back later: reject or return it in the monobank cabinet`)
    return
  }
  try {
    await withdrawals.rememberWithdrawal({ order_id: orderId, store_order_id: storeOrderId, store_id: options.storeId, reason })
    logger.warn(`${failure}; the scheduled reconcile takes it back once no Medusa payment can rest on it`)
  } catch (error) {
    logger.error(`${failure}, and it could not be remembered (${(error as Error).message}): reject or return it in the monobank cabinet`)
  }
}

export type TakeBackResult =
  | { kind: WithdrawalOutcome | "not_this_sessions"; detail: string }
  | { kind: "unknown_payment" | "waiting" }

type TakeBackInput = {
  withdrawal: OpenWithdrawal
  paymentModule: Pick<PaymentReads, "listPayments" | "listPaymentSessions">
}

/** Call under the order's lock (the one refunds take), so no refund or second run interleaves. */
export async function takeBack({ client, orders, logger }: InstallmentsDeps, { withdrawal, paymentModule }: TakeBackInput): Promise<TakeBackResult> {
  const { order_id: orderId, store_order_id: sessionId } = withdrawal
  // A session Medusa still keeps may yet become an order: its own flow (webhook, reconcile) decides.
  const [session] = await paymentModule.listPaymentSessions({ id: sessionId }, { select: ["id"] })
  if (session) return { kind: "left_to_session", detail: `Medusa still keeps session ${sessionId}` }
  const payment = await paymentStateOfSession(sessionId, paymentModule)
  if (payment === "rests") return { kind: "payment_rests_on_it", detail: `a Medusa payment of session ${sessionId} rests on it` }
  if (payment === "unknown") return { kind: "unknown_payment" }

  // Only the session the bank made the order for may take it back (the remembered one when the bank names none).
  const owner = sessionOfOrder(await client.getOrderData(orderId), sessionId)
  if (owner !== sessionId) {
    return { kind: "not_this_sessions", detail: `the bank made it for ${owner}; left as it is` }
  }
  const info = await orders.withdraw(orderId, logger)
  if (info.state === "FAIL") return { kind: "failed_at_bank", detail: `${info.state}/${info.order_sub_state}` }
  if (info.state !== "SUCCESS") return { kind: "waiting" }

  const data = await client.getOrderData(orderId)
  if (data.total_sum === undefined) throw new Error(`the bank's data of order ${orderId} has no total_sum; nothing was returned`)
  const returned = (data.reverse_list ?? []).reduce((sum, entry) => sum + toKopecks(entry.sum), 0n)
  const left = toKopecks(data.total_sum) - returned
  if (left <= 0n) return { kind: "returned", detail: `nothing left to return (${formatBankAmount(returned, "UAH")} returned)` }
  try {
    // Only what is left: a second send after a lost answer cannot return more than the bank took.
    await client.returnOrder({ order_id: orderId, sum: toHryvnia(left), store_return_id: `withdrawn-${orderId}`, return_money_to_card: true })
  } catch (error) {
    if (isOutcomeUnknown(error)) return { kind: "waiting" }
    throw error
  }
  return { kind: "returned", detail: `${formatBankAmount(left, "UAH")} returned to the shopper's card` }
}
