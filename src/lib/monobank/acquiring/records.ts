/**
 * Acquiring response schemas, read tolerantly (see ../README.md, "Reading the bank"): unknown
 * fields are dropped, a missing optional field or an unknown enum value never rejects a record
 * (statuses outside the published enums read as "unknown", the raw value kept in `rawStatus`), and
 * only what the plugin needs to decide about money is required. Amounts are integers in minor units.
 */
import { z } from "zod"
import { codeText, looseText, nullable, tolerantEnum, tolerantEnumOr, type Unknown } from "../schema-helpers"
import { registerReading, tolerantObject } from "../tolerant-object"

export const invoiceStatusSchema = z.enum([
  "created",
  "processing",
  "hold",
  "success",
  "failure",
  "reversed",
  "expired",
])
export const cancelStatusSchema = z.enum(["processing", "success", "failure"])
export const walletStatusSchema = z.enum(["new", "created", "failed"])
/** An invoice status as read from the bank: one of `invoiceStatusSchema`, or "unknown". */
export const invoiceStatusReadSchema = tolerantEnum(invoiceStatusSchema.options)
export type InvoiceStatusRead = z.infer<typeof invoiceStatusSchema> | Unknown

const KNOWN_INVOICE_STATUSES = new Set<unknown>(invoiceStatusSchema.options)

/** Copies a `status` the enum does not know to `rawStatus` before it reads as "unknown", for the logs. */
function keepRawStatus(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value
  const record = value as Record<string, unknown>
  return "status" in record && !KNOWN_INVOICE_STATUSES.has(record.status) ? { ...record, rawStatus: record.status } : record
}
/** Status of a `payment-direct` / `wallet/payment` attempt. */
export const paymentStatusSchema = z.enum(["processing", "success", "failure"])

export const invoiceCreateResponseSchema = z.object({
  invoiceId: z.string(),
  pageUrl: z.string(),
  appUrl: z.string().optional(),
})

/**
 * A cancel (refund) status we do not know reads as "processing": not final, re-read later, and
 * still blocking a second refund of that money.
 */
const cancelStatusRead = tolerantEnumOr(cancelStatusSchema.options, "processing")

/** A refund (cancel) of the invoice. Public SDKs read its `amount` and `ccy` as possibly null: read as absent. */
export const cancelListItemSchema = tolerantObject({
  status: cancelStatusRead,
  amount: nullable(z.number().int()),
  ccy: nullable(z.number().int()),
  createdDate: looseText,
  modifiedDate: looseText,
  approvalCode: looseText,
  rrn: looseText,
  extRef: looseText,
})

/**
 * How the shopper paid. Everything is optional: wallet payments (monopay, Apple Pay, Google Pay)
 * come without `maskedPan`, with `paymentSystem: ""` and `paymentMethod: "monopay"`.
 */
export const paymentInfoSchema = tolerantObject({
  maskedPan: looseText,
  approvalCode: looseText,
  rrn: looseText,
  tranId: looseText,
  terminal: looseText,
  bank: looseText,
  /** "visa" | "mastercard" | "" seen; kept open so a new card scheme does not break status reads. */
  paymentSystem: looseText,
  /** "pan" | "apple" | "google" | "monobank" | "monopay" | "wallet" | "direct" seen. */
  paymentMethod: looseText,
  fee: z.number().int().optional(),
  agentFee: z.number().int().optional(),
  country: looseText,
})

export const walletDataSchema = tolerantObject({
  cardToken: z.string(),
  walletId: z.string(),
  /** An unknown tokenization status reads as "new" (not saved yet). */
  status: tolerantEnumOr(walletStatusSchema.options, "new"),
})

export const tipsInfoSchema = z.object({
  employeeId: z.string(),
  amount: z.number().int().optional(),
})

/** A nested part the plugin only displays: unreadable reads as absent instead of failing the record. */
function optionalPart<T extends z.ZodType>(schema: T) {
  return registerReading(nullable(schema).catch(undefined), { nullAsAbsent: true, plain: schema.optional().catch(undefined) })
}

/** `GET invoice/status`, `sync-payment` and the webhook body. */
const invoiceStatusRecordShape = tolerantObject({
  invoiceId: z.string(),
  status: invoiceStatusReadSchema,
  /** The bank's status as sent, only when `status` is "unknown". */
  rawStatus: z.unknown().optional(),
  failureReason: nullable(z.string()),
  errCode: nullable(codeText),
  amount: z.number().int(),
  ccy: z.number().int(),
  /** Null reads as absent (public SDKs read it as possibly null); `capturedMinor` then falls back on `amount`. */
  finalAmount: nullable(z.number().int()),
  createdDate: looseText,
  modifiedDate: looseText,
  reference: looseText,
  destination: looseText,
  paymentInfo: optionalPart(paymentInfoSchema),
  cancelList: nullable(z.array(cancelListItemSchema)),
  walletData: optionalPart(walletDataSchema),
  tipsInfo: optionalPart(tipsInfoSchema),
})
export const invoiceStatusRecordSchema = z.preprocess(keepRawStatus, invoiceStatusRecordShape)

