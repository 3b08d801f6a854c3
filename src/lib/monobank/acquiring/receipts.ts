/**
 * Fiscal checks and the bank's payment receipt of an invoice. Both are only shown to people
 * (the order widget), never used for a money decision, so they are read as loosely as possible:
 * every field is optional text, an unknown `type`/`status` stays the bank's text, and an entry of
 * `checks` that is not an object is dropped instead of failing the list.
 */
import { z } from "zod"
import { looseText } from "../schema-helpers"
import { tolerantObject } from "../tolerant-object"

/** Values the bank publishes today; the widget labels these and shows any other as it came. */
export const FISCAL_CHECK_TYPES = ["sale", "return"] as const
export const FISCAL_CHECK_STATUSES = ["new", "process", "done", "failed"] as const

export const fiscalCheckSchema = tolerantObject({
  id: looseText,
  type: looseText,
  status: looseText,
  statusDescription: looseText,
  /** Link to the check at the tax service. */
  taxUrl: looseText,
  /** base64 of the check's PDF. */
  file: looseText,
  fiscalizationSource: looseText,
})

const isRecord = (value: unknown): boolean => !!value && typeof value === "object" && !Array.isArray(value)

export const fiscalCheckListResponseSchema = z.object({
  checks: z.preprocess(
    (value) => (Array.isArray(value) ? value.filter(isRecord) : []),
    z.array(fiscalCheckSchema)
  ),
})

/** The bank's receipt of the payment: base64 of a PDF (absent when the bank has none). */
export const receiptResponseSchema = tolerantObject({ file: looseText })

export type FiscalCheck = z.infer<typeof fiscalCheckSchema>
export type FiscalCheckListResponse = z.infer<typeof fiscalCheckListResponseSchema>
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>
