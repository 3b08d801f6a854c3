/**
 * Acquiring (internet acquiring) request and response schemas. Field names and enums are spelled
 * as in the bank's OpenAPI. Requests are strict (a misspelt field is an error, not silently
 * dropped); responses drop unknown fields and keep the documented status enums strict.
 * All amounts here are integers in minor units (kopecks for UAH).
 */
import { z } from "zod"
import {
  currencyCode,
  emptyResponseSchema,
  httpUrl,
  minorUnits,
  nonEmptyText,
  positiveMinorUnits,
  MINOR_UNITS_MESSAGE,
} from "../schema-helpers"

export { emptyResponseSchema }
export * from "./records"
export * from "./receipts"

// ---- shared pieces ---------------------------------------------------------------------------

export const discountSchema = z.strictObject({
  type: z.enum(["DISCOUNT", "EXTRA_CHARGE"]),
  mode: z.enum(["PERCENT", "VALUE"]),
  value: z.number().min(0.01, { error: "must be at least 0.01" }),
  tax: z.array(z.unknown()).optional(),
})

const taxCodes = z.array(z.number().int({ error: "must be an integer tax code" }))

export const basketOrderItemSchema = z.strictObject({
  name: nonEmptyText,
  qty: z.number().positive({ error: "must be a positive quantity" }),
  /** Price of one unit, minor units. */
  sum: minorUnits,
  /** Price of all units, minor units. */
  total: minorUnits.optional(),
  code: nonEmptyText,
  icon: z.string().optional(),
  unit: z.string().optional(),
  barcode: z.string().optional(),
  header: z.string().optional(),
  footer: z.string().optional(),
  tax: taxCodes.optional(),
  uktzed: z.string().optional(),
  splitReceiverId: z.string().optional(),
  discounts: z.array(discountSchema).optional(),
})

export const merchantPaymInfoSchema = z.strictObject({
  reference: z.string().optional(),
  destination: z.string().max(280, { error: "must be at most 280 characters" }).optional(),
  comment: z.string().max(280, { error: "must be at most 280 characters" }).optional(),
  customerEmails: z.array(z.email({ error: "must be an email address" })).optional(),
  discounts: z.array(discountSchema).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  basketOrder: z.array(basketOrderItemSchema).optional(),
})

export const fiscalizationItemSchema = z.strictObject({
  name: nonEmptyText,
  qty: z.number().positive({ error: "must be a positive quantity" }),
  sum: minorUnits,
  code: nonEmptyText,
  barcode: z.string().optional(),
  header: z.string().optional(),
  footer: z.string().optional(),
  tax: taxCodes.optional(),
  uktzed: z.string().optional(),
})

export const saveCardDataSchema = z.strictObject({
  saveCard: z.boolean(),
  walletId: z.string().optional(),
})

export const paymentTypeSchema = z.enum(["debit", "hold"])
export const initiationKindSchema = z.enum(["merchant", "client"])

const cardExpiry = z.string().regex(/^(0[1-9]|1[0-2])\d{2}$/, { error: "must be mmyy" })
const cardNumber = z.string().regex(/^\d{12,19}$/, { error: "must be 12 to 19 digits" })

// ---- requests --------------------------------------------------------------------------------

export const invoiceCreateRequestSchema = z
  .strictObject({
    // 0 passes here and is refused below unless this is a card verification.
    amount: z
      .number({ error: MINOR_UNITS_MESSAGE })
      .int({ error: MINOR_UNITS_MESSAGE })
      .nonnegative({ error: MINOR_UNITS_MESSAGE }),
    ccy: currencyCode.optional(),
    merchantPaymInfo: merchantPaymInfoSchema.optional(),
    redirectUrl: httpUrl.optional(),
    successUrl: httpUrl.optional(),
    failUrl: httpUrl.optional(),
    webHookUrl: httpUrl.optional(),
    /** Seconds; the bank truncates anything above its maximum. */
    validity: z.number().int().positive({ error: "must be a positive number of seconds" }).optional(),
    paymentType: z.enum(["debit", "hold", "verification"]).optional(),
    qrId: z.string().optional(),
    code: z.string().optional(),
    saveCardData: saveCardDataSchema.optional(),
    tipsEmployeeId: z.string().optional(),
    agentFeePercent: z.number().nonnegative().optional(),
    displayType: z.enum(["iframe"]).optional(),
    withAppUrl: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    // Only a card verification may be for 0.
    if (body.amount === 0 && body.paymentType !== "verification") {
      ctx.addIssue({ code: "custom", path: ["amount"], message: MINOR_UNITS_MESSAGE })
    }
  })

export const invoiceIdRequestSchema = z.strictObject({ invoiceId: nonEmptyText })

