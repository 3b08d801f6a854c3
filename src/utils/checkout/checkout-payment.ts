/**
 * A Medusa payment session that records money a shopper already paid (or was approved for) on the
 * mono checkout page. Such a session is created only by the plugin's checkout workflow, which
 * puts the facts it read from the bank into the payment session *context*: the storefront can set
 * a session's `data` but never its context. The providers copy the facts into `data` (readable by
 * the storefront: ids and statuses only) and answer from them instead of creating an invoice or an
 * installment order: see ./checkout-payments.
 */
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { z } from "zod"
import { checkoutPaymentMethodSchema } from "../../lib/monobank"
import type { RecordedPayment } from "./outcome"

/** Key in the payment session context (set by the workflow) and in the session / payment data. */
export const CHECKOUT_PAYMENT_KEY = "monobank_checkout"

/**
 * Keys earlier versions stored, by their current name: the bank's checkout order id was `order_id`
 * (which reads like a Medusa order), the cart id was `order_ref` (the bank's order_ref is
 * `<cart id>-<n>` after a first attempt). Such data is read under the current names and written
 * back under them only; a current key present wins over its old one.
 */
const EARLIER_KEYS = { checkout_order_id: "order_id", cart_id: "order_ref" } as const

function withCurrentKeys(value: unknown): unknown {
  if (!value || typeof value !== "object") return value
  const facts = { ...(value as Record<string, unknown>) }
  for (const [current, earlier] of Object.entries(EARLIER_KEYS)) {
    if (!(earlier in facts)) continue
    if (!(current in facts)) facts[current] = facts[earlier]
    delete facts[earlier]
  }
  return facts
}

export const checkoutPaymentSchema = z.preprocess(withCurrentKeys, z.object({
  /** The bank's checkout order id (`order_id` in the bank's API). */
  checkout_order_id: z.string().min(1),
  /** The cart the checkout order was made from. */
  cart_id: z.string().min(1),
  payment_method: checkoutPaymentMethodSchema,
  /** How Medusa records it: see PLACED_PAYMENT in ./outcome. */
  payment: z.enum(["captured", "authorized"]),
  general_status: z.string(),
  payment_status: z.string().nullable(),
  /** What the bank collected, exact UAH text. */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  checked_at: z.string(),
}))

export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>

export const CHECKOUT_SESSION_STATUS = {
  captured: PaymentSessionStatus.CAPTURED,
  authorized: PaymentSessionStatus.AUTHORIZED,
} as const satisfies Record<RecordedPayment, PaymentSessionStatus>

function readFrom(source: unknown, where: string): CheckoutPayment | undefined {
  const value = (source as Record<string, unknown> | undefined | null)?.[CHECKOUT_PAYMENT_KEY]
  if (value === undefined || value === null) return undefined
  const parsed = checkoutPaymentSchema.safeParse(value)
  if (!parsed.success) {
    throw new Error(`monobank checkout: malformed ${CHECKOUT_PAYMENT_KEY} in the payment ${where}: ${parsed.error.issues[0]?.message}`)
  }
  return parsed.data
}

/** The checkout facts the workflow put into the session context, if this session records one. */
export function checkoutPaymentFromContext(context: unknown): CheckoutPayment | undefined {
  return readFrom(context, "session context")
}

/**
 * The checkout facts of a session / payment created from the context. Only trustworthy because
 * the providers drop this key from any other session's data when it is created.
 */
export function readCheckoutPayment(data: unknown): CheckoutPayment | undefined {
  return readFrom(data, "data")
}
