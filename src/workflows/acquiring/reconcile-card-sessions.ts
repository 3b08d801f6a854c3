/**
 * Card payment sessions (`monobank` provider) still pending in Medusa are re-read from the bank on
 * a schedule, so a payment whose webhooks were all lost, by a shopper who never came back, still
 * becomes an order. What the bank says goes through exactly what a webhook goes through: Medusa's
 * `processPaymentWorkflow` for hold / success (as the core webhook subscriber runs it) and
 * `syncMonobankInvoiceWorkflow` for declines, expiry and releases (as the plugin's subscriber does).
 */
import type { IPaymentModuleService, MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"
import { isMonobankApiError, type InvoiceStatusRecord } from "../../lib/monobank"
import { readMonobankData, type BOOKKEEPING_KEYS, type MonobankData } from "../../utils/acquiring/payment-data"
import { toBankAmount } from "../../utils/acquiring/invoice-amount"
import { fromBankMinorUnits } from "../../utils/medusa-money"
import { capturedMinor, coreAction, refundableMinor } from "../../utils/acquiring/status"
import { webhookFacts } from "../../utils/acquiring/webhook-facts"
import {
  messageOf,
  paidOutcome,
  reconcileSessionsOf,
  reportOutcome,
  withDueSession,
  type ReconciledSessions,
  type ReconcileRunOptions,
  type SessionReconcileResult,
  type SessionReconcileSummary,
  type SessionSchedule,
} from "../../utils/session-reconcile"
import { CARD_PROVIDER_PREFIX } from "../../utils/provider-ids"
import { cardInvoiceReader, isBankUnavailable, type CardInvoiceReader } from "./utils/card-invoice-reader"
import { syncMonobankInvoiceWorkflow } from "./sync-monobank-invoice"
import { ledgerOf } from "../../utils/session-money/ledger"
import { invoiceRows } from "../../utils/acquiring/session-invoices"

/** Where the reconcile notes its last bank read in the session's data (no bank fact, only our time). */
export const CARD_RECONCILED_AT_KEY = "lastReconciledAt" satisfies (typeof BOOKKEEPING_KEYS)[number]

// Which path an action and a bank status take: the notification split, one table for webhooks, the
// reconcile and the admin's sync.
import { CARD_STATUS_ROUTE, WEBHOOK_ROUTE } from "../notifications/notification-plan"

const PENDING_STATUSES = ["pending"] as const

type Session = Pick<
  PaymentSessionDTO,
  "id" | "provider_id" | "status" | "amount" | "currency_code" | "data" | "created_at" | "payment_collection_id"
>

const SESSION_FIELDS = ["id", "provider_id", "status", "amount", "currency_code", "data", "created_at", "payment_collection_id"]

/** The action and amount Medusa's core handler would get from a webhook with this status. */
export function coreWebhookInput(sessionId: string, stored: Pick<MonobankData, "status">, record: InvoiceStatusRecord) {
  // As in the webhook: a capture Medusa already holds must not be captured again.
  const action = coreAction(record, stored.status)
  const amountMinor = action === PaymentActions.SUCCESSFUL ? capturedMinor(record) : record.amount
  return { action, data: { session_id: sessionId, amount: fromBankMinorUnits(amountMinor, record.ccy) } }
}

/**
 * When a cart cannot become an order, Medusa's own compensation may give the money back (a debit
 * refunded, a hold released): then nothing is left for the store owner to refund.
 */
async function moneyReturnedOr(
  container: MedusaContainer,
  read: CardInvoiceReader,
  session: Session,
  record: InvoiceStatusRecord,
  needsAttention: SessionReconcileResult
): Promise<SessionReconcileResult> {
  const after = await read(session.provider_id, record.invoiceId).catch(() => undefined)
  if (!after || after.status === "hold" || refundableMinor(after) > 0) return needsAttention
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(`monobank reconcile: invoice ${record.invoiceId} was paid, but no order could be made of its cart; the money went back to the shopper (invoice ${after.status})`)
  return { kind: "returned" }
}

async function applyInvoice(
  container: MedusaContainer,
  read: CardInvoiceReader,
  session: Session,
  stored: Pick<MonobankData, "status">,
  record: InvoiceStatusRecord
): Promise<SessionReconcileResult> {
  const input = coreWebhookInput(session.id, stored, record)
  const facts = webhookFacts(record)
  const core = WEBHOOK_ROUTE[input.action] === "core"
  let coreFailure: string | undefined
  if (core) {
    try {
      await container.resolve(Modules.WORKFLOW_ENGINE).run(processPaymentWorkflowId, { input })
    } catch (error) {
      // The money is taken either way: whether an order came of it is checked below.
      coreFailure = messageOf(error)
    }
  }
  if (CARD_STATUS_ROUTE[record.status] === "plugin" || facts.cancelList.length > 0) {
    await syncMonobankInvoiceWorkflow(container).run({ input: { session_id: session.id, invoice: facts } })
  }
  if (core) {
    const outcome = await paidOutcome(container, session, `monobank invoice ${record.invoiceId}`, coreFailure)
    const result = outcome.kind === "needs_attention" ? await moneyReturnedOr(container, read, session, record, outcome) : outcome
    return reportOutcome(container, session.id, result)
  }
  return CARD_STATUS_ROUTE[record.status] === "plugin" ? { kind: "unpaid" } : { kind: "waiting" }
}

async function freshSession(paymentModule: IPaymentModuleService, id: string): Promise<Session | undefined> {
  return paymentModule.retrievePaymentSession(id, { select: SESSION_FIELDS }).catch(() => undefined)
}

/**
 * Notes the read in the session's data, so the schedule holds across runs and servers. Only while
 * the session is still pending, re-read just before, with the amount it already has (the provider
 * then keeps its invoice as it is).
 */
async function markReconciled(container: MedusaContainer, id: string, now: Date): Promise<void> {
  try {
    await writeMark(container.resolve<IPaymentModuleService>(Modules.PAYMENT), id, now)
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`monobank reconcile: could not note the read of session ${id}: ${messageOf(error)}`)
  }
}

