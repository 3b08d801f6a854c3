import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { StorePage } from "../../../../../providers/monobank/store-page"

/**
 * GET /store/monobank/card-payments/options?provider_id=pp_monobank_<id> — which ways of paying on
 * the store's own page this provider takes, for a storefront to show only those:
 * `{ direct_card, apple_pay: { merchant_identifier, display_name } | null,
 *    google_pay: { merchant_id, merchant_name, environment, public_key } | null }`. Public facts only.
 * No `sync_card`: a card with the merchant's own 3-D Secure result is never taken from a browser
 * (../authenticated-card).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const providerId = typeof req.query.provider_id === "string" ? req.query.provider_id : ""
  const { sync_card: _serverSideOnly, ...storefrontOptions } = (await StorePage.of(req.scope, providerId)).options()
  res.setHeader("Cache-Control", "no-store")
  res.json(storefrontOptions)
}
