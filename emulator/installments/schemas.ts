/** Installments request bodies (hryvnia amounts as decimals). Strict: unknown fields are a 400. */
import { z } from "zod"
import { hasAtMostTwoDecimals } from "../money"

const nonEmpty = z.string({ error: "must be a string" }).min(1, { error: "must not be empty" })

const hryvnia = (minimum: number) =>
  z
    .number({ error: "must be a number (hryvnia)" })
    .min(minimum, { error: `must be at least ${minimum}` })
    .refine(hasAtMostTwoDecimals, { error: "must have at most 2 decimals (hryvnia, not kopecks)" })

export const PHONE_PATTERN = /^\+380\d{9}$/

export const createOrderSchema = z.strictObject({
  store_order_id: nonEmpty.max(64, { error: "must be at most 64 characters" }),
  client_phone: z.string({ error: "must be a string" }).regex(PHONE_PATTERN, { error: "must match +380XXXXXXXXX" }),
  total_sum: hryvnia(2),
  invoice: z.strictObject({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD" }),
    number: nonEmpty,
    source: z.enum(["INTERNET", "STORE"], { error: "must be INTERNET or STORE" }),
    point_id: nonEmpty.max(50).optional(),
  }),
  available_programs: z
    .array(
      z.strictObject({
        available_parts_count: z
          .array(
            z
              .number()
              .int({ error: "must be an integer from 3 to 25" })
              .min(3, { error: "must be an integer from 3 to 25" })
              .max(25, { error: "must be an integer from 3 to 25" })
          )
          .min(1, { error: "must not be empty" }),
        type: z.string().optional(),
      })
    )
    .length(1, { error: "must hold exactly one program" }),
  products: z
    .array(
      z.strictObject({
        name: nonEmpty.max(500),
        count: z.number().int({ error: "must be a positive integer" }).min(1, { error: "must be a positive integer" }),
        sum: hryvnia(0.01),
      })
    )
    .min(1, { error: "must not be empty" }),
  result_callback: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional(),
  additional_params: z
    .strictObject({ seller_phone: z.string().optional(), nds: z.number().optional(), ext_initial_sum: z.number().optional() })
    .optional(),
  financial_company_merchant_info: z
    .strictObject({
      store_name: z.string().optional(),
      edrpou_code: z.string().regex(/^\d+$/).optional(),
      iban_account: z.string().optional(),
    })
    .optional(),
})

export const orderIdSchema = z.strictObject({ order_id: nonEmpty })

export const returnSchema = z.strictObject({
  order_id: nonEmpty,
  sum: hryvnia(1),
  store_return_id: nonEmpty,
  return_money_to_card: z.boolean({ error: "must be a boolean" }),
  additional_params: z.strictObject({ nds: z.number().optional() }).optional(),
})

export const validateClientSchema = z.strictObject({
  phone: z.string({ error: "must be a string" }).regex(PHONE_PATTERN, { error: "must match +380XXXXXXXXX" }),
})

export type CreateOrderBody = z.output<typeof createOrderSchema>
export type ReturnBody = z.output<typeof returnSchema>