export const invoiceCancelRequestSchema = z.strictObject({
  invoiceId: nonEmptyText,
  extRef: z.string().optional(),
  /** Partial refund; omit for a full one. */
  amount: positiveMinorUnits.optional(),
  items: z.array(fiscalizationItemSchema).optional(),
})

export const invoiceFinalizeRequestSchema = z.strictObject({
  invoiceId: nonEmptyText,
  amount: positiveMinorUnits,
  items: z.array(fiscalizationItemSchema).optional(),
})

export const paymentDirectRequestSchema = z
  .strictObject({
    amount: positiveMinorUnits,
    ccy: currencyCode.optional(),
    cardData: z.strictObject({
      pan: cardNumber,
      exp: cardExpiry,
      cvv: z.string().regex(/^\d{3,4}$/, { error: "must be 3 or 4 digits" }),
    }),
    merchantPaymInfo: merchantPaymInfoSchema.optional(),
    redirectUrl: httpUrl.optional(),
    webHookUrl: httpUrl.optional(),
    paymentType: paymentTypeSchema.optional(),
    saveCardData: saveCardDataSchema.optional(),
    initiationKind: initiationKindSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.initiationKind === "client" && !body.redirectUrl) {
      const message = "is required when initiationKind is client"
      ctx.addIssue({ code: "custom", path: ["redirectUrl"], message })
    }
  })

const walletTokenData = z.strictObject({
  token: nonEmptyText,
  exp: cardExpiry,
  eciIndicator: nonEmptyText,
  cryptogram: z.string().optional(),
})

export const syncPaymentRequestSchema = z
  .strictObject({
    amount: positiveMinorUnits,
    ccy: currencyCode,
    merchantPaymInfo: z
      .strictObject({ reference: z.string().optional(), destination: z.string().optional() })
      .optional(),
    cardData: z
      .strictObject({
        pan: cardNumber,
        type: z.enum(["FPAN", "DPAN"]),
        exp: cardExpiry,
        eciIndicator: nonEmptyText,
        cvv: z.string().regex(/^\d{3,4}$/, { error: "must be 3 or 4 digits" }).optional(),
        cavv: z.string().optional(),
        tavv: z.string().optional(),
        dsTranId: z.string().optional(),
        tReqID: z.string().optional(),
        mit: z.enum(["1", "2"]).optional(),
        sst: z.number().optional(),
        tid: z.string().optional(),
      })
      .optional(),
    applePay: walletTokenData.optional(),
    googlePay: walletTokenData.optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.cardData, body.applePay, body.googlePay].filter((v) => v !== undefined).length
    if (given !== 1) {
      const message = "exactly one of cardData, applePay, googlePay is required"
      ctx.addIssue({ code: "custom", path: [], message })
    }
  })

export const walletPaymentRequestSchema = z
  .strictObject({
    cardToken: nonEmptyText,
    amount: positiveMinorUnits,
    ccy: currencyCode,
    initiationKind: initiationKindSchema,
    merchantPaymInfo: merchantPaymInfoSchema.optional(),
    redirectUrl: httpUrl.optional(),
    webHookUrl: httpUrl.optional(),
    paymentType: paymentTypeSchema.optional(),
  })

/** Statement of payments between two instants (unix seconds; the bank keeps at most 31 days per request). */
export const statementQuerySchema = z.strictObject({
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative().optional(),
  code: nonEmptyText.optional(),
})

export const walletIdQuerySchema = z.strictObject({ walletId: nonEmptyText })
export const cardTokenQuerySchema = z.strictObject({ cardToken: nonEmptyText })
export const qrIdRequestSchema = z.strictObject({ qrId: nonEmptyText })

// ---- types -----------------------------------------------------------------------------------

export type MerchantPaymInfo = z.input<typeof merchantPaymInfoSchema>
export type BasketOrderItem = z.input<typeof basketOrderItemSchema>
export type FiscalizationItem = z.input<typeof fiscalizationItemSchema>
export type Discount = z.input<typeof discountSchema>
export type SaveCardData = z.input<typeof saveCardDataSchema>
export type InvoiceCreateRequest = z.input<typeof invoiceCreateRequestSchema>
export type InvoiceCancelRequest = z.input<typeof invoiceCancelRequestSchema>
export type InvoiceFinalizeRequest = z.input<typeof invoiceFinalizeRequestSchema>
export type PaymentDirectRequest = z.input<typeof paymentDirectRequestSchema>
export type SyncPaymentRequest = z.input<typeof syncPaymentRequestSchema>
export type StatementQuery = z.input<typeof statementQuerySchema>
export type WalletPaymentRequest = z.input<typeof walletPaymentRequestSchema>
