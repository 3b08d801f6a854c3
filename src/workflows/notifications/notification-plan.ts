/**
 * What one verified bank notification sets going, as data: Medusa's own payment steps for money
 * held or taken (its process-payment workflow: authorize/capture, completing the cart), and the
 * plugin's sync for what Medusa's steps leave out (card declines, expiry, released holds and refunds
 * made in the bank's cabinet; installment failures: ./apply-notification). The reconcile
 * and the admin's sync take the same split.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"
import { PaymentActions } from "@medusajs/framework/utils"
import type { InvoiceStatusRead } from "../../lib/monobank"
import { WEBHOOK_ACTION } from "../../utils/acquiring/status"
import type { MonobankWebhookFacts, MonobankWebhookResult } from "../../utils/acquiring/webhook-facts"
import { providerKindOf, type ProviderKind } from "../../utils/provider-ids"

/**
 * Which path an action takes: Medusa's process-payment workflow applies authorized / captured (and
 * drops the rest), the plugin's sync the other final ones; pending waits.
 */
export const WEBHOOK_ROUTE = {
  [PaymentActions.PENDING]: "wait",
  [PaymentActions.REQUIRES_MORE]: "wait",
  [PaymentActions.PENDING_AUTHORIZATION]: "wait",
  [PaymentActions.AUTHORIZED]: "core",
  [PaymentActions.SUCCESSFUL]: "core",
  [PaymentActions.FAILED]: "plugin",
  [PaymentActions.CANCELED]: "plugin",
  [PaymentActions.NOT_SUPPORTED]: "plugin",
} as const satisfies Record<PaymentActions, "wait" | "core" | "plugin">

/** Which path a card invoice status takes (a status this plugin does not know waits: read again later). */
export const CARD_STATUS_ROUTE = Object.fromEntries(
  Object.entries(WEBHOOK_ACTION).map(([status, action]) => [status, WEBHOOK_ROUTE[action]])
) as Record<InvoiceStatusRead, (typeof WEBHOOK_ROUTE)[PaymentActions]>

/** Installment actions whose outcome only the plugin's sync applies (the session shows why). */
const INSTALLMENT_ACTION_SYNCED: readonly string[] = [PaymentActions.FAILED, PaymentActions.CANCELED]

export type NotificationPlan = {
  session_id?: string
  /** Medusa's process-payment workflow runs on the result (money held or taken). */
  process_payment: boolean
  /** The card invoice's outcome is applied by the plugin (./acquiring/sync-monobank-invoice). */
  sync_invoice?: MonobankWebhookFacts
  /** The installment session is brought up to date (../installments/sync-installment-session). */
  sync_installments: boolean
}

const NOTHING: NotificationPlan = { process_payment: false, sync_installments: false }

export function notificationPlan(provider: string, result: WebhookActionResult): NotificationPlan {
  const sessionId = result.data?.session_id
  const kind: ProviderKind | undefined = providerKindOf(provider)
  if (!sessionId || !kind) return NOTHING
  const invoice = kind === "card" ? (result as MonobankWebhookResult).data?.monobank : undefined
  return {
    session_id: sessionId,
    process_payment: WEBHOOK_ROUTE[result.action] === "core",
    sync_invoice: invoice && (CARD_STATUS_ROUTE[invoice.status] === "plugin" || invoice.cancelList.length > 0) ? invoice : undefined,
    sync_installments: kind === "installments" && INSTALLMENT_ACTION_SYNCED.includes(result.action),
  }
}