export const cancelResponseSchema = z.object({
  status: cancelStatusRead,
  createdDate: looseText,
  modifiedDate: looseText,
})

/** `{status: "success"}` means accepted; anything else is read, not failed (the invoice status decides). */
export const finalizeResponseSchema = z.object({ status: looseText })

/** `payment-direct` and `wallet/payment`. */
export const paymentResultSchema = z.object({
  invoiceId: z.string(),
  /** An unknown attempt status reads as "processing": the invoice status decides. */
  status: tolerantEnumOr(paymentStatusSchema.options, "processing"),
  amount: z.number().int(),
  ccy: z.number().int(),
  createdDate: looseText,
  modifiedDate: looseText,
  failureReason: nullable(z.string()),
  /** When present, send the shopper here for 3-D Secure. */
  tdsUrl: nullable(z.string()),
})

/** One payment of the merchant's statement: read for the invoice, its reference and its status. */
export const statementItemSchema = z.object({
  invoiceId: z.string(),
  status: tolerantEnumOr([...invoiceStatusSchema.options, "unknown"] as const, "unknown"),
  amount: z.number().int().optional(),
  ccy: z.number().int().optional(),
  reference: looseText,
  date: looseText,
})
/** Newest first; items this client cannot read (no invoiceId) are left out rather than failing the list. */
export const statementResponseSchema = z.object({
  list: z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = statementItemSchema.safeParse(item)
      return parsed.success ? [parsed.data] : []
    })
  ),
})

export const walletItemSchema = z.object({
  cardToken: z.string(),
  maskedPan: looseText.transform((value) => value ?? ""),
  country: looseText,
})
export const walletResponseSchema = z.object({ wallet: z.array(walletItemSchema) })

export const qrDetailsResponseSchema = z.object({
  shortQrId: z.string(),
  invoiceId: z.string().optional(),
  amount: z.number().int().optional(),
  ccy: z.number().int().optional(),
})

export const qrListItemSchema = z.object({
  shortQrId: z.string(),
  qrId: z.string(),
  /** "merchant" | "client" | "fix" today. */
  amountType: z.string(),
  pageUrl: z.string(),
})
export const qrListResponseSchema = z.object({ list: z.array(qrListItemSchema).default([]) })

export const merchantDetailsResponseSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  edrpou: z.string(),
})

export const submerchantSchema = z.object({
  code: z.string(),
  iban: z.string(),
  edrpou: z.string().optional(),
  owner: z.string().optional(),
})
export const submerchantListResponseSchema = z.object({ list: z.array(submerchantSchema).default([]) })

export const employeeSchema = z.object({ id: z.string(), name: z.string(), extRef: z.string() })
export const employeeListResponseSchema = z.object({ list: z.array(employeeSchema).default([]) })

export const pubkeyResponseSchema = z.object({ key: z.string().min(1) })


export type InvoiceCreateResponse = z.infer<typeof invoiceCreateResponseSchema>
export type InvoiceStatusRecord = z.infer<typeof invoiceStatusRecordShape>
export type CancelListItem = z.infer<typeof cancelListItemSchema>
export type PaymentInfo = z.infer<typeof paymentInfoSchema>
export type WalletData = z.infer<typeof walletDataSchema>
export type TipsInfo = z.infer<typeof tipsInfoSchema>
export type CancelResponse = z.infer<typeof cancelResponseSchema>
export type FinalizeResponse = z.infer<typeof finalizeResponseSchema>
export type PaymentResult = z.infer<typeof paymentResultSchema>
export type WalletItem = z.infer<typeof walletItemSchema>
export type StatementItem = z.infer<typeof statementItemSchema>
export type QrDetails = z.infer<typeof qrDetailsResponseSchema>
export type QrListItem = z.infer<typeof qrListItemSchema>
export type MerchantDetails = z.infer<typeof merchantDetailsResponseSchema>
export type Submerchant = z.infer<typeof submerchantSchema>
export type Employee = z.infer<typeof employeeSchema>
export type PubkeyResponse = z.infer<typeof pubkeyResponseSchema>
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>
export type CancelStatus = z.infer<typeof cancelStatusSchema>
export type WalletStatus = z.infer<typeof walletStatusSchema>
export type PaymentStatus = z.infer<typeof paymentStatusSchema>
