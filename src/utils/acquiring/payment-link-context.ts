/**
 * A payment link is a card invoice the store owner makes for what an order still owes
 * (src/workflows/payment-link). The plugin's admin route says so in the payment session's
 * `context`, which Medusa keeps on the server (a storefront sets a session's `data`, never its
 * context): the provider then gives the invoice the link's validity and no return page, since the
 * shopper who opens a link has no cart to come back to.
 */
import { z } from "zod"
import { BANK_LONGEST_VALIDITY_SECONDS } from "../reconcile-schedule"

export const PAYMENT_LINK_CONTEXT_KEY = "monobank_payment_link"
/** How long a link can be paid when the store owner does not say: a week. */
export const PAYMENT_LINK_DEFAULT_VALIDITY_SECONDS = 7 * 24 * 60 * 60
/** The bank's own limit on an invoice's validity: 30 days. */
export const PAYMENT_LINK_MAX_VALIDITY_SECONDS = BANK_LONGEST_VALIDITY_SECONDS

export const paymentLinkValiditySchema = z
  .number({ error: "validity_seconds must be a number of seconds" })
  .int({ error: "validity_seconds must be a whole number of seconds" })
  .min(60, { error: "validity_seconds must be at least 60" })
  .max(PAYMENT_LINK_MAX_VALIDITY_SECONDS, { error: `validity_seconds must be at most ${PAYMENT_LINK_MAX_VALIDITY_SECONDS} (30 days)` })

const paymentLinkContextSchema = z.object({
  order_id: z.string().min(1),
  validity_seconds: paymentLinkValiditySchema,
})

export type PaymentLinkContext = z.infer<typeof paymentLinkContextSchema>

export function paymentLinkContext(link: PaymentLinkContext): Record<string, unknown> {
  return { [PAYMENT_LINK_CONTEXT_KEY]: paymentLinkContextSchema.parse(link) }
}

/** The link a session's context describes; undefined for a checkout session (or a context not ours). */
export function paymentLinkOfContext(context: unknown): PaymentLinkContext | undefined {
  if (!context || typeof context !== "object") return undefined
  const parsed = paymentLinkContextSchema.safeParse((context as Record<string, unknown>)[PAYMENT_LINK_CONTEXT_KEY])
  return parsed.success ? parsed.data : undefined
}
