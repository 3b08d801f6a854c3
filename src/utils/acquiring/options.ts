/**
 * Options of the `monobank` card payment provider, as a store owner writes them in medusa-config.
 * Validated once at start-up: a mistake stops Medusa with one message naming every wrong option.
 */
import { z } from "zod"
import { ACQUIRING_BASE_URL, isHttpUrl } from "../../lib/monobank"
import { parsePluginOptions } from "../plugin-options"
import { applePayOptionsSchema, googlePayOptionsSchema } from "./wallet-options"

/** Placeholder in `redirectUrl` replaced by the payment session id. */
export const SESSION_ID_PLACEHOLDER = "{session_id}"

const DAY_SECONDS = 24 * 60 * 60
/** The bank truncates anything longer than 30 days. */
const MAX_VALIDITY_SECONDS = 30 * DAY_SECONDS

const absoluteHttpUrl = z
  .string({ error: "must be a string" })
  .trim()
  .refine((value) => isHttpUrl(value), { error: "must be an absolute http(s) URL" })

const TOKEN_REQUIRED = "is required: the X-Token from your monobank business cabinet (or the test token)"

export const monobankOptionsSchema = z.strictObject({
  /** Merchant token (X-Token) from the monobank business cabinet, or the test token. */
  token: z
    .string({ error: TOKEN_REQUIRED })
    .trim()
    .min(1, { error: TOKEN_REQUIRED }),
  baseUrl: absoluteHttpUrl.default(ACQUIRING_BASE_URL),
  /** "manual": the card is held and captured from the admin; "automatic": charged at once. */
  captureMode: z
    .enum(["manual", "automatic"], { error: 'must be "manual" (hold, capture later) or "automatic"' })
    .default("automatic"),
  /** How long the shopper may pay the invoice, in seconds (bank default: 24 hours). */
  invoiceValiditySeconds: z
    .number({ error: "must be a number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(60, { error: "must be at least 60 seconds" })
    .max(MAX_VALIDITY_SECONDS, { error: "must be at most 30 days (2592000)" })
    .default(DAY_SECONDS),
  /** Where the bank sends the shopper after paying; `{session_id}` is replaced by the payment session id. */
  redirectUrl: z
    .string({ error: "is required: your storefront's return page, e.g. https://shop.example/checkout/monobank/return?session={session_id}" })
    .trim()
    .refine((value) => isHttpUrl(value.replaceAll(SESSION_ID_PLACEHOLDER, "x")), {
      error: "must be an absolute http(s) URL (it may contain {session_id})",
    }),
  /** Public URL of this Medusa server; webhooks go to `${webhookBaseUrl}/hooks/monobank/payment/monobank_<id>`. */
  webhookBaseUrl: absoluteHttpUrl.transform((value) => value.replace(/\/+$/, "")),
  /** The `id` this provider is registered with in medusa-config, when a store registers several and it cannot be told. */
  providerId: z.string({ error: "must be a string (the provider's id in medusa-config)" }).trim().min(1).optional(),
  /** Payment purpose shown to the shopper and in the bank statement (max 280 characters). */
  destination: z
    .string({ error: "must be a string" })
    .max(280, { error: "must be at most 280 characters" })
    .default("Оплата замовлення"),
  /** Submerchant terminal code (only for merchants the bank told to pass one). */
  code: z.string({ error: "must be a string (the submerchant terminal code)" }).min(1).optional(),
  /** Employee who receives tips (id from the bank's employee list). */
  tipsEmployeeId: z.string({ error: "must be a string" }).min(1).optional(),
  agentFeePercent: z
    .number({ error: "must be a number" })
    .min(0, { error: "must be between 0 and 100" })
    .max(100, { error: "must be between 0 and 100" })
    .optional(),
  /** Send the cart's items as `basketOrder` (needed when a fiscal register (PRRO) is linked). */
  fiscalBasket: z.boolean({ error: "must be true or false" }).default(false),
  /** Let logged-in customers save cards (tokenization must be enabled for you by the bank). */
  cardSaving: z.boolean({ error: "must be true or false" }).default(false),
  /**
   * Take card details on the store's own checkout page (`payment-direct`). Only for merchants with
   * an active PCI DSS certificate: card numbers then pass through this server (never stored).
   */
  directCardPayments: z.boolean({ error: "must be true or false" }).default(false),
  /** Pay by card details or Apple Pay / Google Pay with a synchronous answer (`sync-payment`; access granted by the bank). */
  syncPayments: z.boolean({ error: "must be true or false" }).default(false),
  /** Apple Pay on the store's page (docs/wallets.md): the wallet's keys and certificates are secrets. Needs `syncPayments`. */
  applePay: applePayOptionsSchema.optional(),
  /** Google Pay on the store's page (docs/wallets.md): the wallet's keys are secrets. Needs `syncPayments`. */
  googlePay: googlePayOptionsSchema.optional(),
  /**
   * A webhook whose signature fails makes the provider refetch the bank's key (it may have been
   * rotated), at most once per this many milliseconds.
   */
  webhookKeyRefreshIntervalMs: z
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(0, { error: "must not be negative" })
    .default(10_000),
  /** Per-call time limit towards the bank, in milliseconds. */
  timeoutMs: z
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(1000, { error: "must be at least 1000 ms" })
    .max(120_000, { error: "must be at most 120000 ms" })
    .default(30_000),
}).superRefine((options, ctx) => {
  for (const wallet of ["applePay", "googlePay"] as const) {
    if (options[wallet] && !options.syncPayments) {
      ctx.addIssue({ code: "custom", path: [wallet], message: "needs syncPayments: true (wallet payments go through sync-payment, which monobank must enable for your merchant)" })
    }
  }
})

export type MonobankOptionsInput = z.input<typeof monobankOptionsSchema>
export type MonobankOptions = z.output<typeof monobankOptionsSchema>

/** Parses the options or throws one error listing every problem, e.g. "monobank provider: invalid options: token: is required ...". */
export function parseMonobankOptions(options: unknown): MonobankOptions {
  return parsePluginOptions(monobankOptionsSchema, options, { subject: "monobank provider: invalid options" })
}

/** The shopper's return URL for one payment session. */
export function buildRedirectUrl(template: string, sessionId: string): string {
  return template.replaceAll(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId))
}
