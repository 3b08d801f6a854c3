/**
 * What the admin may save per monobank API. Every field is optional: a field left out falls back
 * to the provider's options in medusa-config.ts. Secrets travel apart from values: a secret left
 * out is kept, `null` removes it, a string replaces it.
 */
import { z } from "zod"
import { checkoutPaymentMethodSchema, deliveryMethodSchema } from "../../lib/monobank"
import { optionProblems } from "../../utils/plugin-options"

export const SETTINGS_APIS = ["acquiring", "installments", "checkout"] as const
export type SettingsApi = (typeof SETTINGS_APIS)[number]

const MIN_PARTS = 3
const MAX_PARTS = 25
const MAX_VALIDITY_SECONDS = 30 * 24 * 60 * 60

const partsCount = z
  .number({ error: `must be a whole number from ${MIN_PARTS} to ${MAX_PARTS}` })
  .int({ error: `must be a whole number from ${MIN_PARTS} to ${MAX_PARTS}` })
  .min(MIN_PARTS, { error: `must be at least ${MIN_PARTS} (the bank's minimum)` })
  .max(MAX_PARTS, { error: `must be at most ${MAX_PARTS} (the bank's maximum)` })

const text = (max: number, what: string) =>
  z.string({ error: `must be text` }).trim().min(1, { error: `must not be empty (leave it out to use ${what})` }).max(max, { error: `must be at most ${max} characters` })

/** Hryvnia with at most two decimals, as the installments API counts them ("1500", "2499.99"). */
const hryvnia = z
  .string({ error: 'must be an amount in hryvnia, e.g. "1500" or "2499.99"' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be an amount in hryvnia, e.g. "1500" or "2499.99"' })

const secret = (what: string) =>
  z.string({ error: `must be text` }).trim().min(8, { error: `is too short to be ${what}` }).max(200, { error: "is too long" }).nullable()

export const acquiringValuesSchema = z.strictObject({
  captureMode: z.enum(["manual", "automatic"], { error: 'must be "manual" (hold, capture later) or "automatic" (charge at once)' }).optional(),
  invoiceValiditySeconds: z
    .number({ error: "must be a number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(60, { error: "must be at least 60 seconds" })
    .max(MAX_VALIDITY_SECONDS, { error: "must be at most 30 days (2592000 seconds)" })
    .optional(),
  destination: text(280, "the configured purpose").optional(),
  fiscalBasket: z.boolean({ error: "must be on or off" }).optional(),
  cardSaving: z.boolean({ error: "must be on or off" }).optional(),
  directCardPayments: z.boolean({ error: "must be on or off" }).optional(),
  syncPayments: z.boolean({ error: "must be on or off" }).optional(),
  code: text(64, "no submerchant").optional(),
  tipsEmployeeId: text(64, "no tips employee").optional(),
})

export const installmentsValuesSchema = z
  .strictObject({
    environment: z.enum(["sandbox", "stage", "production"], { error: 'must be "sandbox", "stage" or "production"' }).optional(),
    storeId: text(100, "the configured store id").optional(),
    allowedParts: z
      .array(partsCount, { error: "must be a list of numbers of payments, e.g. 3, 4, 6" })
      .min(1, { error: "must list at least one number of payments" })
      .refine((list) => new Set(list).size === list.length, { error: "must not repeat a number of payments" })
      .optional(),
    minOrderTotal: hryvnia.optional(),
    maxOrderTotal: hryvnia.optional(),
    placeOrderBeforeApproval: z.boolean({ error: "must be on or off" }).optional(),
  })
  .superRefine((values, ctx) => {
    if (values.minOrderTotal && values.maxOrderTotal && Number(values.minOrderTotal) > Number(values.maxOrderTotal)) {
      ctx.addIssue({ code: "custom", path: ["maxOrderTotal"], message: "must not be below the minimum order total" })
    }
  })

export const checkoutValuesSchema = z.strictObject({
  dlv_method_list: z
    .array(deliveryMethodSchema, { error: "must be a list of pickup, courier, np_brnm, np_box, np_cargo" })
    .min(1, { error: "must offer at least one delivery method" })
    .optional(),
  payment_method_list: z
    .array(checkoutPaymentMethodSchema, { error: "must be a list of card, payment_on_delivery, part_purchase" })
    .min(1, { error: "must offer at least one payment method" })
    .optional(),
  payments_number: partsCount.optional(),
  hold: z.boolean({ error: "must be on or off" }).optional(),
})

export const SETTINGS_SCHEMAS = {
  acquiring: {
    values: acquiringValuesSchema,
    secrets: z.strictObject({ token: secret("a merchant token").optional() }),
  },
  installments: {
    values: installmentsValuesSchema,
    secrets: z.strictObject({ secret: secret("an installments secret").optional() }),
  },
  checkout: {
    values: checkoutValuesSchema,
    secrets: z.strictObject({ token: secret("a merchant token").optional() }),
  },
} as const satisfies Record<SettingsApi, { values: z.ZodType; secrets: z.ZodType }>

export type AcquiringValues = z.output<typeof acquiringValuesSchema>
export type InstallmentsValues = z.output<typeof installmentsValuesSchema>
export type CheckoutValues = z.output<typeof checkoutValuesSchema>
export type SettingsValues = { acquiring: AcquiringValues; installments: InstallmentsValues; checkout: CheckoutValues }

export const saveSettingsBodySchema = (api: SettingsApi) =>
  z.strictObject({
    values: (SETTINGS_SCHEMAS[api].values as z.ZodType<Record<string, unknown>>).optional().transform((v) => v ?? {}),
    secrets: (SETTINGS_SCHEMAS[api].secrets as z.ZodType<Record<string, string | null | undefined>>).optional().transform((v) => v ?? {}),
    /** Installments: save another store id or environment although orders made under the current one are open. */
    ...(api === "installments" ? { confirm_open_orders: z.boolean({ error: "must be true or false" }).optional() } : {}),
  })

/**
 * zod issues -> `{ "values.captureMode": "must be ..." }`, for messages next to each field: the same
 * path and rule medusa-config options report (utils/plugin-options), first rule per field.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const { path, rule } of optionProblems(error, { rootName: "body", unknownKeyRule: "is not a setting of this API" })) {
    errors[path] ??= rule
  }
  return errors
}
