/**
 * Installment purchase ("Покупка частинами") schemas, field names and enums as the bank spells
 * them. Unlike acquiring, every amount here (`total_sum`, product `sum`, return `sum`) is hryvnia
 * as a JSON number with at most 2 decimals: 2499.99, never 249999. Use `toInstallmentSum()`.
 */
import { z } from "zod"
import { httpUrl, looseText, nonEmptyText, nullable, positiveInteger, tolerantEnum, type Unknown } from "../schema-helpers"

const HRYVNIA_TEXT = /^\d+(\.\d{1,2})?$/

/** Hryvnia amount >= `min` with at most 2 decimals (checked on the printed number, as sent). */
function hryvnia(min: number, minMessage: string) {
  return z
    .number({ error: "must be a number (hryvnia)" })
    .min(min, { error: minMessage })
    .refine((value) => HRYVNIA_TEXT.test(String(value)), {
      error: "must have at most 2 decimal places (hryvnia, not kopecks)",
    })
}

const orderId = nonEmptyText

export const orderStateSchema = z.enum(["SUCCESS", "FAIL", "IN_PROCESS"])

export const orderSubStateSchema = z.enum([
  "ACTIVE",
  "DONE",
  "RETURNED",
  "WAITING_FOR_CLIENT",
  "WAITING_FOR_STORE_CONFIRM",
  "CLIENT_NOT_FOUND",
  "EXCEEDED_SUM_LIMIT",
  "EXISTS_OTHER_OPEN_ORDER",
  "NOT_ENOUGH_MONEY_FOR_INIT_DEBIT",
  "REJECTED_BY_CLIENT",
  "PAY_PARTS_ARE_NOT_ACCEPTABLE",
  "FRAUD_REJECTED",
  "RESTRICTED_BY_RISKS",
  "CLIENT_PUSH_TIMEOUT",
  "REJECTED_BY_STORE",
  "FAIL",
])

// ---- requests --------------------------------------------------------------------------------

export const installmentProductSchema = z.strictObject({
  name: nonEmptyText.max(500, { error: "must be at most 500 characters" }),
  count: positiveInteger,
  /** Price of one unit, hryvnia. */
  sum: hryvnia(0.01, "must be greater than 0"),
})

export const installmentProgramSchema = z.strictObject({
  available_parts_count: z
    .array(
      z
        .number()
        .int({ error: "must be an integer between 3 and 25" })
        .min(3, { error: "must be an integer between 3 and 25" })
        .max(25, { error: "must be an integer between 3 and 25" })
    )
    .min(1, { error: "must not be empty" }),
  type: z.string().optional(),
})

export const createOrderRequestSchema = z.strictObject({
  store_order_id: nonEmptyText.max(64, { error: "must be at most 64 characters" }),
  client_phone: z.string().regex(/^\+380\d{9}$/, { error: "must look like +380XXXXXXXXX" }),
  // The OpenAPI says at least 2, the interface document 1: we follow the stricter published value.
  total_sum: hryvnia(2, "must be at least 2 UAH"),
  invoice: z.strictObject({
    date: z.iso.date({ error: "must be a date YYYY-MM-DD" }),
    number: nonEmptyText,
    source: z.enum(["INTERNET", "STORE"]),
    point_id: z.string().min(1).max(50, { error: "must be at most 50 characters" }).optional(),
  }),
  // The OpenAPI allows one program per order.
  available_programs: z
    .array(installmentProgramSchema)
    .min(1, { error: "must not be empty" })
    .max(1, { error: "must hold exactly one program (the bank accepts one per order)" }),
  products: z.array(installmentProductSchema).min(1, { error: "must not be empty" }),
  result_callback: httpUrl.optional(),
  additional_params: z
    .strictObject({
      seller_phone: z.string().optional(),
      nds: hryvnia(0, "must not be negative").optional(),
      ext_initial_sum: hryvnia(0, "must not be negative").optional(),
    })
    .optional(),
  financial_company_merchant_info: z
    .strictObject({
      store_name: z.string().optional(),
      edrpou_code: z.string().regex(/^\d+$/, { error: "must be digits only" }).optional(),
      iban_account: z.string().optional(),
    })
    .optional(),
})

