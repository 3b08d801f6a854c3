/**
 * A card payment's verified bank record, kept on the plugin's own row (the session payments
 * module) by the webhook that verified it, so that the authorize that follows, on any server,
 * takes the bank's own statement instead of reading the bank again. A signed webhook is the bank's
 * record at its `modifiedDate`, as good as a read made then.
 *
 * An optimization, never what correctness rests on: any miss (too old, not paid/held, older than
 * what the session stored, unreadable) means a bank read. What is kept leaves out wallet data
 * (card tokens) and everything of `paymentInfo` but what the order shows.
 */
import { invoiceStatusRecordSchema, type InvoiceStatusRecord } from "../../lib/monobank"
import { toInstant } from "./payment-data"

/** How long after it was verified a record may stand in for a bank read. */
export const VERIFIED_RECORD_TTL_MS = 60_000

/** Statuses an authorize may take from a verified record: the money is held or taken. */
const REUSABLE_STATUS = {
  created: false,
  processing: false,
  hold: true,
  success: true,
  failure: false,
  reversed: false,
  expired: false,
  unknown: false,
} as const satisfies Record<InvoiceStatusRecord["status"], boolean>

const SHOWN_PAYMENT_INFO = ["maskedPan", "paymentSystem", "paymentMethod", "approvalCode", "rrn", "tranId"] as const

/** Whether a record of this status may stand in for a bank read: the money is held or taken. */
export function isReusableStatus(status: InvoiceStatusRecord["status"]): boolean {
  return REUSABLE_STATUS[status]
}

/** A webhook body read as an invoice record, or undefined (not JSON, not a record); trusted only once its signature verified. */
export function parseInvoiceRecord(raw: Buffer): InvoiceStatusRecord | undefined {
  try {
    const parsed = invoiceStatusRecordSchema.safeParse(JSON.parse(raw.toString("utf8")))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** What of a record the row keeps, and its modifiedDate to compare newer with older. */
export function storableRecord(record: InvoiceStatusRecord): { record: Record<string, unknown>; modifiedAt: Date | undefined } {
  const { walletData: _wallet, tipsInfo: _tips, paymentInfo, ...rest } = record
  const shownInfo = paymentInfo ? Object.fromEntries(SHOWN_PAYMENT_INFO.filter((key) => paymentInfo[key] !== undefined).map((key) => [key, paymentInfo[key]])) : undefined
  const modified = toInstant(record.modifiedDate)
  return { record: { ...rest, ...(shownInfo ? { paymentInfo: shownInfo } : {}) }, modifiedAt: modified === undefined ? undefined : new Date(modified) }
}

export type KeptRecord = { bank_record: Record<string, unknown> | null; bank_record_at: Date | string | null }

/**
 * The record an authorize of invoice `invoiceId` may take instead of a bank read, or undefined:
 * that invoice's, paid or held, verified within `ttlMs` of `now` and not older than what the
 * session already stored (`storedModifiedDate`).
 */
export function reusableRecord(
  kept: KeptRecord,
  invoiceId: string,
  storedModifiedDate: string | undefined,
  now: number,
  ttlMs = VERIFIED_RECORD_TTL_MS
): InvoiceStatusRecord | undefined {
  if (!kept.bank_record || !kept.bank_record_at) return undefined
  if (now - new Date(kept.bank_record_at).getTime() > ttlMs) return undefined
  const parsed = invoiceStatusRecordSchema.safeParse(kept.bank_record)
  if (!parsed.success || parsed.data.invoiceId !== invoiceId || !REUSABLE_STATUS[parsed.data.status]) return undefined
  const stored = toInstant(storedModifiedDate)
  const incoming = toInstant(parsed.data.modifiedDate)
  if (stored !== undefined && (incoming === undefined || incoming < stored)) return undefined
  return parsed.data
}
