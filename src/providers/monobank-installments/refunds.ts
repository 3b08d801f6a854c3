/**
 * One Medusa refund = one bank return (`POST /api/order/return`, `store_return_id` = the refund
 * id), across retries and servers: the order's returns are decided under a per-order lock from the
 * payment's return ledger reconciled with the bank's `reverse_list`. A return whose answer is lost
 * is looked for in the bank's list; when it is not there yet the refund fails, nothing more is
 * sent for the order, and the return is booked by the next refund of the same sum (the store
 * owner's retry, or the late-returns job) once the bank lists it. The store owner's retry of a
 * refund Medusa answered with an error after the bank returned the money (see
 * ../../utils/failed-refund-requests) books that return and takes the failed refund's place.
 * The refund's Medusa reason says where the money goes (../../utils/installments/return-destination):
 * a cash return only shortens the purchase at the bank; a card return is refused here, before
 * anything is sent, when the bank says it cannot pay the card.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isMonobankApiError, isOutcomeUnknown, type InstallmentsClient, type OrderStateInfo } from "../../lib/monobank"
import { failedRequestsAwaitingRetry } from "../../utils/failed-refund-requests"
import { toHryvnia, toKopecks } from "../../utils/installments/amounts"
import { formatBankAmount } from "../../utils/medusa-money"
import type { PaymentLedger } from "./payment-records"
import { CASH_RETURN_REASON, cardReturnRuledOut, RETURN_MONEY_TO_CARD } from "../../utils/installments/return-destination"
import { decideRefund, reconcileLedger, returnBookedBy, type LedgerEntry } from "../../utils/installments/return-ledger"

const MIN_RETURN_KOPECKS = 100n
/** Reads of the bank's list after a lost answer, and the pause between them. */
const LOST_ANSWER_READS = 3
const LOST_ANSWER_PAUSE_MS = 500

export type ReturnInput = {
  orderId: string
  kopecks: bigint
  refundId: string
  ledger: PaymentLedger
  now?: () => Date
}

export type ReturnResult = { info: OrderStateInfo; ledger: LedgerEntry[] }

/** Call under the order's lock. */
export async function returnForRefund(client: InstallmentsClient, input: ReturnInput): Promise<ReturnResult> {
  const { orderId, kopecks, refundId } = input
  const now = input.now ?? (() => new Date())
  if (kopecks < MIN_RETURN_KOPECKS) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `monobank accepts installment returns of at least 1 UAH; this refund is ${formatBankAmount(kopecks, "UAH")}`
    )
  }
  const sum = toHryvnia(kopecks)
  const info = await client.getOrderState(orderId)
  let ledger = reconcileLedger(input.ledger.ledger, await bankReturns(client, orderId), now())
  const decision = decideRefund(ledger, refundId, sum)
  const bookOnly = input.ledger.bookOnly
  if (bookOnly && !(decision.kind === "booked" || (decision.kind === "adopt" && decision.entry.store_return_id === bookOnly))) {
    // Another refund (the store owner's retry, or a second job run) booked it first: never send.
    await input.ledger.save(ledger)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank return ${bookOnly} of installment order ${orderId} is not waiting to be booked (already booked, or not made yet); nothing was sent`
    )
  }

  if (decision.kind === "booked") return { info, ledger }
  const retried = bookOnly ? undefined : await retryOfFailedRequest(input, ledger, sum)
  if (retried) return { info, ledger: retried }
  if (decision.kind === "adopt") {
    ledger = ledger.map((entry) => (entry === decision.entry ? { ...entry, refund_id: refundId } : entry))
    await input.ledger.save(ledger)
    return { info, ledger }
  }
  if (decision.kind === "refuse") {
    await input.ledger.save(ledger)
    throw refusal(orderId, decision.reason, decision.entries)
  }
  if (info.state !== "SUCCESS" || info.order_sub_state === "RETURNED") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      info.order_sub_state === "RETURNED"
        ? `monobank installment order ${orderId} is already returned in full; nothing is left to return`
        : `monobank installment order ${orderId} is ${info.state}/${info.order_sub_state}: money can be returned only after the order was captured (confirmed)`
    )
  }

  const destination = input.ledger.destination
  // A failed read is not the bank's refusal: the return itself is refused then, changing nothing.
  if (destination === "card" && cardReturnRuledOut(await client.checkPaid(orderId).catch(() => undefined))) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank cannot return money to the shopper's card for installment order ${orderId} now; nothing was sent. ` +
        `Give the money back in cash and refund with the reason "${CASH_RETURN_REASON.label}" (code ${CASH_RETURN_REASON.code}): the bank then shortens the purchase without paying the card`
    )
  }

  const entry: LedgerEntry = {
    store_return_id: refundId,
    sum,
    status: "sent",
    sent_at: now().toISOString(),
    ...(destination === "cash" ? { to_card: false } : {}),
  }
  const madeBefore = ledger.filter((e) => e.status === "made").length
  ledger = [...ledger, entry]
  // Written before sending: if this process dies mid-call, the return stays in doubt, not forgotten.
  await input.ledger.save(ledger)
  const settle = async (status: "made" | undefined) => {
    ledger = status
      ? ledger.map((e) => (e === entry ? { ...e, status, refund_id: refundId } : e))
      : ledger.filter((e) => e !== entry)
    await input.ledger.save(ledger)
  }
  try {
    await client.returnOrder({ order_id: orderId, sum, store_return_id: refundId, return_money_to_card: RETURN_MONEY_TO_CARD[destination] })
  } catch (error) {
    if (!isOutcomeUnknown(error)) {
      await settle(undefined)
      throw error
    }
    if (!(await appearedInBankList(client, orderId, madeBefore, kopecks))) throw inDoubtError(orderId, sum, error)
  }
  await settle("made")
  const after = await client.getOrderState(orderId).catch(() => info)
  return { info: after, ledger }
}

