/**
 * A card webhook the moment it arrives. The plugin's hook handler answers the bank at once and
 * handles the webhook 5 s later (src/api/hooks/payment/take-notification); a shopper who comes back
 * from the bank's page and completes the cart in those seconds used to cost a bank read, because
 * the verified record was kept on the plugin's row only by that later handling.
 *
 * Here a signed paid or held record of an invoice that one of our sessions made is kept on its row
 * (./verified-record) as it arrives, so the authorize takes it. Nothing is decided: the handling
 * that follows reads the same delivery, with every check of src/providers/monobank/webhook.ts.
 */
import type { SessionPaymentRow, SessionPaymentsLedger } from "../session-money/ledger"
import { isPaymentSessionId } from "../provider-ids"
import { isReusableStatus, parseInvoiceRecord, storableRecord } from "./verified-record"

export type ArrivingWebhookDeps = {
  ledger: Pick<SessionPaymentsLedger, "sessionPaymentByBank" | "rememberBankRecord">
  /** The signature check over the raw bytes; it may reject (no key): then nothing is kept. */
  verify: (raw: Buffer, xSign: string) => Promise<boolean>
  now: () => Date
}

/** What became of one delivery; only `kept` wrote anything. */
export type ArrivingWebhookOutcome = "kept" | "not_a_payment" | "not_ours" | "not_verified" | "not_newer"

/** Rows whose invoice webhooks speak for: the session's card charges. */
const CHARGE_KINDS = ["invoice", "saved_card", "store_page"] as const

/** A row whose record an authorize could still take (not declined, its session not ended). */
function isOpenCharge(row: SessionPaymentRow | undefined, sessionId: string): row is SessionPaymentRow {
  return !!row && row.session_id === sessionId && row.charge_state !== "declined" && !row.session_ended_at
}

export async function keepArrivingRecord(
  deps: ArrivingWebhookDeps,
  raw: Buffer | undefined,
  xSign: string | undefined
): Promise<ArrivingWebhookOutcome> {
  const record = raw && xSign ? parseInvoiceRecord(raw) : undefined
  if (!record || !isReusableStatus(record.status) || !isPaymentSessionId(record.reference)) return "not_a_payment"
  // The row first: a body that names no invoice of ours costs no signature check and no key fetch.
  const row = await deps.ledger.sessionPaymentByBank(record.invoiceId, [...CHARGE_KINDS])
  if (!isOpenCharge(row, record.reference)) return "not_ours"
  if (!(await deps.verify(raw!, xSign!))) return "not_verified"
  const kept = storableRecord(record)
  return (await deps.ledger.rememberBankRecord(row.id, kept.record, kept.modifiedAt, deps.now())) ? "kept" : "not_newer"
}
