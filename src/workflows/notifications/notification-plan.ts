/**
 * What one verified bank notification sets going, as data: Medusa's own payment steps for money
 * held or taken (authorize/capture, completing the cart), and the plugin's sync for what Medusa's
 * steps leave out (card declines, expiry, released holds and refunds made in the bank's cabinet;
 * installment failures). Both run in one workflow (./handle-monobank-notification).
 */
import type { WebhookActionResult } from "@medusajs/framework/types"
import { PaymentActions } from "@medusajs/framework/utils"
import type { MonobankWebhookFacts, MonobankWebhookResult } from "../../utils/acquiring/webhook-facts"
import { providerKindOf, type ProviderKind } from "../../utils/provider-ids"

/** Actions Medusa's process-payment workflow applies (the others it would drop). */
const MEDUSA_APPLIES = {
  [PaymentActions.AUTHORIZED]: true,
  [PaymentActions.SUCCESSFUL]: true,
  [PaymentActions.FAILED]: false,
  [PaymentActions.CANCELED]: false,
  [PaymentActions.PENDING]: false,
  [PaymentActions.REQUIRES_MORE]: false,
  [PaymentActions.NOT_SUPPORTED]: false,
  [PaymentActions.PENDING_AUTHORIZATION]: false,
} as const satisfies Record<PaymentActions, boolean>

/** Card invoice statuses whose outcome only the plugin's sync applies. */
const CARD_STATUS_SYNCED = {
  created: false,
  processing: false,
  hold: false,
  success: false,
  failure: true,
  reversed: true,
  expired: true,
  unknown: false,
} as const satisfies Record<MonobankWebhookFacts["status"], boolean>

/** Installment actions whose outcome only the plugin's sync applies (the session shows why). */
const INSTALLMENT_ACTION_SYNCED: readonly string[] = [PaymentActions.FAILED, PaymentActions.CANCELED]

export type NotificationPlan = {
  session_id?: string
  /** Medusa's process-payment workflow runs. */
  process_payment: boolean
  /** The card invoice's outcome is applied by the plugin (./acquiring/sync-monobank-invoice). */
  sync_invoice?: MonobankWebhookFacts
  /** The installment session is brought up to date (../installments/sync-installment-session). */
  sync_installments: boolean
}

const NOTHING: NotificationPlan = { process_payment: false, sync_installments: false }

/**
 * `medusaAppliesPayment`: the delivery came through Medusa's `/hooks/payment/<provider>`, whose own
 * subscriber runs the process-payment workflow (invoices and orders made before the plugin's own route).
 */
export function notificationPlan(provider: string, result: WebhookActionResult, medusaAppliesPayment = false): NotificationPlan {
  const sessionId = result.data?.session_id
  const kind: ProviderKind | undefined = providerKindOf(provider)
  if (!sessionId || !kind) return NOTHING
  const invoice = kind === "card" ? (result as MonobankWebhookResult).data?.monobank : undefined
  return {
    session_id: sessionId,
    process_payment: !medusaAppliesPayment && MEDUSA_APPLIES[result.action as PaymentActions] === true,
    sync_invoice: invoice && (CARD_STATUS_SYNCED[invoice.status] || invoice.cancelList.length > 0) ? invoice : undefined,
    sync_installments: kind === "installments" && INSTALLMENT_ACTION_SYNCED.includes(result.action),
  }
}