async function writeMark(paymentModule: IPaymentModuleService, id: string, now: Date): Promise<void> {
  const session = await freshSession(paymentModule, id)
  if (!session || !(PENDING_STATUSES as readonly string[]).includes(session.status)) return
  const data = readMonobankData(session.data)
  const { amount, ccy } = toBankAmount(session.amount, session.currency_code)
  if (data && (amount !== data.amount || ccy !== data.ccy)) return
  await paymentModule.updatePaymentSession({
    id: session.id,
    amount: session.amount,
    currency_code: session.currency_code,
    data: { ...session.data, [CARD_RECONCILED_AT_KEY]: now.toISOString() },
  })
}

/**
 * A card session is read while its invoice can be paid (`validUntil`, noted by the provider from
 * the validity it sent), and 9 days longer, as a hold lives; its read mark is the reconcile's own.
 * Listed when its data names an invoice or the ledger records one (or a charge whose answer was lost).
 */
export const CARD_SCHEDULE = {
  readMarkKey: CARD_RECONCILED_AT_KEY,
  bankRefKey: "invoiceId",
  ledgerKinds: ["invoice", "saved_card", "store_page"],
  validUntilKey: "validUntil",
} as const satisfies SessionSchedule & { bankRefKey: keyof MonobankData; validUntilKey: keyof MonobankData }

const CARD_SESSIONS: ReconciledSessions = {
  providerPrefix: CARD_PROVIDER_PREFIX,
  statuses: PENDING_STATUSES,
  schedule: CARD_SCHEDULE,
  select: SESSION_FIELDS,
}

/**
 * The newest invoice the plugin recorded for the session (its ledger rows): a charge whose answer
 * was lost is first named from the bank's statement. Sessions started before the ledger existed:
 * the invoice their data names (its reference is checked once read).
 */
async function sessionInvoiceOf(container: MedusaContainer, session: Session, read: CardInvoiceReader): Promise<string | undefined> {
  const ledger = ledgerOf(container)
  const rows = ledger ? await ledger.sessionPaymentsOf(session.id) : []
  if (!rows.length) return readMonobankData(session.data)?.invoiceId
  const named = invoiceRows(rows)[0]
  if (named) return named.bank_id!
  const lost = rows.find((row) => row.charge_state === "unknown" || row.charge_state === "sending")
  return lost && read.nameLostCharge ? (await read.nameLostCharge(session.provider_id, lost))?.bank_id ?? undefined : undefined
}

export async function reconcileCardSession(
  container: MedusaContainer,
  read: CardInvoiceReader,
  sessionId: string,
  now: Date
): Promise<SessionReconcileResult> {
  return withDueSession<Session>(container, CARD_SESSIONS, sessionId, now, async (session) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    // The invoice the plugin recorded for the session (never one its data names without proof).
    const invoiceId = await sessionInvoiceOf(container, session, read)
    if (!invoiceId) {
      // Nothing the bank named yet (a charge whose answer was lost): read again on the schedule.
      await markReconciled(container, session.id, now)
      return { kind: "waiting" }
    }
    const cached = readMonobankData(session.data)
    // What the session shows of this invoice (its status), only when it is about the same invoice.
    const stored: Pick<MonobankData, "status"> = cached?.invoiceId === invoiceId ? cached : {}

    let record: InvoiceStatusRecord
    try {
      record = await read(session.provider_id, invoiceId)
    } catch (error) {
      // Not a bank answer at all (e.g. the provider's options cannot be found): no session can be read.
      if (isBankUnavailable(error) || !isMonobankApiError(error)) {
        logger.warn(`monobank reconcile: could not read invoice ${invoiceId} (session ${session.id}): ${messageOf(error)}`)
        return { kind: "bank_unavailable", message: messageOf(error) }
      }
      logger.error(`monobank reconcile: the bank refused to read invoice ${invoiceId} (session ${session.id}): ${messageOf(error)}`)
      await markReconciled(container, session.id, now)
      return { kind: "failed", message: messageOf(error) }
    }

    if (record.reference !== undefined && record.reference !== session.id) {
      logger.error(`monobank reconcile: invoice ${invoiceId} is not session ${session.id}'s (reference ${record.reference}); not applied`)
      return { kind: "failed", message: "the invoice is another session's" }
    }
    let result: SessionReconcileResult
    try {
      result = await applyInvoice(container, read, session, stored, record)
    } catch (error) {
      logger.error(`monobank reconcile: invoice ${record.invoiceId} is ${record.status} at the bank, but session ${session.id} could not be brought up to date: ${messageOf(error)}`)
      result = { kind: "failed", message: messageOf(error) }
    }
    if (result.kind !== "waiting") {
      logger.info(`monobank reconcile: invoice ${record.invoiceId} (session ${session.id}) is ${record.status} at the bank: ${result.kind}`)
    }
    await markReconciled(container, session.id, now)
    return result
  })
}

/** One run: the due pending card sessions, the most overdue first, one at a time, at most `limit` read. */
export async function reconcileCardSessions(
  container: MedusaContainer,
  { read = cardInvoiceReader(container), ...options }: ReconcileRunOptions & { read?: CardInvoiceReader } = {}
): Promise<SessionReconcileSummary> {
  return reconcileSessionsOf(container, CARD_SESSIONS, (sessionId, now) => reconcileCardSession(container, read, sessionId, now), options)
}
