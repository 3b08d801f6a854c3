/**
 * What the plugin notes on a Medusa refund, card refund or installment return alike: one typed
 * object under one metadata key (`monobank_refund`), with one reader and one writer. Refunds marked
 * before that key existed carry the same facts as six flat keys (`monobank_bank_refund`, ...):
 * stores already hold such rows, so the reader reads both, and the writer writes the new key only.
 */
import { z } from "zod"

/** The metadata key of the mark. */
export const REFUND_MARK_KEY = "monobank_refund"

/** A fact that does not parse is dropped, as the flat keys were read: the rest of the mark stays. */
const fact = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

export const refundMarkSchema = z.object({
  /** The key (`bankRefundKey`) of the card payment's bank refund this Medusa refund books. */
  books: fact(z.string().min(1)),
  /** "webhook" when the plugin booked it from the bank's notification. */
  booked_by: fact(z.enum(["webhook"])),
  /** An admin refund of the same amount was already refused once as a likely retry of it. */
  retry_refused: fact(z.literal(true)),
  /** Medusa answered the request that made this refund with an error (see failed-refund-requests). */
  request_failed: fact(z.looseObject({ at: z.string(), status: z.number().optional(), reason: z.string().optional() })),
  /** The failed request's refund this refund took the place of. */
  replaces: fact(z.string().min(1)),
  /** A retry of this failed request's refund was refused once (the order records it already). */
  failed_request_retry_refused: fact(z.literal(true)),
})

export type RefundMark = z.infer<typeof refundMarkSchema>

/** The flat keys the same facts were stored under before REFUND_MARK_KEY: read, never written. */
const LEGACY_KEYS = {
  books: "monobank_bank_refund",
  booked_by: "monobank_booked_by",
  retry_refused: "monobank_retry_refused",
  request_failed: "monobank_request_failed",
  replaces: "monobank_replaces_refund",
  failed_request_retry_refused: "monobank_failed_request_retry_refused",
} as const satisfies Record<keyof RefundMark, string>

type Metadata = Record<string, unknown> | null | undefined

/** The refund's mark: the flat keys of older rows, overlaid by the mark's own key. */
export function readRefundMark(metadata: Metadata): RefundMark {
  const legacy = Object.fromEntries(Object.entries(LEGACY_KEYS).map(([name, key]) => [name, metadata?.[key]]))
  return { ...parseMark(legacy), ...parseMark(metadata?.[REFUND_MARK_KEY]) }
}

/** `metadata` with `facts` added to the refund's mark; other metadata is kept as it is. */
export function withRefundMark(metadata: Metadata, facts: RefundMark): Record<string, unknown> {
  return { ...(metadata ?? {}), [REFUND_MARK_KEY]: { ...readRefundMark(metadata), ...facts } }
}

/** The payment module's refund update, as the mark's writer needs it. */
export type RefundUpdates = { updateRefunds(data: { id: string; metadata: Record<string, unknown> }): Promise<unknown> }

/** Adds `facts` to the mark of a refund the payment module holds (`row` as last read). */
export async function writeRefundMark(
  refunds: RefundUpdates,
  row: { id: string; metadata?: Metadata },
  facts: RefundMark
): Promise<void> {
  await refunds.updateRefunds({ id: row.id, metadata: withRefundMark(row.metadata, facts) })
}

function parseMark(value: unknown): RefundMark {
  const parsed = refundMarkSchema.safeParse(value)
  if (!parsed.success) return {}
  return Object.fromEntries(Object.entries(parsed.data).filter(([, fact]) => fact !== undefined)) as RefundMark
}
