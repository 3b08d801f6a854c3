/**
 * Options of the `monobank-installments` provider, as a store owner writes them in medusa-config.ts.
 * Validated once at start-up; every message names the option and what is expected.
 */
import { z } from "zod"
import { INSTALLMENTS_BASE_URLS, type InstallmentsEnvironment } from "../../lib/monobank"
import { parsePluginOptions, renamedOption } from "../plugin-options"

export const MIN_PARTS = 3
export const MAX_PARTS = 25
export const DEFAULT_ALLOWED_PARTS: readonly number[] = [3, 4, 6]

const ENVIRONMENTS = Object.keys(INSTALLMENTS_BASE_URLS) as [InstallmentsEnvironment, ...InstallmentsEnvironment[]]

const partsCount = z
  .number({ error: `must be a whole number from ${MIN_PARTS} to ${MAX_PARTS}` })
  .int({ error: `must be a whole number from ${MIN_PARTS} to ${MAX_PARTS}` })
  .min(MIN_PARTS, { error: `must be at least ${MIN_PARTS} (the bank's minimum number of payments)` })
  .max(MAX_PARTS, { error: `must be at most ${MAX_PARTS} (the bank's maximum number of payments)` })

const absoluteHttpUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://shop.example.com" })
  .transform((url) => url.replace(/\/+$/, ""))

const requiredText = (what: string) =>
  z
    .string({ error: `is required: ${what}` })
    .trim()
    .min(1, { error: `is required: ${what}` })

const optionsSchema = z
  .object({
    storeId: requiredText("the store id (store-id) issued by monobank for installment purchase"),
    secret: requiredText("the store secret issued by monobank, used to sign requests and check callbacks"),
    environment: z
      .enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.map((e) => `"${e}"`).join(", ")}` })
      .optional(),
    baseUrl: absoluteHttpUrl.optional(),
    /** Public URL of this Medusa server; callbacks go to `${webhookBaseUrl}/hooks/monobank/payment/monobank-installments_<id>`. */
    webhookBaseUrl: absoluteHttpUrl.optional(),
    /** Id this provider is registered with in medusa-config (`id`), when it cannot be inferred. */
    providerId: z.string().trim().min(1).optional(),
    allowedParts: z
      .array(partsCount, { error: "must be a list of numbers of payments, e.g. [3, 4, 6]" })
      .min(1, { error: "must list at least one number of payments" })
      .refine((list) => new Set(list).size === list.length, { error: "must not repeat a number of payments" })
      .optional(),
    defaultParts: partsCount.optional(),
    invoiceSource: z.enum(["INTERNET", "STORE"], { error: 'must be "INTERNET" or "STORE"' }).optional(),
    pointId: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, { error: "must not be empty" })
      .max(50, { error: "must be at most 50 characters" })
      .optional(),
    timeoutMs: z.number().int().positive({ error: "must be a positive number of milliseconds" }).optional(),
    /**
     * Place the Medusa order as soon as the bank has the installment order, before the shopper
     * approves it in the app (the payment is `pending_authorization` until then; docs/installments.md).
     */
    placeOrderBeforeApproval: z.boolean({ error: "must be true or false" }).optional(),
  })
  .superRefine((options, ctx) => {
    if (options.environment && options.baseUrl) {
      ctx.addIssue({
        code: "custom",
        path: ["baseUrl"],
        message: `give either environment or baseUrl, not both (environment "${options.environment}" already chooses the bank's address)`,
      })
    }
    if (!options.environment && !options.baseUrl) {
      ctx.addIssue({
        code: "custom",
        path: ["environment"],
        message: `is required: "sandbox", "stage" or "production" (or give baseUrl, e.g. the emulator's address)`,
      })
    }
    const allowed = options.allowedParts ?? DEFAULT_ALLOWED_PARTS
    if (options.defaultParts !== undefined && !allowed.includes(options.defaultParts)) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultParts"],
        message: `must be one of allowedParts (${allowed.join(", ")})`,
      })
    }
  })

/** The option's name before 0.2 (the card provider's `webhookBaseUrl` is the one name now). */
const OLD_HOOK_OPTION = { from: "callbackBaseUrl", to: "webhookBaseUrl", subject: "monobank-installments provider" }

export type MonobankInstallmentsOptions = z.input<typeof optionsSchema> & { /** @deprecated: `webhookBaseUrl` */ callbackBaseUrl?: string }

export type ResolvedInstallmentsOptions = {
  storeId: string
  secret: string
  baseUrl: string
  environment?: InstallmentsEnvironment
  webhookBaseUrl?: string
  providerId?: string
  allowedParts: number[]
  defaultParts: number
  invoiceSource: "INTERNET" | "STORE"
  pointId?: string
  timeoutMs?: number
  placeOrderBeforeApproval: boolean
}

/** Validates and completes the options; throws one error listing every problem. */
export function resolveInstallmentsOptions(input: unknown): ResolvedInstallmentsOptions {
  const renamed = input && typeof input === "object" ? renamedOption(input as Record<string, unknown>, OLD_HOOK_OPTION) : input
  const options = parsePluginOptions(optionsSchema, renamed, {
    subject: "monobank-installments provider: invalid options",
    hint: "See docs/installments.md.",
  })
  const allowedParts = [...(options.allowedParts ?? DEFAULT_ALLOWED_PARTS)].sort((a, b) => a - b)
  return {
    storeId: options.storeId,
    secret: options.secret,
    baseUrl: options.baseUrl ?? INSTALLMENTS_BASE_URLS[options.environment!],
    environment: options.environment,
    webhookBaseUrl: options.webhookBaseUrl,
    providerId: options.providerId,
    allowedParts,
    defaultParts: options.defaultParts ?? allowedParts[0],
    invoiceSource: options.invoiceSource ?? "INTERNET",
    pointId: options.pointId,
    timeoutMs: options.timeoutMs,
    placeOrderBeforeApproval: options.placeOrderBeforeApproval ?? false,
  }
}