export const orderIdRequestSchema = z.strictObject({ order_id: orderId })

export const returnOrderRequestSchema = z.strictObject({
  order_id: orderId,
  sum: hryvnia(1, "must be at least 1 UAH"),
  store_return_id: nonEmptyText,
  return_money_to_card: z.boolean({ error: "must be true or false" }),
  additional_params: z.strictObject({ nds: hryvnia(0, "must not be negative").optional() }).optional(),
})

// ---- responses -------------------------------------------------------------------------------

export const createOrderResponseSchema = z.object({ order_id: z.string().min(1) })

/**
 * `state`, `confirm` and `reject` answers, and the callback body (plus `message`). Read
 * tolerantly: a state outside the published enum reads as "unknown"; `order_sub_state` is kept as
 * the bank's text, because the bank sends values outside its own enum (its OpenAPI example is
 * SUCCESS/SUCCESS). What a pair means is decided by the provider's state table.
 */
const KNOWN_ORDER_STATES = new Set<unknown>(orderStateSchema.options)

export const orderStateInfoSchema = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value) && !KNOWN_ORDER_STATES.has((value as { state?: unknown }).state)
      ? { ...value, raw_state: (value as { state?: unknown }).state }
      : value,
  z.object({
    order_id: z.string(),
    state: tolerantEnum(orderStateSchema.options),
    /** The bank's `state` as sent, only when `state` is "unknown". */
    raw_state: z.unknown().optional(),
    order_sub_state: z.union([z.string(), z.number()]).transform(String),
    message: looseText,
  })
)

/** Any 2xx answer means the return was made: the OpenAPI shows `"OK"` only as an example. */
export const returnOrderResponseSchema = z.object({ status: looseText })

/** Absent or null answers read as "not said", never as a refusal to return. */
export const checkPaidResponseSchema = z.object({
  fully_paid: nullable(z.boolean()),
  bank_can_return_money_to_card: nullable(z.boolean()),
})

/**
 * `order/data` (and `order/info`). The OpenAPI requires none of its fields and a public SDK types
 * `create_timestamp` and a return's `timestamp` as nullable: text fields read null as absent, and
 * a record without `store_order_id` is read (the provider then names the session from its own
 * records). Amounts stay numbers: a money decision never reads a guessed sum.
 */
export const orderDataResponseSchema = z.object({
  total_sum: z.number().optional(),
  /** "INTERNET" | "STORE" | "CHECKOUT" | "MARKETPLACE" */
  source: looseText,
  invoice_number: looseText,
  invoice_date: looseText,
  point_id: looseText,
  store_order_id: looseText,
  create_timestamp: looseText,
  /** Returns made so far; `sum` in hryvnia. */
  reverse_list: nullable(z.array(z.object({ sum: z.number(), timestamp: looseText }))),
  maskedCard: looseText,
  iban: looseText,
})

// ---- types -----------------------------------------------------------------------------------

export type OrderState = z.infer<typeof orderStateSchema>
export type OrderSubState = z.infer<typeof orderSubStateSchema>
export type OrderStateRead = OrderState | Unknown
export type InstallmentProduct = z.input<typeof installmentProductSchema>
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>
export type ReturnOrderRequest = z.input<typeof returnOrderRequestSchema>
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>
export type OrderStateInfo = z.infer<typeof orderStateInfoSchema>
export type ReturnOrderResponse = z.infer<typeof returnOrderResponseSchema>
export type CheckPaidResponse = z.infer<typeof checkPaidResponseSchema>
export type OrderData = z.infer<typeof orderDataResponseSchema>
