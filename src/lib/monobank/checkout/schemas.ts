/**
 * mono checkout order schemas. The bank's documents list the fields but not their units; see
 * `checkoutAmount` below for the one place that decides them.
 */
import { z } from "zod"
import { fromMinorUnits, toInstallmentSum, toMinorUnits, type MoneyAmount } from "../money"
import {
  currencyCode,
  httpUrl,
  looseText,
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

/** Amounts read back from the bank: same unit, not re-checked for decimals; numeric text is read too. */
const checkoutAmountRead = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)) ? Number(value) : value),
  z.number()
)

/** `np_cargo` (Nova Poshta cargo branch) is not in the bank's documents; public integrations offer it. */
export const deliveryMethodSchema = z.enum(["pickup", "courier", "np_brnm", "np_box", "np_cargo"])
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

/** Text the bank may send as null, a number or not at all. */
const text = looseText

/** A number the bank may send as numeric text, null or not at all; anything else reads as absent. */
const count = z
  .preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)) ? Number(value) : value),
    nullable(z.number())
  )
  .catch(undefined)

/** A nested part the plugin can do without: an unexpected shape reads as absent, never a rejection. */
function optionalPart<T extends z.ZodType>(schema: T) {
  return nullable(schema).catch(undefined)
}

export const checkoutCreateOrderResponseSchema = z.object({
  result: z.object({ order_id: z.string().min(1), redirect_url: z.string().min(1) }),
})

const personSchema = z.object({ first_name: text, last_name: text, phoneNumber: text })

/**
 * Accepts both record shapes: the first one (callbacks), and the extended one (extra payment
 * fields). Read tolerantly (see ../README.md): only `orderId` is required; `order_state` values
 * beyond the ones we know (up to 11 seen), a `comment`, and records without `deliveryAddressInfo`
 * or a city reference are all read.
 */
export const checkoutOrderRecordSchema = z.object({
  orderId: z.string(),
  dateCreate: text,
  basket_id: text,
  deliveryRecipientInfo: optionalPart(personSchema),
  mainClientInfo: optionalPart(personSchema.extend({ email: text })),
  delivery_method: text,
  delivery_method_desc: text,
  delivery_branch_id: text,
  delivery_branch_address: text,
  amount: nullable(checkoutAmountRead),
  ccy: count,
  quantity: count,
  /** A number whose values are not published; kept for the admin, never decided on. */
  order_state: count,
  /** The shopper's note to the store. */
  comment: text,
  products: optionalPart(
    z.array(
      z.object({
        name: text,
        cnt: count,
        price: nullable(checkoutAmountRead).catch(undefined),
        code_product: nullable(z.union([z.number(), z.string()])).catch(undefined),
        code_checkbox: text,
      })
    )
  ),
  // extended shape
  payment_method: text,
  payment_method_desc: text,
  payment_status: text,
  paymentDateCreate: text,
  payments_number: count,
  delivery_city_id: text,
  /** See CHECKOUT_GENERAL_STATUSES. */
  generalStatus: text,
  clientCallback: nullable(z.boolean()).catch(undefined),
  deliveryAddressInfo: optionalPart(
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

/** `GET /personal/checkout/signature/public/key`: the key that signs checkout callbacks (`X-Sign`). */
export const checkoutPublicKeyResponseSchema = z.object({ key: z.string().min(1) })
