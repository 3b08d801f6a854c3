/** mono checkout request bodies. Amounts are hryvnia decimals (an assumption shared with public integrations). */
import { z } from "zod"
import { hasAtMostTwoDecimals } from "../money"

/** `np_cargo` (Nova Poshta cargo branch): not in the bank's documents, offered by public integrations. */
export const DELIVERY_METHODS = ["pickup", "courier", "np_brnm", "np_box", "np_cargo"] as const
export const PAYMENT_METHODS = ["card", "payment_on_delivery", "part_purchase"] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]
export type CheckoutPaymentMethod = (typeof PAYMENT_METHODS)[number]

const nonEmpty = z.string({ error: "must be a string" }).min(1, { error: "must not be empty" })
const hryvnia = z
  .number({ error: "must be a number (hryvnia)" })
  .nonnegative({ error: "must not be negative" })
  .refine(hasAtMostTwoDecimals, { error: "must have at most 2 decimals (hryvnia, not kopecks)" })
const url = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })

export const checkoutCreateSchema = z
  .strictObject({
    order_ref: nonEmpty,
    amount: hryvnia.refine((value) => value > 0, { error: "must be greater than 0" }),
    ccy: z.number().int().min(1).max(999).optional(),
    count: z.number().int({ error: "must be a positive integer" }).positive({ error: "must be a positive integer" }),
    products: z
      .array(
        z.strictObject({
          name: nonEmpty,
          cnt: z.number({ error: "must be a number" }).positive({ error: "must be positive" }),
          price: hryvnia,
          code_product: z.number().optional(),
          code_checkbox: z.string().optional(),
        })
      )
      .min(1, { error: "must not be empty" }),
    dlv_method_list: z
      .array(z.enum(DELIVERY_METHODS, { error: `must be one of ${DELIVERY_METHODS.join(", ")}` }))
      .min(1, { error: "must not be empty" })
      .optional(),
    payment_method_list: z
      .array(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(", ")}` }))
      .min(1, { error: "must not be empty" })
      .optional(),
    dlv_pay_merchant: z.boolean().optional(),
    payments_number: z.number().int({ error: "must be an integer" }).optional(),
    callback_url: url.optional(),
    return_url: url.optional(),
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

export type CheckoutCreateBody = z.output<typeof checkoutCreateSchema>

/** What the shopper submits on the checkout page (or control completeCheckout). */
export const checkoutCompletionSchema = z.strictObject({
  delivery_method: z.enum(DELIVERY_METHODS, { error: `must be one of ${DELIVERY_METHODS.join(", ")}` }),
  payment_method: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(", ")}` }),
  client: z
    .strictObject({
      first_name: nonEmpty,
      last_name: nonEmpty,
      phoneNumber: z.string().regex(/^\+380\d{9}$/, { error: "must match +380XXXXXXXXX" }),
      email: z.string().optional(),
    })
    .optional(),
  delivery: z
    .strictObject({
      branch_id: z.string().optional(),
      branch_address: z.string().optional(),
      address: z.string().optional(),
      cityName: z.string().optional(),
      areaName: z.string().optional(),
    })
    .optional(),
  card: z.strictObject({ pan: nonEmpty, exp: nonEmpty, cvv: nonEmpty }).optional(),
  /**
   * Control only (the page has no such field): the `delivery_method` (and its `delivery_method_desc`)
   * the bank's record reports instead of the chosen one, e.g. a method the bank adds later. The
   * chosen `delivery_method` is still checked against the order.
   */
  bank_delivery_method: z.string().min(1, { error: "must not be empty" }).optional(),
  bank_delivery_method_desc: z.string().optional(),
  /** The shopper's note to the store; the record then carries `comment`. */
  comment: z.string().optional(),
  /**
   * The promo code in the page's field when the shopper pays: asked of the store again and taken
   * off; empty or absent removes a code applied before.
   */
  promo_code: z.string().optional(),
})

export type CheckoutCompletion = z.output<typeof checkoutCompletionSchema>
