import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { payAndAnswer } from "../pay"
import { directPaymentBodySchema, parseBody } from "../requests"

/**
 * POST /store/monobank/card-payments/direct `{ cart_id, payment_session_id, cardData: { pan, exp, cvv } }`
 * — pays a session started with `pay_on_store_page: true` with card details typed on the store's
 * own page (option `directCardPayments`, PCI DSS merchants only). Answers `{ status }`:
 * `authorized` (complete the cart), `requires_more` with `tds_url` (send the shopper to 3-D
 * Secure; the bank returns them to the card return page), `pending`, or `error` with the bank's
 * `message`. The amount is the session's. The card details are passed to the bank and forgotten.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { cardData, ...target } = parseBody(directPaymentBodySchema, req.body)
  await payAndAnswer(req, res, target, { kind: "direct", cardData })
}
