/**
 * `GET /admin/monobank/orders/:id/payment-link`: what the order owes and its latest payment link.
 * `POST` the same path: the link for what it owes now (the same one while it fits; see
 * src/workflows/payment-link), optionally sent to the order's e-mail. Body, all optional:
 * `provider_id` (a monobank card provider of the order's region), `validity_seconds` (60 to 30
 * days, default 7 days), `send` (true: e-mail it through the notification module).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { paymentLinkValiditySchema } from "../../../../../../utils/acquiring/payment-link-context"
import { makePaymentLink, paymentLinkFacts, type MakePaymentLinkResult, type PaymentLinkFacts } from "../../../../../../workflows/payment-link/payment-link"

const bodySchema = z.strictObject({
  provider_id: z.string({ error: "provider_id must be a payment provider id" }).trim().min(1, { error: "provider_id must not be empty" }).optional(),
  validity_seconds: paymentLinkValiditySchema.optional(),
  send: z.boolean({ error: "send must be true or false" }).optional(),
})

export async function GET(req: MedusaRequest, res: MedusaResponse<{ payment_link: PaymentLinkFacts }>) {
  res.json({ payment_link: await paymentLinkFacts(req.scope, req.params.id) })
}

export async function POST(req: MedusaRequest, res: MedusaResponse<MakePaymentLinkResult>) {
  const body = bodySchema.safeParse(req.body ?? {})
  if (!body.success) {
    const words = body.error.issues.map((issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : issue.message))
    throw new MedusaError(MedusaError.Types.INVALID_DATA, words.join("; "))
  }
  res.json(await makePaymentLink(req.scope, req.params.id, body.data))
}
