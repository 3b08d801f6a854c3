/**
 * Acquiring webhooks -> Medusa webhook actions. Only a body whose `X-Sign` verifies over the exact
 * raw bytes counts; the invoice must be one the plugin recorded for the session its `reference`
 * names (or the charge of that session whose answer was lost, when the bank's record is a payment
 * the session can own). Webhooks may arrive late, twice or out of order: one older than what
 * Medusa already stored is ignored, and when the webhook and the stored state disagree, or money
 * went back to the shopper, the bank's current status is read and used instead (the bank is
 * authoritative; a webhook is a hint). A payment for a session that ended or that Medusa no longer
 * keeps goes to the settlement (src/utils/session-money), which gives it back when no order rests on it.
 */
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { PaymentActions } from "@medusajs/framework/utils"
import {
  reportUnknownValue,
  type InvoiceStatusRecord,
  type WebhookVerifier,
} from "../../lib/monobank"
import type { ProviderDeps } from "./deps"
import type { StoredPaymentState } from "../../utils/medusa-payments"
import { readMonobankData, toInstant, type MonobankData } from "../../utils/acquiring/payment-data"
import type { SessionPaymentRow, SessionPaymentsLedger } from "../../utils/session-money/ledger"
import { ownableStatementItem } from "../../utils/acquiring/session-invoices"
import { capturedMinor, coreAction, STATUS_RANK } from "../../utils/acquiring/status"
import { headerValue, rawBodyBytes } from "../../utils/raw-body"
import { webhookFacts, type MonobankWebhookResult } from "../../utils/acquiring/webhook-facts"
import { parseInvoiceRecord, storableRecord } from "../../utils/acquiring/verified-record"
import { fromBankMinorUnits } from "../../utils/medusa-money"
import { isPaymentSessionId } from "../../utils/provider-ids"

export type WebhookDeps = ProviderDeps & {
  verifier: WebhookVerifier
  ledger: SessionPaymentsLedger
  readStoredState: (sessionId: string) => Promise<StoredPaymentState>
  /** Settles, under the session's lock, the money of a session that ended or that Medusa no longer keeps. */
  settleEndedSession: (sessionId: string) => Promise<void>
  /** Stamps "now" on a record kept for the authorize that follows (utils/acquiring/verified-record). */
  now?: () => Date
}

const CHARGE_KINDS = ["invoice", "saved_card", "store_page"] as const

const IGNORED: MonobankWebhookResult = { action: PaymentActions.NOT_SUPPORTED }

/** The most recent of the session's and the payment's stored monobank data. */
export function latestStored(state: StoredPaymentState): MonobankData | undefined {
  const candidates = [readMonobankData(state.paymentData), readMonobankData(state.sessionData)].filter(
    (d): d is MonobankData => !!d
  )
  return candidates.sort((a, b) => (toInstant(b.modifiedDate) ?? 0) - (toInstant(a.modifiedDate) ?? 0))[0]
}

/** Older than what Medusa already reflects. */
export function isStale(record: InvoiceStatusRecord, stored: MonobankData | undefined): boolean {
  const storedAt = toInstant(stored?.modifiedDate)
  const incomingAt = toInstant(record.modifiedDate)
  if (storedAt === undefined || incomingAt === undefined) return false
  // Stamped at the same moment (an invoice paid at once): statuses only move forward, so the
  // earlier one is the older webhook. An unknown status is never ranked: the bank is asked.
  const earlierStatus = record.status !== "unknown" && stored?.status !== undefined && STATUS_RANK[record.status] < STATUS_RANK[stored.status]
  return incomingAt < storedAt || (incomingAt === storedAt && earlierStatus)
}

/** Cases where the webhook alone is not enough to act on. */
export function needsBankConfirmation(record: InvoiceStatusRecord, stored: MonobankData | undefined): boolean {
  if (record.status === "unknown") return true
  if (record.status === "reversed" || (record.cancelList?.length ?? 0) > 0) return true
  if (!stored?.status) return false
  return STATUS_RANK[record.status] < STATUS_RANK[stored.status]
}

/**
 * The session's charge whose answer was lost, if this verified record is a payment it can own:
 * recorded as its invoice (one conditional write: a second delivery finds it recorded).
 */