/**
 * The store owner's retry of a refund whose request Medusa answered with an error after the bank
 * made its return: any such refund of the payment (other refunds may have come since) whose return
 * is of exactly this sum, the oldest when several are. This refund books that return and the
 * failed refund is taken off the payment, so Medusa's workflow records the money on the order once. When the order already records the failed one, the retry is refused
 * once, saying the money went back.
 */
async function retryOfFailedRequest(input: ReturnInput, ledger: LedgerEntry[], sum: number): Promise<LedgerEntry[] | undefined> {
  const records = input.ledger
  const match = failedRequestsAwaitingRetry(records.others)
    .map((failed) => ({ failed, entry: returnBookedBy(ledger, failed.id, sum) }))
    .find(({ entry }) => !!entry)
  if (!match?.entry) return undefined
  const { failed, entry } = match
  if (await records.onOrder(failed)) {
    await records.mark(failed, { failed_request_retry_refused: true })
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank already returned ${sum} UAH of installment order ${input.orderId} for refund ${failed.id}, whose request Medusa answered with an error; it is recorded on this payment and order. Nothing was sent. If you mean to return another ${sum} UAH, ask again`
    )
  }
  await records.mark(records.current, { replaces: failed.id })
  const next = ledger.map((e) => (e === entry ? { ...e, refund_id: input.refundId } : e))
  await records.save(next)
  try {
    await records.retire(failed)
  } catch (error) {
    // The failed refund still books the return: so must the ledger.
    await records.save(ledger)
    throw error
  }
  return next
}

async function bankReturns(client: InstallmentsClient, orderId: string) {
  return (await client.getOrderData(orderId)).reverse_list ?? []
}

/** After a lost answer: does the bank list our return right after the ones already made? */
async function appearedInBankList(client: InstallmentsClient, orderId: string, madeBefore: number, kopecks: bigint) {
  for (let read = 0; read < LOST_ANSWER_READS; read++) {
    if (read > 0) await new Promise((resolve) => setTimeout(resolve, LOST_ANSWER_PAUSE_MS))
    const list = await bankReturns(client, orderId).catch(() => undefined)
    const ours = list?.[madeBefore]
    if (ours && toKopecks(ours.sum) === kopecks) return true
  }
  return false
}

function inDoubtError(orderId: string, sum: number, cause: unknown): MedusaError {
  const trace = isMonobankApiError(cause) && cause.traceId ? ` [monobank Trace-Id ${cause.traceId}]` : ""
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `monobank did not confirm the return of ${sum} UAH for installment order ${orderId}; it may still be made. ` +
      `Nothing more is sent for this order until the bank shows it; once it does, the return is booked here within minutes, without a new refund${trace}`
  )
}

function refusal(orderId: string, reason: "in_doubt" | "unbooked", entries: LedgerEntry[]): MedusaError {
  const sums = entries.map((entry) => `${entry.sum} UAH`).join(", ")
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    reason === "in_doubt"
      ? `monobank has not confirmed an earlier return (${sums}) of installment order ${orderId}; nothing was sent now. ` +
        `It is booked here once the bank lists it; until then no other return is sent for this order. ` +
        `If the business cabinet shows the bank never made it, make that return there: it is then booked here, not sent twice`
      : `monobank has made a return (${sums}) of installment order ${orderId} that no Medusa refund books yet; refund exactly that sum to book it (nothing is sent to the bank then)`
  )
}
