import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cardProvider } from "../provider"

/**
 * GET /store/monobank/card-payments/options?provider_id=pp_monobank_<id> — which ways of paying on
 * the store's own page this provider takes, for a storefront to show only those:
 * `{ direct_card, sync_card, apple_pay: { merchant_identifier, display_name } | null,
 *    google_pay: { merchant_id, gateway_merchant_id, environment } | null }`. Public facts only.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const providerId = typeof req.query.provider_id === "string" ? req.query.provider_id : ""
  const provider = await cardProvider(req.scope, providerId)
  res.setHeader("Cache-Control", "no-store")
  res.json(await provider.storePageOptions())
}
