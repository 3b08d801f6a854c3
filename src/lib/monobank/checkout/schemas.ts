/**
 * mono checkout order schemas. The bank's documents list the fields but not their units; see
 * `checkoutAmount` below for the one place that decides them.
 */
import { z } from "zod"
import { fromMinorUnits, toInstallmentSum, toMinorUnits, type MoneyAmount } from "../money"
import {
  codeText,
  currencyCode,
  httpUrl,
  nonEmptyText,
  nullable,
  positiveInteger,
} from "../schema-helpers"

/**
 * UNIT OF CHECKOUT MONEY, decided here only: order `amount` and product `price` are hryvnia as
 * decimal numbers (1234.56), which is what public integrations send and read. The bank's own
 * documents do not state the unit; if that turns out wrong, this is the single line to change.
 */
const CHECKOUT_AMOUNT_DECIMALS = 2
const CHECKOUT_AMOUNT_TEXT = new RegExp(`^\\d+(\\.\\d{1,${CHECKOUT_AMOUNT_DECIMALS}})?$`)

export const checkoutAmount = z
  .number({ error: "must be a number (hryvnia)" })
  .nonnegative({ error: "must not be negative" })
  .refine((value) => CHECKOUT_AMOUNT_TEXT.test(String(value)), {
    error: "must have at most 2 decimal places (hryvnia, not kopecks)",
  })

/** A Medusa amount in UAH (major units) as checkout `amount` / product `price` (1234.56). */
export function toCheckoutAmount(amount: MoneyAmount): number {
  return toInstallmentSum(amount)
}

/**
 * A checkout `amount` / `price` read from the bank as exact UAH text ("1234.56"), for comparing
 * with Medusa amounts without floating point. Throws on sub-kopeck precision or a negative value.
 */
export function fromCheckoutAmount(value: number): string {
  return fromMinorUnits(toMinorUnits(String(value), "UAH"), "UAH")
}

/** Amounts read back from the bank: same unit, not re-checked for decimals. */
const checkoutAmountRead = z.number()

export const deliveryMethodSchema = z.enum(["pickup", "courier", "np_brnm", "np_box"])
export const checkoutPaymentMethodSchema = z.enum(["card", "payment_on_delivery", "part_purchase"])

/** `generalStatus` values seen in public integrations (not in the bank's documents). */
export const CHECKOUT_GENERAL_STATUSES = [
  "not_authorized",
  "not_confirmed",
  "in_process",
  "payment_on_delivery",
  "success",
  "fail",
] as const

// ---- requests --------------------------------------------------------------------------------

export const checkoutProductSchema = z.strictObject({
  name: nonEmptyText,
  cnt: z.number().positive({ error: "must be a positive quantity" }),
  price: checkoutAmount,
  code_product: z.number().optional(),
  code_checkbox: z.string().optional(),
})

export const checkoutCreateOrderRequestSchema = z
  .strictObject({
    order_ref: nonEmptyText,
    amount: checkoutAmount.refine((value) => value > 0, { error: "must be greater than 0" }),
    ccy: currencyCode.optional(),
    count: positiveInteger,
    products: z.array(checkoutProductSchema).min(1, { error: "must not be empty" }),
    dlv_method_list: z.array(deliveryMethodSchema).optional(),
    payment_method_list: z.array(checkoutPaymentMethodSchema).optional(),
    dlv_pay_merchant: z.boolean().optional(),
    payments_number: z.number().int({ error: "must be an integer" }).optional(),
    callback_url: httpUrl.optional(),
    return_url: httpUrl.optional(),
    hold: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const offersParts = body.payment_method_list?.includes("part_purchase") ?? false
    if (offersParts && (body.payments_number === undefined || body.payments_number < 3)) {
      ctx.addIssue({
        code: "custom",
        path: ["payments_number"],
        message: "is required and must be at least 3 when part_purchase is offered",
      })
    }
  })

export const checkoutOrderIdSchema = z.strictObject({ order_id: nonEmptyText })

// ---- responses -------------------------------------------------------------------------------

const text = nullable(z.string())

export const checkoutCreateOrderResponseSchema = z.object({
  result: z.object({ order_id: z.string().min(1), redirect_url: z.string().min(1) }),
})

const personSchema = z.object({ first_name: text, last_name: text, phoneNumber: text })

/** Accepts both record shapes: the first one, and the extended one (extra payment fields). */
export const checkoutOrderRecordSchema = z.object({
  orderId: z.string(),
  dateCreate: text,
  basket_id: text,
  deliveryRecipientInfo: nullable(personSchema),
  mainClientInfo: nullable(personSchema.extend({ email: text })),
  delivery_method: text,
  delivery_method_desc: text,
  delivery_branch_id: nullable(codeText),
  delivery_branch_address: text,
  amount: nullable(checkoutAmountRead),
  ccy: nullable(z.number()),
  quantity: nullable(z.number()),
  order_state: nullable(z.number()),
  products: nullable(
    z.array(
      z.object({
        name: text,
        cnt: nullable(z.number()),
        price: nullable(checkoutAmountRead),
        code_product: nullable(z.union([z.number(), z.string()])),
        code_checkbox: text,
      })
    )
  ),
  // extended shape
  payment_method: text,
  payment_method_desc: text,
  payment_status: text,
  paymentDateCreate: text,
  payments_number: nullable(z.number()),
  delivery_city_id: nullable(codeText),
  /** See CHECKOUT_GENERAL_STATUSES. */
  generalStatus: text,
  clientCallback: nullable(z.boolean()),
  deliveryAddressInfo: nullable(
    z.object({ cityName: text, cityRef: text, cityType: text, areaName: text, areaRef: text })
  ),
})

export const checkoutGetOrderResponseSchema = z.object({ result: checkoutOrderRecordSchema })

// ---- types -----------------------------------------------------------------------------------

export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>
export type CheckoutPaymentMethod = z.infer<typeof checkoutPaymentMethodSchema>
export type CheckoutGeneralStatus = (typeof CHECKOUT_GENERAL_STATUSES)[number]
export type CheckoutProduct = z.input<typeof checkoutProductSchema>
export type CheckoutCreateOrderRequest = z.input<typeof checkoutCreateOrderRequestSchema>
export type CheckoutCreateOrderResult = z.infer<typeof checkoutCreateOrderResponseSchema>["result"]
export type CheckoutOrderRecord = z.infer<typeof checkoutOrderRecordSchema>
