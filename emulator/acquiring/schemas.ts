/**
 * Request bodies of the acquiring API, field names as the bank spells them. Objects are strict: an
 * unknown (for example misspelled) field is a 400, so a client typo cannot pass silently here.
 */
import { z } from "zod"

const text = z.string({ error: "must be a string" })
const nonEmpty = text.min(1, { error: "must not be empty" })
const url = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
const minorUnits = z
  .number({ error: "must be an integer (minor units)" })
  .int({ error: "must be an integer (minor units)" })
const positiveMinorUnits = minorUnits.positive({ error: "must be a positive integer (minor units)" })
const ccy = z
  .number({ error: "must be an ISO 4217 numeric code" })
  .int({ error: "must be an ISO 4217 numeric code" })
  .min(1, { error: "must be an ISO 4217 numeric code" })
  .max(999, { error: "must be an ISO 4217 numeric code" })

const discount = z.strictObject({
  type: z.enum(["DISCOUNT", "EXTRA_CHARGE"]),
  mode: z.enum(["PERCENT", "VALUE"]),
  value: z.number().min(0.01),
  tax: z.array(z.unknown()).optional(),
})

const basketItem = z.strictObject({
  name: nonEmpty,
  qty: z.number({ error: "must be a number" }).positive({ error: "must be positive" }),
  sum: minorUnits.nonnegative({ error: "must be a non-negative integer (minor units)" }),
  total: minorUnits.optional(),
  icon: text.optional(),
  unit: text.optional(),
  code: nonEmpty,
  barcode: text.optional(),
  header: text.optional(),
  footer: text.optional(),
  tax: z.array(z.number().int()).optional(),
  uktzed: text.optional(),
  splitReceiverId: text.optional(),
  discounts: z.array(discount).optional(),
})

export const merchantPaymInfoSchema = z.strictObject({
  reference: text.optional(),
  destination: text.max(280, { error: "must be at most 280 characters" }).optional(),
  comment: text.max(280, { error: "must be at most 280 characters" }).optional(),
  customerEmails: z.array(text).optional(),
  discounts: z.array(discount).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  basketOrder: z.array(basketItem).optional(),
})

const fiscalizationItem = z.strictObject({
  name: nonEmpty,
  qty: z.number().positive(),
  sum: minorUnits,
  code: nonEmpty,
  barcode: text.optional(),
  header: text.optional(),
  footer: text.optional(),
  tax: z.array(z.number().int()).optional(),
  uktzed: text.optional(),
})

const saveCardData = z.strictObject({
  saveCard: z.boolean({ error: "must be a boolean" }),
  walletId: nonEmpty.optional(),
})

const paymentType = z.enum(["debit", "hold"], { error: "must be one of debit, hold" })

export const invoiceCreateSchema = z
  .strictObject({
    amount: minorUnits.nonnegative({ error: "must be a non-negative integer (minor units)" }),
    ccy: ccy.optional(),
    merchantPaymInfo: merchantPaymInfoSchema.optional(),
    redirectUrl: url.optional(),
    successUrl: url.optional(),
    failUrl: url.optional(),
    webHookUrl: url.optional(),
    validity: z.number().int({ error: "must be an integer (seconds)" }).positive({ error: "must be positive" }).optional(),
    paymentType: z.enum(["debit", "hold", "verification"], { error: "must be one of debit, hold, verification" }).optional(),
    qrId: nonEmpty.optional(),
    code: nonEmpty.optional(),
    saveCardData: saveCardData.optional(),
    tipsEmployeeId: nonEmpty.optional(),
    agentFeePercent: z.number().min(0).max(100).optional(),
    displayType: z.enum(["iframe"]).optional(),
    withAppUrl: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const verification = body.paymentType === "verification"
    if (!verification && body.amount < 1) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "must be a positive integer (minor units)" })
    }
    if (verification && body.saveCardData?.saveCard !== true) {
      ctx.addIssue({ code: "custom", path: ["saveCardData"], message: "verification needs saveCardData.saveCard = true" })
    }
  })

export const invoiceIdSchema = z.strictObject({ invoiceId: nonEmpty })

export const invoiceCancelSchema = z.strictObject({
  invoiceId: nonEmpty,
  extRef: text.optional(),
  amount: positiveMinorUnits.optional(),
  items: z.array(fiscalizationItem).optional(),
})

export const invoiceFinalizeSchema = z.strictObject({
  invoiceId: nonEmpty,
  amount: positiveMinorUnits,
  items: z.array(fiscalizationItem).optional(),
})

const cardData = z.strictObject({ pan: nonEmpty, exp: nonEmpty, cvv: nonEmpty })

export const paymentDirectSchema = z
  .strictObject({
    amount: positiveMinorUnits,
    ccy: ccy.optional(),
    cardData,
    merchantPaymInfo: merchantPaymInfoSchema.optional(),
    webHookUrl: url.optional(),
    paymentType: paymentType.optional(),
    saveCardData: saveCardData.optional(),
    redirectUrl: url.optional(),
    initiationKind: z.enum(["merchant", "client"], { error: "must be one of merchant, client" }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.initiationKind === "client" && !body.redirectUrl) {
      ctx.addIssue({ code: "custom", path: ["redirectUrl"], message: "is required when initiationKind is client" })
    }
  })

export const walletPaymentSchema = z.strictObject({
  cardToken: nonEmpty,
  amount: positiveMinorUnits,
  ccy,
  initiationKind: z.enum(["merchant", "client"], { error: "must be one of merchant, client" }),
  merchantPaymInfo: merchantPaymInfoSchema.optional(),
  redirectUrl: url.optional(),
  webHookUrl: url.optional(),
  paymentType: paymentType.optional(),
})

const tokenPayment = z.strictObject({
  token: nonEmpty,
  exp: nonEmpty,
  eciIndicator: nonEmpty,
  cryptogram: text.optional(),
})

export const syncPaymentSchema = z
  .strictObject({
    amount: positiveMinorUnits,
    ccy,
    merchantPaymInfo: z.strictObject({ reference: text.optional(), destination: text.optional() }).optional(),
    cardData: z
      .strictObject({
        pan: nonEmpty,
        type: z.enum(["FPAN", "DPAN"], { error: "must be one of FPAN, DPAN" }),
        exp: nonEmpty,
        cvv: text.optional(),
        eciIndicator: nonEmpty,
        cavv: text.optional(),
        tavv: text.optional(),
        dsTranId: text.optional(),
        tReqID: text.optional(),
        mit: z.enum(["1", "2"], { error: "must be 1 or 2" }).optional(),
        sst: z.number().optional(),
        tid: text.optional(),
      })
      .optional(),
    applePay: tokenPayment.optional(),
    googlePay: tokenPayment.optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.cardData, body.applePay, body.googlePay].filter((x) => x !== undefined).length
    if (given !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["cardData"],
        message: "exactly one of cardData, applePay, googlePay is required",
      })
    }
  })

export const qrIdSchema = z.strictObject({ qrId: nonEmpty })

export type InvoiceCreateBody = z.output<typeof invoiceCreateSchema>
export type PaymentDirectBody = z.output<typeof paymentDirectSchema>
export type WalletPaymentBody = z.output<typeof walletPaymentSchema>
export type SyncPaymentBody = z.output<typeof syncPaymentSchema>
