/**
 * POST /hooks/monobank/notifications/<identifier>_<id> — where the plugin's providers ask the bank
 * to send card webhooks and installment callbacks. The provider verifies the delivery once, on the
 * raw bytes (ECDSA `X-Sign` / HMAC `signature`), and says what it means; one workflow then applies
 * it (../../../../../workflows/notifications). Answered after it was applied: 200, or an error the
 * bank retries on, so a delivery that could not be applied is sent again instead of lost.
 * Deliveries to Medusa's `/hooks/payment/<provider>` (invoices and orders made before this route)
 * are still handled there.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService, IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { applyMonobankNotification, NOTIFICATION_HANDLED_EVENT, type NotificationHandledEvent } from "../../../../../workflows/notifications"
import { isNotifiedProvider } from "../../../../../utils/provider-ids"
import { rawBodyBytes } from "../../../../../utils/raw-body"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const provider = String(req.params.provider ?? "")
  if (!isNotifiedProvider(provider)) {
    res.status(404).json({ message: `No monobank provider ${provider} takes notifications` })
    return
  }
  const handled: NotificationHandledEvent = { provider, ok: false }
  try {
    const result = await req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT).getWebhookActionAndData({
      provider,
      payload: { data: (req.body ?? {}) as Record<string, unknown>, rawData: rawBodyBytes((req as { rawBody?: unknown }).rawBody) ?? Buffer.alloc(0), headers: req.headers as Record<string, unknown> },
    })
    Object.assign(handled, { session_id: result.data?.session_id, action: result.action })
    await applyMonobankNotification(req.scope, provider, result)
    handled.ok = true
    res.status(200).json({ received: true })
  } finally {
    await req.scope
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit({ name: NOTIFICATION_HANDLED_EVENT, data: handled })
      .catch(() => undefined)
  }
}
