/**
 * Every monobank webhook and callback, whichever address the bank was given: the plugin's own
 * `/hooks/monobank/payment/<provider>` (what new invoices and orders name) and Medusa's
 * `/hooks/payment/<provider>` (what invoices made before the upgrade name; this runs there as a
 * middleware, and Medusa's route is not reached for the plugin's providers). A card webhook's
 * signed paid or held record is kept on the plugin's row as it arrives (./keep-arriving-webhook); then
 * the delivery is queued as one event that one subscriber handles: each delivery is read once.
 * The bank is answered 200 as soon as the event is queued, as Medusa's own route does.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isNotifiedProvider, providerKindOf } from "../../../utils/provider-ids"
import { emitMonobankNotification } from "../../../workflows/notifications/notification-event"
import { keepArrivingCardWebhook } from "./keep-arriving-webhook"

/** Queues one delivery to `provider` and answers the bank. */
export async function answerMonobankNotification(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const provider = req.params.provider
  if (providerKindOf(provider) === "card") await keepArrivingCardWebhook(req, provider)
  try {
    await emitMonobankNotification(req.scope, {
      provider,
      payload: { data: req.body as Record<string, unknown>, rawData: (req as { rawBody?: unknown }).rawBody as string | Buffer, headers: req.headers as Record<string, unknown> },
    })
  } catch (error) {
    res.status(400).send(`Webhook Error: ${(error as Error).message}`)
    return
  }
  res.sendStatus(200)
}

/** On Medusa's `/hooks/payment/:provider`: the plugin's providers are answered here, any other goes on to Medusa's route. */
export async function takeMonobankNotification(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  if (!isNotifiedProvider(req.params.provider)) return next()
  await answerMonobankNotification(req, res)
}
