/**
 * Applies a verified monobank invoice status to Medusa for what Medusa's core webhook handler does
 * not cover: declines and expiry (session in error / canceled), holds the bank released (payment
 * canceled) and refunds made in the bank's cabinet (booked as Medusa refunds, once). Run through
 * `applyInvoiceFacts`, under the session's money lock (src/utils/session-money), so duplicated or
 * concurrent webhooks, the reconcile and the admin's sync apply one after another, and never
 * between two steps of another money decision about the session.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { withSessionLock } from "../../utils/session-money/session-lock"
import type { MonobankWebhookFacts } from "../../utils/acquiring/webhook-facts"
import { bookBankRefundsStep } from "./steps/bank-refunds"
import { loadMonobankRecordsStep } from "./steps/load-records"
import { cancelReleasedHoldStep, markSessionUnpaidStep } from "./steps/unpaid-outcomes"

export type SyncMonobankInvoiceInput = {
  session_id: string
  /** The bank's invoice status (verified webhook, confirmed with the bank where it matters). */
  invoice: MonobankWebhookFacts
}

export const syncMonobankInvoiceWorkflowId = "monobank-sync-invoice"

export const syncMonobankInvoiceWorkflow = createWorkflow(
  syncMonobankInvoiceWorkflowId,
  (input: SyncMonobankInvoiceInput) => {
    const records = loadMonobankRecordsStep({ session_id: input.session_id })
    const session = markSessionUnpaidStep({ records, invoice: input.invoice })
    const hold = cancelReleasedHoldStep({ records, invoice: input.invoice })
    const refunds = bookBankRefundsStep({ records, invoice: input.invoice })
    return new WorkflowResponse({ session, hold, refunds })
  }
)

/** Applies a verified invoice status to the session's Medusa records, under the session's lock. */
export async function applyInvoiceFacts(container: MedusaContainer, input: SyncMonobankInvoiceInput) {
  return withSessionLock(container.resolve(Modules.LOCKING), input.session_id, () => syncMonobankInvoiceWorkflow(container).run({ input }))
}
