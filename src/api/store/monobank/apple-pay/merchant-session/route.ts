import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { StorePage } from "../../../../../providers/monobank/store-page"
import { parseBody } from "../../card-payments/requests"

const bodySchema = z.strictObject({
  provider_id: z.string({ error: "is required (pp_monobank_<id>)" }).min(1, { error: "is required (pp_monobank_<id>)" }),
  /** `validationURL` of Apple Pay JS's `onvalidatemerchant` event; only Apple's hosts are asked. */
  validation_url: z.string({ error: "is required (the event's validationURL)" }).min(1, { error: "is required (the event's validationURL)" }),
})

/**
 * POST /store/monobank/apple-pay/merchant-session `{ provider_id, validation_url }` — asks Apple for a
 * merchant session with the store's merchant identity certificate, and answers Apple's object for
 * `session.completeMerchantValidation`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = parseBody(bodySchema, req.body)
  const storePage = await StorePage.of(req.scope, body.provider_id)
  res.setHeader("Cache-Control", "no-store")
  res.json(await storePage.applePayMerchantSession(body.validation_url))
}
