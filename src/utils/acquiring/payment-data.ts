/**
 * What the provider keeps in Medusa's payment session / payment `data`. Session data is readable
 * by the storefront, so this holds only ids, the hosted page URL and status facts: never the
 * token, card tokens or card numbers (a masked PAN at most).
 */
import { z } from "zod"
import { invoiceStatusSchema, stripUndefined, type InvoiceStatusRecord } from "../../lib/monobank"

/** One refund on the invoice as this store has booked it. */
export const refundRecordSchema = z.object({
  /** `extRef` sent to the bank: the Medusa refund id; for refunds made in the bank's cabinet, a key of ours. */
  ref: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  status: z.enum(["processing", "success", "failure"]),
  /** "medusa": we asked the bank; "bank": made in the bank's cabinet and booked afterwards. */
  source: z.enum(["medusa", "bank"]),
  /**
   * The Medusa refund that booked it when not the one that sent it: for `source: "bank"`, once
   * booked; for `source: "medusa"`, the retry that took the place of a refund whose request
   * Medusa answered with an error.
   */
  refundId: z.string().nullable().optional(),
  createdDate: z.string().optional(),
  /**
   * Sent, but monobank did not answer and did not show it (Medusa then deleted the refund): when.
   * Until monobank shows it or the bank could no longer make it, other refunds wait.
   */
  unansweredSince: z.string().optional(),
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
  /**
   * Until when the shopper can pay the hosted-page invoice: its creation plus the `validity` sent
   * (an ISO instant). The scheduled reconcile reads the session until then and 9 days longer.
   */
  validUntil: z.string().optional(),
  /** Last bank status applied here, and its `modifiedDate`: older webhooks are ignored. */
  status: invoiceStatusSchema.optional(),
  modifiedDate: z.string().optional(),
  failureReason: z.string().optional(),
  errCode: z.string().optional(),
  finalAmount: z.number().int().optional(),
  maskedPan: z.string().optional(),
  /** Set once a saved card is in the shopper's wallet. */
  cardSaved: z.boolean().optional(),
  /** Paid with card details or a wallet on the store's own page (no hosted page). */
  storePage: z.literal(true).optional(),
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
  /** Pay with card details or a wallet on the store's own page (the plugin's card-payments store routes): no hosted invoice. */
  pay_on_store_page: z.boolean().optional(),
})

/** Session input kept in `data`: the storefront's documented keys and the plugin's store middleware's basket. */
const SESSION_INPUT_KEYS: readonly string[] = ["save_card", "payment_method_id", "pay_on_store_page", "monobank_basket"]

/**
 * Keys the plugin keeps in `data` beside the invoice facts: the saved card chosen for a charge made
 * when the cart completes, the claim of a charge made without the hosted page
 * (the session's ledger row decides; see `src/utils/session-money`), and when the reconcile job last read the bank (`workflows/acquiring/reconcile-card-sessions.ts`).
 */
export const BOOKKEEPING_KEYS = ["savedCard", "savedCardCharge", "lastReconciledAt"] as const

/** Every key of `data` the provider owns: its value comes from the provider, never from the storefront. */
export const PROVIDER_KEYS: readonly string[] = [...Object.keys(monobankDataSchema.shape), ...BOOKKEEPING_KEYS]

/**
 * The `data` to hand back to Medusa, which keeps what the storefront sent under what the provider
 * returns (`{ ...input.data, ...returned }` for a new session). Every provider key and every key the
 * storefront sent is set here explicitly: the provider's value, the accepted input, or undefined
 * (not stored), so a storefront cannot plant `modifiedDate`, `refunds`, `status` or anything else.
 */
export function sessionDataFor(input: Record<string, unknown> | undefined, state: Record<string, unknown>): Record<string, unknown> {
  const cleared = Object.fromEntries([...Object.keys(input ?? {}), ...PROVIDER_KEYS].map((key) => [key, undefined]))
  const accepted = Object.fromEntries(SESSION_INPUT_KEYS.filter((key) => input?.[key] !== undefined).map((key) => [key, input![key]]))
  const owned = Object.fromEntries(PROVIDER_KEYS.map((key) => [key, state[key]]))
  return { ...cleared, ...accepted, ...owned }
}

/** Storefront keys that are neither documented input nor the provider's own (dropped, and logged). */
export function foreignInputKeys(input: Record<string, unknown> | undefined): string[] {
  const known = new Set<string>([...SESSION_INPUT_KEYS, "session_id"])
  return Object.keys(input ?? {}).filter((key) => !known.has(key))
}

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
