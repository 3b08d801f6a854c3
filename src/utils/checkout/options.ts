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
import { parsePluginOptions } from "../plugin-options"
import { CARD_PROVIDER_PREFIX, INSTALLMENTS_PROVIDER_PREFIX, ON_DELIVERY_PROVIDER_PREFIX } from "../provider-ids"

/** Placeholder in `returnUrl` replaced by the cart id. */
export const CART_ID_PLACEHOLDER = "{cart_id}"

/** Path of the callback route (src/api/hooks/monobank/checkout). */
export const CHECKOUT_CALLBACK_PATH = "/hooks/monobank/checkout"

export const MIN_PAYMENTS_NUMBER = 3
export const MAX_PAYMENTS_NUMBER = 25

const httpUrl = z
  .string({ error: "must be a string" })
  .trim()
  .refine(isHttpUrl, { error: "must be an absolute http(s) URL" })

const TOKEN_REQUIRED = "is required: the X-Token from your monobank business cabinet"

export const paymentsNumberSchema = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(MIN_PAYMENTS_NUMBER, { error: `must be at least ${MIN_PAYMENTS_NUMBER} (the bank hides installments below that)` })
  .max(MAX_PAYMENTS_NUMBER, { error: `must be at most ${MAX_PAYMENTS_NUMBER}` })

/** Medusa payment provider that records each checkout payment method. */
const DEFAULT_PAYMENT_PROVIDERS = {
  card: `${CARD_PROVIDER_PREFIX}monobank`,
  part_purchase: `${INSTALLMENTS_PROVIDER_PREFIX}monobank-installments`,
  payment_on_delivery: `${ON_DELIVERY_PROVIDER_PREFIX}monobank-on-delivery`,
} as const satisfies Record<CheckoutPaymentMethod, string>

const providerId = z.string({ error: "must be a payment provider id such as pp_monobank_monobank" }).min(1)

export const checkoutOptionsSchema = z
  .strictObject({
    /** Merchant token (X-Token), the same as for card payments. */
    token: z
      .string({ error: TOKEN_REQUIRED })
      .trim()
      .min(1, { error: TOKEN_REQUIRED }),
    baseUrl: httpUrl.default(CHECKOUT_BASE_URL),
    timeoutMs: z.number().int().positive().optional(),
    /** Public URL of this Medusa server: the bank calls `${storeUrl}/hooks/monobank/checkout`. */
    storeUrl: httpUrl.transform((value) => value.replace(/\/+$/, "")),
    /** Storefront page the shopper comes back to; `{cart_id}` is replaced by the cart id. */
    returnUrl: z
      .string({ error: "is required: e.g. https://shop.example/checkout/monobank?cart={cart_id}" })
      .trim()
      .refine((value) => isHttpUrl(value.replaceAll(CART_ID_PLACEHOLDER, "x")), {
        error: "must be an absolute http(s) URL (it may contain {cart_id})",
      }),
    dlv_method_list: z.array(deliveryMethodSchema).min(1).default(["pickup", "courier", "np_brnm", "np_box", "np_cargo"]),
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
        message: `is required (${MIN_PAYMENTS_NUMBER}..${MAX_PAYMENTS_NUMBER}) when part_purchase is offered`,
      })
    }
  })

export type CheckoutOptionsInput = z.input<typeof checkoutOptionsSchema>
export type CheckoutOptions = z.output<typeof checkoutOptionsSchema>

/**
 * The plugin hands every plugin module all of its options; checkout reads its own `checkout` key.
 * Undefined when the store does not use mono checkout; throws naming every wrong option.
 */
export function readCheckoutOptions(pluginOptions: unknown): CheckoutOptions | undefined {
  const section = (pluginOptions as { checkout?: unknown } | undefined)?.checkout
  if (section === undefined || section === null) return undefined
  return parsePluginOptions(checkoutOptionsSchema, section, {
    subject: "medusa-payment-monobank: invalid mono checkout options",
    pathPrefix: "checkout",
  })
}

export function callbackUrlOf(options: Pick<CheckoutOptions, "storeUrl">): string {
  return `${options.storeUrl}${CHECKOUT_CALLBACK_PATH}`
}

export function returnUrlOf(options: Pick<CheckoutOptions, "returnUrl">, cartId: string): string {
  return options.returnUrl.replaceAll(CART_ID_PLACEHOLDER, encodeURIComponent(cartId))
}
