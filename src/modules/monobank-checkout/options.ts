/**
 * mono checkout options, as a store owner writes them under the plugin's options:
 * `plugins: [{ resolve: "medusa-payment-monobank", options: { checkout: { ... } } }]`.
 * Options named like a bank field (`dlv_method_list`, `payment_method_list`, `payments_number`,
 * `dlv_pay_merchant`, `hold`) are sent to the bank as they are. Validated once at start-up.
 */
import { z } from "zod"
import {
  CHECKOUT_BASE_URL,
  checkoutPaymentMethodSchema,
  deliveryMethodSchema,
  isHttpUrl,
  type CheckoutPaymentMethod,
} from "../../lib/monobank"

/** Placeholder in `returnUrl` replaced by the cart id. */
export const CART_ID_PLACEHOLDER = "{cart_id}"

/** Path of the callback route (src/api/hooks/monobank/checkout). */
export const CHECKOUT_CALLBACK_PATH = "/hooks/monobank/checkout"

export const MIN_PAYMENTS_NUMBER = 3
export const MAX_PAYMENTS_NUMBER = 25

const httpUrl = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .trim()
    .refine(isHttpUrl, { error: `${what} must be an absolute http(s) URL` })

export const paymentsNumberSchema = z
  .number({ error: "payments_number must be a number" })
  .int({ error: "payments_number must be a whole number" })
  .min(MIN_PAYMENTS_NUMBER, { error: `payments_number must be at least ${MIN_PAYMENTS_NUMBER} (the bank hides installments below that)` })
  .max(MAX_PAYMENTS_NUMBER, { error: `payments_number must be at most ${MAX_PAYMENTS_NUMBER}` })

/** Medusa payment provider that records each checkout payment method. */
const DEFAULT_PAYMENT_PROVIDERS = {
  card: "pp_monobank_monobank",
  part_purchase: "pp_monobank-installments_monobank-installments",
  payment_on_delivery: "pp_monobank-on-delivery_monobank-on-delivery",
} as const satisfies Record<CheckoutPaymentMethod, string>

const providerId = z.string({ error: "must be a payment provider id such as pp_monobank_monobank" }).min(1)

export const checkoutOptionsSchema = z
  .strictObject({
    /** Merchant token (X-Token), the same as for card payments. */
    token: z
      .string({ error: "checkout.token is required: the X-Token from your monobank business cabinet" })
      .trim()
      .min(1, { error: "checkout.token is required: the X-Token from your monobank business cabinet" }),
    baseUrl: httpUrl("checkout.baseUrl").default(CHECKOUT_BASE_URL),
    timeoutMs: z.number().int().positive().optional(),
    /** Public URL of this Medusa server: the bank calls `${storeUrl}/hooks/monobank/checkout`. */
    storeUrl: httpUrl("checkout.storeUrl").transform((value) => value.replace(/\/+$/, "")),
    /** Storefront page the shopper comes back to; `{cart_id}` is replaced by the cart id. */
    returnUrl: z
      .string({ error: "checkout.returnUrl is required: e.g. https://shop.example/checkout/monobank?cart={cart_id}" })
      .trim()
      .refine((value) => isHttpUrl(value.replaceAll(CART_ID_PLACEHOLDER, "x")), {
        error: "checkout.returnUrl must be an absolute http(s) URL (it may contain {cart_id})",
      }),
    dlv_method_list: z.array(deliveryMethodSchema).min(1).default(["pickup", "courier", "np_brnm", "np_box"]),
    payment_method_list: z.array(checkoutPaymentMethodSchema).min(1).default(["card"]),
    payments_number: paymentsNumberSchema.optional(),
    dlv_pay_merchant: z.boolean().default(false),
    hold: z.boolean().default(false),
    /**
     * Callbacks carry `X-Sign` (checked whenever present). true: a callback without a valid
     * signature is refused (401) instead of being read as a hint. Default false.
     */
    requireCallbackSignature: z.boolean().default(false),
    paymentProviders: z
      .strictObject({
        card: providerId.default(DEFAULT_PAYMENT_PROVIDERS.card),
        part_purchase: providerId.default(DEFAULT_PAYMENT_PROVIDERS.part_purchase),
        payment_on_delivery: providerId.default(DEFAULT_PAYMENT_PROVIDERS.payment_on_delivery),
      })
      .default(DEFAULT_PAYMENT_PROVIDERS),
  })
  .superRefine((options, ctx) => {
    if (options.payment_method_list.includes("part_purchase") && options.payments_number === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["payments_number"],
        message: `payments_number (${MIN_PAYMENTS_NUMBER}..${MAX_PAYMENTS_NUMBER}) is required when part_purchase is offered`,
      })
    }
  })

export type CheckoutOptionsInput = z.input<typeof checkoutOptionsSchema>
export type CheckoutOptions = z.output<typeof checkoutOptionsSchema>

/**
 * The plugin hands every plugin module all of its options; checkout reads its own `checkout` key.
 * Undefined when the store does not use mono checkout; throws naming the option when it is wrong.
 */
export function readCheckoutOptions(pluginOptions: unknown): CheckoutOptions | undefined {
  const section = (pluginOptions as { checkout?: unknown } | undefined)?.checkout
  if (section === undefined || section === null) return undefined
  const parsed = checkoutOptionsSchema.safeParse(section)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue.path.length ? `checkout.${issue.path.join(".")}: ` : ""
    throw new Error(`medusa-payment-monobank: invalid mono checkout option ${where}${issue.message}`)
  }
  return parsed.data
}

export function callbackUrlOf(options: Pick<CheckoutOptions, "storeUrl">): string {
  return `${options.storeUrl}${CHECKOUT_CALLBACK_PATH}`
}

export function returnUrlOf(options: Pick<CheckoutOptions, "returnUrl">, cartId: string): string {
  return options.returnUrl.replaceAll(CART_ID_PLACEHOLDER, encodeURIComponent(cartId))
}