async function adoptLostCharge(deps: WebhookDeps, sessionId: string, record: InvoiceStatusRecord): Promise<SessionPaymentRow | undefined> {
  const rows = await deps.ledger.sessionPaymentsOf(sessionId)
  const item = { invoiceId: record.invoiceId, status: record.status, amount: record.amount, ccy: record.ccy, reference: record.reference }
  for (const row of rows.filter((candidate) => !candidate.bank_id && (candidate.charge_state === "unknown" || candidate.charge_state === "sending"))) {
    if (!ownableStatementItem(item, row)) continue
    if (row.charge_state === "sending") await deps.ledger.moveCharge(row.id, ["sending"], "unknown")
    if (await deps.ledger.adoptChargeInvoice(row.id, record.invoiceId)) {
      deps.logger.info(`monobank: the charge of payment session ${sessionId} whose answer was lost is invoice ${record.invoiceId} (from its webhook)`)
      return { ...row, bank_id: record.invoiceId, charge_state: "sent" }
    }
  }
  return deps.ledger.sessionPaymentByBank(record.invoiceId, [...CHARGE_KINDS])
}

export async function readWebhook(
  deps: WebhookDeps,
  payload: ProviderWebhookPayload["payload"]
): Promise<MonobankWebhookResult> {
  const raw = rawBodyBytes(payload.rawData)
  const xSign = headerValue(payload.headers, "x-sign")
  if (!raw || !xSign) {
    deps.logger.warn("monobank webhook ignored: no X-Sign header or no raw body")
    return IGNORED
  }
  // Read before verifying, but trusted only after: a body that is not about an invoice of one of
  // our sessions is dropped without touching the bank's key (forgeries cannot trigger refetches).
  const record = parseInvoiceRecord(raw)
  const sessionId = record?.reference
  if (!record || !isPaymentSessionId(sessionId)) {
    deps.logger.warn("monobank webhook ignored: not an invoice status of this store")
    return IGNORED
  }
  // A failed read throws: the event fails and Medusa's event bus retries it.
  let row = await deps.ledger.sessionPaymentByBank(record.invoiceId, [...CHARGE_KINDS])
  const state = await deps.readStoredState(sessionId)
  const stored = latestStored(state)
  if (!row && !(stored?.invoiceId === record.invoiceId)) {
    // Perhaps the session's charge whose answer was lost: only a verified record can name it.
    if (await deps.verifier.verify(raw, xSign)) row = await adoptLostCharge(deps, sessionId, record)
    if (!row) {
      deps.logger.warn(`monobank webhook ignored: invoice ${record.invoiceId} is not a payment this store made for session ${sessionId}`)
      return IGNORED
    }
  }
  if (row && row.session_id !== sessionId) {
    deps.logger.warn(`monobank webhook ignored: invoice ${record.invoiceId} belongs to session ${row.session_id}, not ${sessionId}`)
    return IGNORED
  }
  if (row?.charge_state === "declined") {
    // The decline was applied when the charge answered; the session may be paying with another card now.
    deps.logger.info(`monobank webhook for invoice ${record.invoiceId} ignored: a declined charge of session ${sessionId}`)
    return IGNORED
  }
  // A key that cannot be fetched, or a refetch not allowed yet, throws: the event fails and is
  // retried instead of a real webhook being dropped.
  if (!(await deps.verifier.verify(raw, xSign))) {
    deps.logger.warn(`monobank webhook for invoice ${record.invoiceId} ignored: X-Sign does not verify with monobank's public key`)
    return IGNORED
  }
  if (!state.sessionStatus || row?.session_ended_at) {
    // Medusa no longer keeps the session (or it ended): no order can come of this payment.
    await deps.settleEndedSession(sessionId)
    return IGNORED
  }
  if (isStale(record, stored)) {
    deps.logger.info(`monobank webhook for invoice ${record.invoiceId} ignored: older than the state already applied`)
    return IGNORED
  }
  const current = needsBankConfirmation(record, stored)
    ? await deps.client.getInvoiceStatus(record.invoiceId)
    : record
  if (row) {
    // For the authorize that follows, on whichever server: the bank's word, kept on the plugin's row.
    const kept = storableRecord(current)
    await deps.ledger.rememberBankRecord(row.id, kept.record, kept.modifiedAt, deps.now?.())
  }
  if (current.status === "unknown") {
    // Stays pending: nothing is applied, the next webhook or status read decides.
    reportUnknownValue(`invoice status (invoice ${current.invoiceId})`, current.rawStatus, (m) => deps.logger.warn(m))
    return IGNORED
  }

  // Medusa may already hold the capture (admin capture, a debit authorized as captured, a payment
  // since partly refunded): then the core handler only completes the cart (see coreAction).
  const action = coreAction(current, stored?.status)
  const amountMinor = action === PaymentActions.SUCCESSFUL ? capturedMinor(current) : current.amount
  return {
    action,
    data: {
      session_id: sessionId,
      amount: fromBankMinorUnits(amountMinor, current.ccy),
      monobank: webhookFacts(current),
    },
  }
}
