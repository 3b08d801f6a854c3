/**
 * How monobank invoice statuses read in Medusa: as a payment session status and as a webhook
 * action, through the outcome table both payment types share (../payment-outcome). Tables, so a status added to the schema is a compile error here rather than a silent
 * default. A status the bank sends that the schema does not know reads as "unknown": pending, so
 * nothing moves until a later read shows a known status.
 */
import { PaymentActions, type PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InvoiceStatus, InvoiceStatusRead, InvoiceStatusRecord } from "../../lib/monobank"
import { inMedusa, OUTCOME_IN_MEDUSA, type PaymentOutcome } from "../payment-outcome"

/** What each invoice status means to Medusa, in the outcome vocabulary both payment types share. */
const INVOICE_OUTCOME = {
  created: "pending",
  processing: "pending",
  hold: "authorized",
  success: "captured",
  failure: "error",
  expired: "canceled",
  // By status alone: a hold released (by us or after 9 days). A reversed record is read by what is
  // left of its money (REVERSED_OUTCOME, through `invoiceOutcome`).
  reversed: "canceled",
  unknown: "pending",
} as const satisfies Record<InvoiceStatusRead, PaymentOutcome>

export const SESSION_STATUS = inMedusa("session", INVOICE_OUTCOME)

/** Per status, before refunds are looked at: `webhookAction` reads a whole record. */
export const WEBHOOK_ACTION = inMedusa("action", INVOICE_OUTCOME)

/**
 * Progress of an invoice, to spot a webhook that goes backwards (the bank does not guarantee
 * order). Final states share the top rank.
 */
export const STATUS_RANK = {
  created: 0,
  processing: 1,
  hold: 2,
  failure: 3,
  expired: 3,
  success: 3,
  reversed: 4,
  // Never ahead of what is stored: an unknown status is confirmed by reading the bank.
  unknown: -1,
} as const satisfies Record<InvoiceStatusRead, number>

/** Statuses after which no money can move any more without a new invoice. */
export const UNPAID_FINAL_STATUSES: readonly InvoiceStatus[] = ["failure", "expired"]

type AmountsRecord = Pick<InvoiceStatusRecord, "status" | "amount" | "finalAmount" | "cancelList">

/** `extRef` prefix of our hold releases: a release is a `cancel` too, but no money was ever taken. */
export const HOLD_RELEASE_PREFIX = "hold-release:"

export function isHoldRelease(item: { extRef?: string }): boolean {
  return !!item.extRef?.startsWith(HOLD_RELEASE_PREFIX)
}

function sumOf(record: Pick<InvoiceStatusRecord, "cancelList">, status: "success" | "processing"): number {
  return (record.cancelList ?? [])
    .filter((item) => item.status === status && !isHoldRelease(item))
    .reduce((sum, item) => sum + (item.amount ?? 0), 0)
}

/** Refunds the bank completed, minor units. */
export function refundedMinor(record: Pick<InvoiceStatusRecord, "cancelList">): number {
  return sumOf(record, "success")
}

/**
 * Money the bank actually took, minor units. `finalAmount` is what is left after completed refunds,
 * so those are added back; refunds still `processing` have not reduced it yet.
 */
export function capturedMinor(record: AmountsRecord): number {
  switch (record.status) {
    case "success":
      return (record.finalAmount ?? record.amount) + refundedMinor(record)
    case "reversed":
      return (record.finalAmount ?? 0) + refundedMinor(record)
    default:
      return 0
  }
}

/** What can still be refunded, minor units: not refunded yet, nor being refunded. */
export function refundableMinor(record: AmountsRecord): number {
  return Math.max(0, capturedMinor(record) - refundedMinor(record) - sumOf(record, "processing"))
}

/**
 * A `reversed` invoice by what is left of its money. The bank also reports partial refunds (and a
 * partly finalized hold) as `reversed` with `finalAmount` > 0: the merchant still holds that money,
 * so the payment stands, partly refunded (refunds are booked from `cancelList`).
 */
const REVERSED_OUTCOME = {
  /** finalAmount > 0: partly refunded, the rest is the merchant's. */
  kept: "captured",
  /** Nothing left after money was taken: refunded in full. */
  returned: "refunded",
  /** Nothing was ever taken: a released hold. */
  released: "canceled",
} as const satisfies Record<string, PaymentOutcome>

/** The invoice's outcome: a reversal after money was taken is a refund, not a released hold. */
export function invoiceOutcome(record: AmountsRecord): PaymentOutcome {
  if (record.status !== "reversed") return INVOICE_OUTCOME[record.status]
  if ((record.finalAmount ?? 0) > 0) return REVERSED_OUTCOME.kept
  return capturedMinor(record) > 0 ? REVERSED_OUTCOME.returned : REVERSED_OUTCOME.released
}

/** The session status of a whole record (`SESSION_STATUS` reads the status alone). */
export function sessionStatus(record: AmountsRecord): PaymentSessionStatus {
  return OUTCOME_IN_MEDUSA[invoiceOutcome(record)].session
}

/**
 * Webhook status -> action for Medusa's core handler, which acts only on authorized/captured; a
 * refund after capture is nothing for it (the plugin's subscriber books the refunds), and the
 * plugin's own subscriber handles failure, reversal and refunds made in the bank's cabinet.
 */
export function webhookAction(record: AmountsRecord): PaymentActions {
  return OUTCOME_IN_MEDUSA[invoiceOutcome(record)].action
}

/**
 * Stored (last applied) statuses after which Medusa already holds the capture: a debit authorized
 * as captured, or a captured payment since partly refunded.
 */
const CAPTURE_APPLIED = {
  created: false,
  processing: false,
  hold: false,
  success: true,
  failure: false,
  expired: false,
  reversed: true,
  unknown: false,
} as const satisfies Record<InvoiceStatusRead, boolean>

/**
 * The action for Medusa's core handler given the status the store applied last: "captured" for a
 * capture Medusa already holds would make it capture again (refused after a partial capture), so
 * it gets "authorized", which only completes the cart if that has not happened yet.
 */
export function coreAction(record: AmountsRecord, storedStatus: InvoiceStatusRead | undefined): PaymentActions {
  const action = webhookAction(record)
  return action === PaymentActions.SUCCESSFUL && storedStatus !== undefined && CAPTURE_APPLIED[storedStatus]
    ? PaymentActions.AUTHORIZED
    : action
}
