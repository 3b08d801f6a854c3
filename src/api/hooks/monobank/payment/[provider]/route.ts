/**
 * POST /hooks/monobank/payment/:provider — where the plugin's providers tell the bank to send
 * webhooks (card) and callbacks (installments): `<webhookBaseUrl>/hooks/monobank/payment/<identifier>_<id>`.
 * The raw body is kept (src/api/middlewares.ts) for the signature check.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isNotifiedProvider } from "../../../../../utils/provider-ids"
import { answerMonobankNotification } from "../../../payment/take-notification"

export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  if (!isNotifiedProvider(req.params.provider)) {
    res.status(404).json({ type: "not_found", message: `provider: ${req.params.provider} is not a monobank provider that takes notifications` })
    return
  }
  await answerMonobankNotification(req, res)
}
