/**
 * Acquiring webhooks -> Medusa webhook actions. Only a body whose `X-Sign` verifies over the exact
 * raw bytes counts; the session id comes from `reference`. Webhooks may arrive late, twice or out
 * of order: one older than what Medusa already stored is ignored, and when the webhook and the
 * stored state disagree, or money went back to the shopper, the bank's current status is read and
 * used instead (the bank is authoritative; a webhook is a hint).
 */
import { createHash } from "node:crypto"
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { PaymentActions } from "@medusajs/framework/utils"
import {
  fromMinorUnits,
  invoiceStatusRecordSchema,
  reportUnknownValue,
  type InvoiceStatusRecord,
  type WebhookVerifier,
} from "../../lib/monobank"
import type { ProviderDeps } from "./deps"
import type { StoredPaymentState } from "../../utils/medusa-payments"
import { readMonobankData, toInstant, type MonobankData } from "../../utils/acquiring/payment-data"
import { isChargeInFlight, isChargeOutcomeUnknown } from "./charge-claim"
import { readSavedCardPayment } from "./saved-card-charge"
import { readStorePagePayment } from "./store-page-payment"
import { capturedMinor, STATUS_RANK, webhookAction } from "../../utils/acquiring/status"
import { webhookFacts, type MonobankWebhookResult } from "../../utils/acquiring/webhook-facts"

export type WebhookDeps = ProviderDeps & {
  verifier: WebhookVerifier
  readStoredState: (sessionId: string) => Promise<StoredPaymentState>
  /** Records the invoice of a saved-card charge whose answer was lost; false if the session no longer waits for it. */
  adoptLostCharge: (sessionId: string, data: MonobankData) => Promise<boolean>
  /** Keeps a verified (or bank-read) record for the authorize that follows (./verified-webhooks). */
  rememberVerified?: (record: InvoiceStatusRecord) => void
}

const IGNORED: MonobankWebhookResult = { action: PaymentActions.NOT_SUPPORTED }

function rawBytes(payload: ProviderWebhookPayload["payload"]): Buffer | undefined {
  const raw = payload.rawData as unknown
  if (Buffer.isBuffer(raw)) return raw
  if (typeof raw === "string") return Buffer.from(raw, "utf8")
  const serialized = raw as { type?: string; data?: number[] } | undefined
  if (serialized?.type === "Buffer" && Array.isArray(serialized.data)) return Buffer.from(serialized.data)
  return undefined
}

function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
  const value = headers?.[name] ?? headers?.[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : typeof value === "string" ? value : undefined
}

function parseRecord(raw: Buffer): InvoiceStatusRecord | undefined {
  try {
    const parsed = invoiceStatusRecordSchema.safeParse(JSON.parse(raw.toString("utf8")))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

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

async function adoptLostCharge(
  deps: WebhookDeps,
  sessionId: string,
  sessionData: Record<string, unknown> | undefined,
  record: { invoiceId: string; amount?: number }
): Promise<MonobankData | undefined> {
  if (!isChargeOutcomeUnknown(sessionData)) return undefined
  const payment = readSavedCardPayment(sessionData) ?? readStorePagePayment(sessionData)
  if (!payment || payment.amount !== record.amount) return undefined
  const { savedCard: _card, ...rest } = payment as typeof payment & { savedCard?: unknown }
  const data: MonobankData = { ...rest, invoiceId: record.invoiceId, status: "processing" }
  if (await deps.adoptLostCharge(sessionId, data)) {
    deps.logger.info(`monobank: the charge of payment session ${sessionId} whose answer was lost is invoice ${record.invoiceId} (from its webhook)`)
    return data
  }
  // Another delivery of this webhook recorded it first.
  return latestStored(await deps.readStoredState(sessionId))
}

/** Identifies one delivery's bytes and signature, for RecentResults. */
export function webhookKey(payload: ProviderWebhookPayload["payload"]): string {
  const hash = createHash("sha256")
  hash.update(rawBytes(payload) ?? Buffer.alloc(0))
  hash.update("\n")
  hash.update(headerOf(payload.headers ?? {}, "x-sign") ?? "")
  return hash.digest("base64")
}

export async function readWebhook(
  deps: WebhookDeps,
  payload: ProviderWebhookPayload["payload"]
): Promise<MonobankWebhookResult> {
  const raw = rawBytes(payload)
  const xSign = headerOf(payload.headers ?? {}, "x-sign")
  if (!raw || !xSign) {
    deps.logger.warn("monobank webhook ignored: no X-Sign header or no raw body")
    return IGNORED
  }
  // Read before verifying, but trusted only after: a body that is not about an invoice of one of
  // our sessions is dropped without touching the bank's key (forgeries cannot trigger refetches).
  const record = parseRecord(raw)
  const sessionId = record?.reference
  if (!record || !sessionId?.startsWith("payses_")) {
    deps.logger.warn("monobank webhook ignored: not an invoice status of this store")
    return IGNORED
  }
  // A failed read throws: the event fails and Medusa's event bus retries it.
  const state = await deps.readStoredState(sessionId)
  let stored = latestStored(state)
  if (!stored && isChargeInFlight(state.sessionData)) {
    // A saved-card charge of this session whose invoice is being recorded right now, or whose
    // answer was lost: then this webhook is the only one that can name the invoice.
    if (await deps.verifier.verify(raw, xSign)) {
      stored = await adoptLostCharge(deps, sessionId, state.sessionData, record)
      if (!stored) throw new Error(`monobank webhook for invoice ${record.invoiceId} arrived before its charge was recorded; retry`)
    }
  }
  if (stored?.invoiceId !== record.invoiceId) {
    deps.logger.warn(`monobank webhook ignored: invoice ${record.invoiceId} is not the invoice of session ${sessionId}`)
    return IGNORED
  }
  // A key that cannot be fetched, or a refetch not allowed yet, throws: the event fails and is
  // retried instead of a real webhook being dropped.
  if (!(await deps.verifier.verify(raw, xSign))) {
    deps.logger.warn(`monobank webhook for invoice ${record.invoiceId} ignored: X-Sign does not verify with monobank's public key`)
    return IGNORED
  }
  if (isStale(record, stored)) {
    deps.logger.info(`monobank webhook for invoice ${record.invoiceId} ignored: older than the state already applied`)
    return IGNORED
  }
  const current = needsBankConfirmation(record, stored)
    ? await deps.client.getInvoiceStatus(record.invoiceId)
    : record
  deps.rememberVerified?.(current)
  if (current.status === "unknown") {
    // Stays pending: nothing is applied, the next webhook or status read decides.
    reportUnknownValue(`invoice status (invoice ${current.invoiceId})`, current.rawStatus, (m) => deps.logger.warn(m))
    return IGNORED
  }

  // Medusa already holds the capture (admin capture, or a debit authorized as captured): "captured"
  // would make the core handler capture again (refused after a partial capture); "authorized" only
  // lets it complete the cart if that has not happened yet.
  const applied = current.status === "success" && stored?.status === "success"
  const action = applied ? PaymentActions.AUTHORIZED : webhookAction(current)
  const amountMinor = action === PaymentActions.SUCCESSFUL ? capturedMinor(current) : current.amount
  return {
    action,
    data: {
      session_id: sessionId,
      amount: Number(fromMinorUnits(amountMinor, current.ccy)),
      monobank: webhookFacts(current),
    },
  }
}
