import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { syncInstallmentSessionWorkflow } from "../../../../../workflows/installments"

/**
 * GET /store/monobank/installments/:session_id — what the storefront polls while the shopper
 * confirms in the monobank app: reads the bank state into the session, completes the cart once
 * confirmed (also when the bank's callback never arrived) and answers the status, the bank's
 * code, the required action, texts in Ukrainian and English, and the order once it exists.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await syncInstallmentSessionWorkflow(req.scope).run({
    input: { session_id: req.params.session_id, complete_cart: true },
  })
  res.setHeader("Cache-Control", "no-store")
  res.json({ installment: result })
}
