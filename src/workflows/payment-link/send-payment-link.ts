/**
 * Sends a payment link to the order's e-mail through Medusa's notification module, when the store
 * has a notification provider for the `email` channel (SendGrid, Resend, ... or the local one in
 * the demo store). The template is the store's: it gets the link, the amount and the expiry.
 */
import type { INotificationModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { SqlConnection } from "../../utils/due-sessions-query"
import type { OrderBalance } from "./order-balance"
import type { PaymentLinkView } from "./payment-link"

export const PAYMENT_LINK_TEMPLATE = "monobank-payment-link"
const EMAIL_CHANNEL = "email"

/** Whether an enabled notification provider takes the `email` channel. */
export async function canSendByEmail(container: MedusaContainer): Promise<boolean> {
  if (!container.hasRegistration(Modules.NOTIFICATION)) return false
  try {
    const { rows } = await container.resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION).raw(
      `select 1 from notification_provider where is_enabled = true and ? = any(channels) and deleted_at is null limit 1`,
      [EMAIL_CHANNEL]
    )
    return rows.length > 0
  } catch {
    return false
  }
}

export async function sendPaymentLink(container: MedusaContainer, order: OrderBalance["order"], link: PaymentLinkView): Promise<string> {
  if (link.state !== "waiting") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The payment link of order ${order.id} can no longer be paid: nothing was sent`)
  }
  if (!order.email) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order ${order.id} has no e-mail address to send the payment link to`)
  if (!(await canSendByEmail(container))) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "No notification provider for e-mail is configured in this store: copy the link instead")
  }
  await container.resolve<INotificationModuleService>(Modules.NOTIFICATION).createNotifications({
    to: order.email,
    channel: EMAIL_CHANNEL,
    template: PAYMENT_LINK_TEMPLATE,
    trigger_type: "monobank.payment_link",
    resource_id: order.id,
    resource_type: "order",
    data: {
      order_id: order.id,
      order_display_id: order.display_id,
      url: link.url,
      amount: link.amount,
      expires_at: link.expires_at,
    },
  })
  return order.email
}
