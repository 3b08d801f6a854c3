import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { pollInstallmentSession } from "../../../../../workflows/installments"

/**
 * GET /store/monobank/installments/:session_id — what the storefront polls while the shopper
 * confirms in the monobank app: reads the bank state into the session (at most once per session
 * every few seconds, whoever polls; other polls answer what is stored), completes the cart once
 * confirmed (also when the bank's callback never arrived) and answers the status, the bank's
 * code, the required action, texts in Ukrainian and English, and the order once it exists.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const result = await pollInstallmentSession(req.scope, req.params.session_id)
  res.setHeader("Cache-Control", "no-store")
  res.json({ installment: result })
}
