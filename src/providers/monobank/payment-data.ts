/**
 * What the provider keeps in Medusa's payment session / payment `data`. Session data is readable
 * by the storefront, so this holds only ids, the hosted page URL and status facts: never the
 * token, card tokens or card numbers (a masked PAN at most).
 */
import { z } from "zod"
import { invoiceStatusSchema, type InvoiceStatusRecord } from "../../lib/monobank"

/** One refund on the invoice as this store has booked it. */
export const refundRecordSchema = z.object({
  /** `extRef` sent to the bank: the Medusa refund id; for refunds made in the bank's cabinet, a key of ours. */
  ref: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  status: z.enum(["processing", "success", "failure"]),
  /** "medusa": we asked the bank; "bank": made in the bank's cabinet and booked afterwards. */
  source: z.enum(["medusa", "bank"]),
  /** For `source: "bank"`: the Medusa refund that booked it, once booked. */
  refundId: z.string().nullable().optional(),
  createdDate: z.string().optional(),
})

export const monobankDataSchema = z.looseObject({
  invoiceId: z.string(),
  /** Where to send the shopper: the hosted payment page, or the 3-D Secure page of a saved-card payment. */
  pageUrl: z.string().optional(),
  reference: z.string().optional(),
  /** Minor units and ISO 4217 numeric currency of the invoice. */
  amount: z.number().int(),
  ccy: z.number().int(),
  paymentType: z.enum(["debit", "hold"]),
  /** Last bank status applied here, and its `modifiedDate`: older webhooks are ignored. */
  status: invoiceStatusSchema.optional(),
  modifiedDate: z.string().optional(),
  failureReason: z.string().optional(),
  errCode: z.string().optional(),
  finalAmount: z.number().int().optional(),
  maskedPan: z.string().optional(),
  /** Set once a saved card is in the shopper's wallet. */
  cardSaved: z.boolean().optional(),
  refunds: z.array(refundRecordSchema).optional(),
})

export type RefundRecord = z.infer<typeof refundRecordSchema>
export type MonobankData = z.infer<typeof monobankDataSchema>

/** Reads provider data; undefined when the session has no invoice (yet). */
export function readMonobankData(data: unknown): MonobankData | undefined {
  const result = monobankDataSchema.safeParse(data ?? {})
  return result.success ? result.data : undefined
}

/** Input keys the storefront may send in `data` when it starts a session. */
export const sessionInputSchema = z.looseObject({
  /** Save the card to the customer's wallet with this payment. */
  save_card: z.boolean().optional(),
  /** Pay with a saved card: an id from `listPaymentMethods`. */
  payment_method_id: z.string().min(1).optional(),
})

/** ISO datetimes from the bank compare as instants; undefined when unknown. */
export function toInstant(date: string | undefined): number | undefined {
  if (!date) return undefined
  const value = Date.parse(date)
  return Number.isNaN(value) ? undefined : value
}

/** The facts of a bank status record worth keeping in `data` (no card token, no wallet data). */
export function statusFacts(record: InvoiceStatusRecord): Partial<MonobankData> {
  return stripUndefined({
    status: record.status === "unknown" ? undefined : record.status,
    modifiedDate: record.modifiedDate,
    failureReason: record.failureReason,
    errCode: record.errCode,
    finalAmount: record.finalAmount,
    maskedPan: record.paymentInfo?.maskedPan,
    cardSaved: record.walletData ? record.walletData.status === "created" : undefined,
  })
}

/** Merges a bank status into stored data unless the stored one is newer. */
export function applyStatus(data: MonobankData, record: InvoiceStatusRecord): MonobankData {
  const stored = toInstant(data.modifiedDate)
  const incoming = toInstant(record.modifiedDate)
  if (stored !== undefined && incoming !== undefined && incoming < stored) return data
  // A status we cannot read changes nothing: the next read decides.
  if (record.status === "unknown") return data
  const next: MonobankData = { ...data, ...statusFacts(record) }
  if (record.status !== "failure") {
    delete next.failureReason
    delete next.errCode
  }
  return next
}

export function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
