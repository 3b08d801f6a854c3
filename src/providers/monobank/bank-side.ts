/**
 * The card side of the money decisions (src/utils/session-money): which invoice a session's row
 * is, whether a bank record proves it is that session's, where its money stands, and how it is
 * released or given back. A charge whose answer was lost is named from the bank's statement,
 * counting only a payment this session can own (its reference, amount and currency; paid, held or
 * still processing, never a declined one).
 */
import { type InvoiceStatusRead, type InvoiceStatusRecord, type StatementItem } from "../../lib/monobank"
import type { BankSide } from "../../utils/session-money/session-money"
import type { BankStanding } from "../../utils/session-money/settlement"
import type { SessionPaymentRow, SessionPaymentsLedger } from "../../utils/session-money/ledger"
import { refundableMinor } from "../../utils/acquiring/status"
import { readInvoice, releaseInvoice } from "./capture"
import { formatMinor, type ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import type { MonobankData } from "../../utils/acquiring/payment-data"

/** Where an invoice's money stands, by the bank's status. */
const INVOICE_STANDING = {
  created: () => ({ kind: "payable" }),
  processing: () => ({ kind: "payable" }),
  hold: (record) => ({ kind: "held", amountMinor: record.amount }),
  success: (record) => ({ kind: "taken", leftMinor: refundableMinor(record) }),
  failure: () => ({ kind: "over" }),
  expired: () => ({ kind: "over" }),
  // A released hold, or a payment refunded (in part: what is left can still go back).
  reversed: (record) => (refundableMinor(record) > 0 ? { kind: "taken", leftMinor: refundableMinor(record) } : { kind: "over" }),
  unknown: (record) => ({ kind: "unknown", why: `monobank reports status ${String(record.rawStatus)} this plugin does not know` }),
} as const satisfies Record<InvoiceStatusRead, (record: InvoiceStatusRecord) => BankStanding>

/** Statement statuses of a payment a session can own (money taken, held, or on its way). */
const OWNABLE_STATUS = {
  created: false,
  processing: true,
  hold: true,
  success: true,
  failure: false,
  reversed: false,
  expired: false,
  unknown: false,
} as const satisfies Record<InvoiceStatusRead, boolean>

/** A charge still `sending` after this long lost its process (or its answer): the bank is asked. */
const SENDING_STALE_MS = 2 * 60_000
/** How far back the statement is read, and how long a lost charge is looked for before a person is asked. */
export const LOST_CHARGE_LOOKBACK_MS = 24 * 60 * 60_000

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
  return item.reference === row.session_id && item.amount === row.amount_minor && item.ccy === row.ccy && OWNABLE_STATUS[item.status]
}

/** The provider data of a row's invoice, for the capture / release helpers (which read the bank first). */
export function invoiceDataOf(row: SessionPaymentRow, paymentType: MonobankData["paymentType"]): MonobankData {
  return { invoiceId: row.bank_id!, reference: row.session_id, amount: row.amount_minor, ccy: row.ccy, paymentType }
}

export function invoiceStanding(record: InvoiceStatusRecord): BankStanding {
  return INVOICE_STANDING[record.status](record)
}

export type CardBankSideDeps = ProviderDeps & { ledger: SessionPaymentsLedger; now?: () => Date }

export function cardBankSide(deps: CardBankSideDeps): BankSide {
  return {
    async standing(row) {
      const named = row.bank_id ? row : await nameLostCharge(deps, row)
      if (!named) return chargeWithoutInvoice(row, deps.now?.() ?? new Date())
      if (named.charge_state === "declined") return { kind: "over" }
      const record = await readInvoice(deps, named.bank_id!)
      if (!provesRow(record, named)) {
        deps.logger.error(`monobank: invoice ${named.bank_id} does not match payment session ${named.session_id} (reference, amount or currency); left as it is`)
        return { kind: "unknown", why: "the bank's record does not match the session" }
      }
      return invoiceStanding(record)
    },
    async release(row) {
      await releaseInvoice(deps, invoiceDataOf(row, deps.options.captureMode === "manual" ? "hold" : "debit"), undefined)
    },
    async giveBack(row, leftMinor) {
      await refundWithoutOrder(deps, row, leftMinor)
    },
  }
}

/** `extRef` of the refund of money taken without an order. */
export const ORPHAN_REFUND_PREFIX = "orphan-refund:"

async function refundWithoutOrder(deps: ProviderDeps, row: SessionPaymentRow, leftMinor: number): Promise<void> {
  const invoiceId = row.bank_id!
  try {
    await deps.client.cancelInvoice({ invoiceId, amount: leftMinor, extRef: `${ORPHAN_REFUND_PREFIX}${invoiceId}` })
  } catch (error) {
    // Never sent twice: a lost answer is settled by reading the invoice again.
    const after = await readInvoice(deps, invoiceId)
    const pending = (after.cancelList ?? []).some((item) => item.extRef === `${ORPHAN_REFUND_PREFIX}${invoiceId}` && item.status !== "failure")
    if (!pending && refundableMinor(after) > 0) throw toMedusaError(`refund paid invoice ${invoiceId} of payment session ${row.session_id}`, error)
  }
  deps.logger.warn(
    `monobank: invoice ${invoiceId} of payment session ${row.session_id} was paid but no order rests on it; refunded ${formatMinor(leftMinor, row.ccy)} to the shopper (extRef ${ORPHAN_REFUND_PREFIX}${invoiceId})`
  )
}

/** A charge that has no invoice yet: nothing sent, or sent and not named by the bank (yet). */
function chargeWithoutInvoice(row: SessionPaymentRow, now: Date): BankStanding {
  if (row.charge_state === "ready" || row.charge_state === "declined") return { kind: "over" }
  const age = now.getTime() - new Date(row.created_at).getTime()
  if (row.charge_state === "sending" && age < SENDING_STALE_MS) return { kind: "unknown", why: "the charge is being sent" }
  if (age > LOST_CHARGE_LOOKBACK_MS) return { kind: "over" }
  return { kind: "unknown", why: "the bank has not named the charge whose answer was lost yet" }
}

/**
 * Names the invoice of a charge whose answer was lost from the bank's statement (the one payment
 * this session can own), and records it on the row. Undefined while the statement shows none.
 */
export async function nameLostCharge(deps: CardBankSideDeps, row: SessionPaymentRow): Promise<SessionPaymentRow | undefined> {
  if (row.charge_state !== "unknown" && row.charge_state !== "sending") return undefined
  const now = deps.now?.() ?? new Date()
  if (row.charge_state === "sending" && now.getTime() - new Date(row.created_at).getTime() < SENDING_STALE_MS) return undefined
  if (row.charge_state === "sending") await deps.ledger.moveCharge(row.id, ["sending"], "unknown")
  const from = Math.floor((new Date(row.created_at).getTime() - 60_000) / 1000)
  const to = Math.floor(now.getTime() / 1000)
  const items = await deps.client.getStatement({ from, to: Math.min(to, from + LOST_CHARGE_LOOKBACK_MS / 1000) })
  for (const item of items.filter((candidate) => ownableStatementItem(candidate, row))) {
    if (await deps.ledger.adoptChargeInvoice(row.id, item.invoiceId)) {
      deps.logger.info(`monobank: the charge of payment session ${row.session_id} whose answer was lost is invoice ${item.invoiceId} (from the statement)`)
      return { ...row, bank_id: item.invoiceId, charge_state: "sent" }
    }
  }
  const reread = await deps.ledger.sessionPaymentById(row.id)
  return reread?.bank_id ? reread : undefined
}

