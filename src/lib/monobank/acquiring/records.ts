/**
 * Acquiring response schemas: unknown fields are dropped, documented status enums stay strict.
 * Amounts are integers in minor units.
 */
import { z } from "zod"
import { codeText, nullable } from "../schema-helpers"

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
/** Status of a `payment-direct` / `wallet/payment` attempt. */
export const paymentStatusSchema = z.enum(["processing", "success", "failure"])

export const invoiceCreateResponseSchema = z.object({
  invoiceId: z.string(),
  pageUrl: z.string(),
  appUrl: z.string().optional(),
})

export const cancelListItemSchema = z.object({
  status: cancelStatusSchema,
  amount: z.number().int().optional(),
  ccy: z.number().int().optional(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  approvalCode: z.string().optional(),
  rrn: z.string().optional(),
  extRef: z.string().optional(),
})

export const paymentInfoSchema = z.object({
  maskedPan: z.string(),
  approvalCode: z.string().optional(),
  rrn: z.string().optional(),
  tranId: z.string().optional(),
  terminal: z.string(),
  bank: z.string().optional(),
  /** "visa" | "mastercard" today; kept open so a new card scheme does not break status reads. */
  paymentSystem: z.string(),
  /** "pan" | "apple" | "google" | "monobank" | "wallet" | "direct" today. */
  paymentMethod: z.string(),
  fee: z.number().int().optional(),
  agentFee: z.number().int().optional(),
  country: z.string().optional(),
})

export const walletDataSchema = z.object({
  cardToken: z.string(),
  walletId: z.string(),
  status: walletStatusSchema,
})

export const tipsInfoSchema = z.object({
  employeeId: z.string(),
  amount: z.number().int().optional(),
})

/** `GET invoice/status`, `sync-payment` and the webhook body. */
export const invoiceStatusRecordSchema = z.object({
  invoiceId: z.string(),
  status: invoiceStatusSchema,
  failureReason: nullable(z.string()),
  errCode: nullable(codeText),
  amount: z.number().int(),
  ccy: z.number().int(),
  finalAmount: z.number().int().optional(),
  createdDate: z.string().optional(),
  modifiedDate: z.string().optional(),
  reference: z.string().optional(),
  destination: z.string().optional(),
  paymentInfo: paymentInfoSchema.optional(),
  cancelList: z.array(cancelListItemSchema).optional(),
  walletData: walletDataSchema.optional(),
  tipsInfo: tipsInfoSchema.optional(),
})

export const cancelResponseSchema = z.object({
  status: cancelStatusSchema,
  createdDate: z.string(),
  modifiedDate: z.string(),
})

export const finalizeResponseSchema = z.object({ status: z.enum(["success"]) })

/** `payment-direct` and `wallet/payment`. */
export const paymentResultSchema = z.object({
  invoiceId: z.string(),
  status: paymentStatusSchema,
  amount: z.number().int(),
  ccy: z.number().int(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  failureReason: nullable(z.string()),
  /** When present, send the shopper here for 3-D Secure. */
  tdsUrl: nullable(z.string()),
})

export const walletItemSchema = z.object({
  cardToken: z.string(),
  maskedPan: z.string(),
  country: z.string().optional(),
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
export type InvoiceStatusRecord = z.infer<typeof invoiceStatusRecordSchema>
export type CancelListItem = z.infer<typeof cancelListItemSchema>
export type PaymentInfo = z.infer<typeof paymentInfoSchema>
export type WalletData = z.infer<typeof walletDataSchema>
export type TipsInfo = z.infer<typeof tipsInfoSchema>
export type CancelResponse = z.infer<typeof cancelResponseSchema>
export type FinalizeResponse = z.infer<typeof finalizeResponseSchema>
export type PaymentResult = z.infer<typeof paymentResultSchema>
export type WalletItem = z.infer<typeof walletItemSchema>
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
