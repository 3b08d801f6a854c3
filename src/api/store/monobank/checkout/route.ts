import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { checkoutPaymentMethodSchema, deliveryMethodSchema } from "../../../../lib/monobank"
import { createMonobankCheckoutOrderWorkflow } from "../../../../workflows/checkout"

const bodySchema = z.strictObject({
  cart_id: z.string({ error: "cart_id is required" }).trim().min(1, { error: "cart_id is required" }),
  /** Offer only these of the store's delivery / payment methods for this cart. */
  dlv_method_list: z.array(deliveryMethodSchema).min(1).optional(),
  payment_method_list: z.array(checkoutPaymentMethodSchema).min(1).optional(),
  payments_number: z.number({ error: "payments_number must be a number" }).optional(),
})

/**
 * POST /store/monobank/checkout `{ cart_id }` — sends the cart to mono checkout and answers
 * `{ redirect_url }`, the bank's page where the shopper picks delivery and payment. One bank
 * order per cart: asking again answers the same page.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const parsed = bodySchema.safeParse(req.body ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path.join(".")
    throw new MedusaError(MedusaError.Types.INVALID_DATA, field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message)
  }
  const { result } = await createMonobankCheckoutOrderWorkflow(req.scope).run({ input: parsed.data })
  res.setHeader("Cache-Control", "no-store")
  res.json({ redirect_url: result.redirect_url })
}
