/**
 * Refunds (`invoice/cancel`). A success invoice is refunded in full or in parts, never above what is
 * left (pending cancels count); reversed once nothing is left. Each cancel is a new refund: the
 * emulator does not deduplicate by extRef, so a client that blindly retries a cancel is caught.
 * A hold is released in full (a smaller amount is kept by finalizing it instead).
 */
import type { Clock } from "../clock"
import type { PartialRefundStatus } from "../options"
import { HttpError, badRequest } from "../http-util"
import { digits } from "../ids"
import { checkFiscalItems, keepFiscalItems, type FiscalItem } from "./fiscalization"
import type { CancelItem, CancelResult, Invoice } from "./types"

export type RefundDeps = {
  clock: Clock
  /** 0: the cancel settles at once; otherwise it answers processing and settles this much later. */
  settleDelayMs: number
  /** Invoice status once a partial refund settled (a full one is always `reversed`). */
  partialRefundStatus: () => PartialRefundStatus
  /** Stamps modifiedDate and sends the webhook. */
  changed: (invoice: Invoice) => void
  stopHoldTimer: (invoice: Invoice) => void
  /** The merchant's fiscalization switch (read per request). */
  fiscalization: () => boolean
}

export type CancelRequest = { amount?: number; extRef?: string; items?: FiscalItem[] }

export function cancelInvoice(
  deps: RefundDeps,
  invoice: Invoice,
  request: CancelRequest
): CancelResult {
  if (invoice.status === "hold") return releaseHold(deps, invoice, request)
  const refundable = invoice.status === "success" || (invoice.status === "reversed" && invoice.paid === true)
  if (!refundable) {
    // the bank answers a refused refund with HTTP 500
    throw new HttpError(500, `cancel is not available for an invoice in status ${invoice.status}`, "CANCEL_NOT_AVAILABLE")
  }
  const pending = invoice.cancelList.filter((item) => item.status === "processing")
  const remaining = (invoice.finalAmount ?? invoice.amount) - pending.reduce((sum, item) => sum + item.amount, 0)
  const amount = request.amount ?? remaining
  if (remaining <= 0) throw badRequest("invoice is already fully cancelled", "WRONG_CANCEL_AMOUNT")
  if (amount > remaining) {
    throw badRequest(`amount: ${amount} exceeds what is left to cancel (${remaining})`, "WRONG_CANCEL_AMOUNT")
  }
  const earlier = invoice.cancelList.some((cancel) => cancel.status !== "failure")
  const whole = !earlier && amount === remaining
  checkFiscalItems({ enabled: deps.fiscalization(), required: !whole, operation: "cancel", amount, items: request.items })
  const item = newCancelItem(deps.clock, invoice, amount, request.extRef)
  keepFiscalItems(invoice, { operation: "cancel", amount, extRef: request.extRef, items: request.items })
  if (deps.settleDelayMs > 0) {
    deps.clock.after(deps.settleDelayMs, `settle cancel of ${invoice.invoiceId}`, () => settle(deps, invoice, item))
  } else {
    settle(deps, invoice, item)
  }
  return resultOf(item)
}

function releaseHold(deps: RefundDeps, invoice: Invoice, request: CancelRequest): CancelResult {
  if (request.amount !== undefined && request.amount !== invoice.amount) {
    throw badRequest("a hold can only be released in full; finalize the amount to keep instead", "HOLD_INVOICE_NOT_FINALIZED")
  }
  deps.stopHoldTimer(invoice)
  const item = newCancelItem(deps.clock, invoice, invoice.amount, request.extRef)
  item.status = "success"
  invoice.status = "reversed"
  invoice.finalAmount = 0
  deps.changed(invoice)
  return resultOf(item)
}

function newCancelItem(clock: Clock, invoice: Invoice, amount: number, extRef: string | undefined): CancelItem {
  const at = clock.bankIso()
  const item: CancelItem = {
    status: "processing",
    amount,
    ccy: invoice.ccy,
    createdDate: at,
    modifiedDate: at,
    approvalCode: digits(6),
    rrn: digits(12),
  }
  if (extRef !== undefined) item.extRef = extRef
  invoice.cancelList.push(item)
  return item
}

function settle(deps: RefundDeps, invoice: Invoice, item: CancelItem): void {
  item.status = "success"
  item.modifiedDate = deps.clock.bankIso()
  invoice.finalAmount = (invoice.finalAmount ?? invoice.amount) - item.amount
  invoice.status = invoice.finalAmount === 0 ? "reversed" : deps.partialRefundStatus()
  deps.changed(invoice)
}

const resultOf = (item: CancelItem): CancelResult => ({
  status: item.status,
  createdDate: item.createdDate,
  modifiedDate: item.modifiedDate,
})
