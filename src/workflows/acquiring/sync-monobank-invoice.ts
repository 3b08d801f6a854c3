/**
 * Applies a verified monobank invoice status to Medusa for what Medusa's core webhook handler does
 * not cover: declines and expiry (session in error / canceled), holds the bank released (payment
 * canceled) and refunds made in the bank's cabinet (booked as Medusa refunds, once). Runs under a
 * lock per payment session, so duplicated or concurrent webhooks apply one after another.
 */
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
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
    const lockKey = transform({ input }, ({ input }) => `monobank-invoice:${input.session_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const records = loadMonobankRecordsStep({ session_id: input.session_id })
    const session = markSessionUnpaidStep({ records, invoice: input.invoice })
    const hold = cancelReleasedHoldStep({ records, invoice: input.invoice })
    const refunds = bookBankRefundsStep({ records, invoice: input.invoice })
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse({ session, hold, refunds })
  }
)
