/**
 * What proves a card payment is a session's, from the plugin's ledger row and the bank's record:
 * the record's reference (when sent), amount and currency are the row's; a statement item counts
 * only when it is a payment the session can own (paid, held or processing, never declined); and
 * where an invoice's money stands, by the bank's status. Shared by the card provider, its bank side
 * and the reconcile (src/utils/session-money decides with them).
 */
import type { AcquiringClient, InvoiceStatusRead, InvoiceStatusRecord, StatementItem } from "../../lib/monobank"
import type { Logger } from "@medusajs/framework/types"
import type { SessionPaymentRow, SessionPaymentsLedger } from "../session-money/ledger"
import type { BankStanding } from "../session-money/settlement"
import type { MonobankData } from "./payment-data"
import { refundableMinor } from "./status"

/**
 * Per bank status: where an invoice's money stands, and whether a statement item in it is a payment
 * a session can own (money taken, held, or on its way; never declined).
 */
const BY_STATUS = {
  created: { standing: () => ({ kind: "payable" }), ownable: false },
  processing: { standing: () => ({ kind: "payable" }), ownable: true },
  hold: { standing: (record) => ({ kind: "held", amountMinor: record.amount }), ownable: true },
  success: { standing: (record) => ({ kind: "taken", leftMinor: refundableMinor(record) }), ownable: true },
  failure: { standing: () => ({ kind: "over" }), ownable: false },
  expired: { standing: () => ({ kind: "over" }), ownable: false },
  // A released hold, or a payment refunded (in part: what is left can still go back).
  reversed: {
    standing: (record) => (refundableMinor(record) > 0 ? { kind: "taken", leftMinor: refundableMinor(record) } : { kind: "over" }),
    ownable: false,
  },
  unknown: {
    standing: (record) => ({ kind: "unknown", why: `monobank reports status ${String(record.rawStatus)} this plugin does not know` }),
    ownable: false,
  },
} as const satisfies Record<InvoiceStatusRead, { standing: (record: InvoiceStatusRecord) => BankStanding; ownable: boolean }>

/** A charge still `sending` after this long lost its process (or its answer): the bank is asked. */
export const SENDING_STALE_MS = 2 * 60_000
/** How far back the statement is read, and how long a lost charge is looked for before a person is asked. */
export const LOST_CHARGE_LOOKBACK_MS = 24 * 60 * 60_000

/**
 * How far the bank's clock may run behind the store's while the statement window, which starts on
 * the store's clock, still holds the charge: the window is only a filter, the item must still name
 * the session, its amount and currency. Its end is the bank's own now (no `to`), unless the lookback
 * ends sooner, so a bank clock ahead of the store's hides nothing either.
 */
export const CLOCK_SKEW_MARGIN_MS = 5 * 60_000

/**
 * The bank record is the row's payment: its reference (when the bank sends one) is the row's
 * session and its amount and currency are the ones the plugin asked for.
 */
export function provesRow(record: Pick<InvoiceStatusRecord, "invoiceId" | "reference" | "amount" | "ccy">, row: SessionPaymentRow): boolean {
  if (row.bank_id && record.invoiceId !== row.bank_id) return false
  if (record.reference !== undefined && record.reference !== row.session_id) return false
  return record.amount === row.amount_minor && record.ccy === row.ccy
}

/** A statement item this session can own for the lost charge `row`. */
export function ownableStatementItem(item: StatementItem, row: SessionPaymentRow): boolean {
  return item.reference === row.session_id && item.amount === row.amount_minor && item.ccy === row.ccy && BY_STATUS[item.status].ownable
}

/** The provider data of a row's invoice, for the capture / release helpers (which read the bank first). */
export function invoiceDataOf(row: SessionPaymentRow, paymentType: MonobankData["paymentType"]): MonobankData {
  return { invoiceId: row.bank_id!, reference: row.session_id, amount: row.amount_minor, ccy: row.ccy, paymentType }
}

export function invoiceStanding(record: InvoiceStatusRecord): BankStanding {
  return BY_STATUS[record.status].standing(record)
}

/** The rows of a card session whose bank record may hold money: newest first. */
export function invoiceRows(rows: SessionPaymentRow[]): SessionPaymentRow[] {
  return rows.filter((row) => row.bank_id && row.charge_state !== "declined" && row.kind !== "checkout").reverse()
}

export type LostChargeDeps = {
  client: Pick<AcquiringClient, "getStatement">
  ledger: SessionPaymentsLedger
  logger: Pick<Logger, "info">
  now?: () => Date
}

/**
 * Names the invoice of a charge whose answer was lost from the bank's statement (the one payment
 * this session can own), and records it on the row. Undefined while the statement shows none.
 */
export async function nameLostCharge(deps: LostChargeDeps, row: SessionPaymentRow): Promise<SessionPaymentRow | undefined> {
  if (row.charge_state !== "unknown" && row.charge_state !== "sending") return undefined
  const now = deps.now?.() ?? new Date()
  if (row.charge_state === "sending" && now.getTime() - new Date(row.created_at).getTime() < SENDING_STALE_MS) return undefined
  if (row.charge_state === "sending") await deps.ledger.moveCharge(row.id, ["sending"], "unknown")
  const from = Math.floor((new Date(row.created_at).getTime() - CLOCK_SKEW_MARGIN_MS) / 1000)
  const lookbackEnd = from + LOST_CHARGE_LOOKBACK_MS / 1000
  const items = await deps.client.getStatement(now.getTime() + CLOCK_SKEW_MARGIN_MS > lookbackEnd * 1000 ? { from, to: lookbackEnd } : { from })
  for (const item of items.filter((candidate) => ownableStatementItem(candidate, row))) {
    if (await deps.ledger.adoptChargeInvoice(row.id, item.invoiceId)) {
      deps.logger.info(`monobank: the charge of payment session ${row.session_id} whose answer was lost is invoice ${item.invoiceId} (from the statement)`)
      return { ...row, bank_id: item.invoiceId, charge_state: "sent" }
    }
  }
  const reread = await deps.ledger.sessionPaymentById(row.id)
  return reread?.bank_id ? reread : undefined
}

