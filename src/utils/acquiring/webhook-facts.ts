/**
 * What an acquiring webhook tells the plugin beyond the core's `session_id`/`amount`: read from a
 * verified invoice record by the payment provider, and used by the webhook subscriber, the sync
 * workflow and the admin order sync.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"
import type { InvoiceStatusRecord } from "../../lib/monobank"
import { capturedMinor } from "./status"

/** What the plugin's own subscriber needs beyond the core's `session_id`/`amount`. */
export type MonobankWebhookFacts = Pick<
  InvoiceStatusRecord,
  "invoiceId" | "status" | "amount" | "ccy" | "finalAmount" | "modifiedDate" | "failureReason" | "errCode"
> & {
  cancelList: NonNullable<InvoiceStatusRecord["cancelList"]>
  /** Minor units the bank took (before refunds). */
  capturedAmount: number
}

export type MonobankWebhookResult = WebhookActionResult & {
  data?: WebhookActionResult["data"] & { monobank?: MonobankWebhookFacts }
}

export function webhookFacts(record: InvoiceStatusRecord): MonobankWebhookFacts {
  return {
    invoiceId: record.invoiceId,
    status: record.status,
    amount: record.amount,
    ccy: record.ccy,
    finalAmount: record.finalAmount,
    modifiedDate: record.modifiedDate,
    failureReason: record.failureReason,
    errCode: record.errCode,
    cancelList: record.cancelList ?? [],
    capturedAmount: capturedMinor(record),
  }
}
