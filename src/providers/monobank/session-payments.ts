/**
 * The card provider's money decisions for one session, made through the one place
 * (src/utils/session-money) and from its evidence only: what the provider started is recorded as
 * the session's rows; an authorize takes money only from a row's invoice whose bank record proves
 * it is this session's (reference, amount and currency); capture, refund and release act on the
 * invoice of the row an authorize granted. Session and payment `data` are read for display keys
 * (the page URL) and as a hint for sessions started before the rows existed, which the bank must
 * then prove the same way.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InvoiceStatusRecord } from "../../lib/monobank"
import { applyStatus, readMonobankData, type MonobankData } from "../../utils/acquiring/payment-data"
import { toBankAmount } from "../../utils/acquiring/invoice-amount"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import type { MedusaSession } from "../../utils/session-money/medusa-sessions"
import type { SessionMoney } from "../../utils/session-money/session-money"
import { readInvoice } from "./capture"
import type { ProviderDeps } from "./deps"
import { paymentTypeOf } from "./invoice-request"
import { invoiceDataOf, provesRow } from "./bank-side"
import type { SavedCardPayment } from "./saved-card-charge"
import type { StorePagePayment } from "./store-page-payment"

export const CARD_ROW_KINDS = ["invoice", "saved_card", "store_page"] as const

/** What `startPayment` made, as the session's row: an invoice, a saved card to charge later, or a store-page payment to come. */
export async function recordStart(
  money: SessionMoney,
  start: { sessionId: string; providerId: string; data: MonobankData | SavedCardPayment | StorePagePayment }
): Promise<SessionPaymentRow> {
  const { sessionId, providerId, data } = start
  const base = { session_id: sessionId, provider_id: providerId, amount_minor: data.amount, ccy: data.ccy }
  const invoiceId = (data as Partial<MonobankData>).invoiceId
  if (invoiceId) return money.record({ ...base, kind: "invoice", bank_id: invoiceId })
  const savedCard = (data as Partial<SavedCardPayment>).savedCard
  if (savedCard) {
    return money.record({ ...base, kind: "saved_card", charge_state: "ready", wallet_id: savedCard.walletId, card_id: savedCard.paymentMethodId })
  }
  return money.record({ ...base, kind: "store_page", charge_state: "ready" })
}

/** The session's amount as the bank takes it; what every proof compares with. */
export function expectedAmount(session: Pick<MedusaSession, "amount" | "currency_code">) {
  return toBankAmount(session.amount, session.currency_code)
}

/** The rows of a card session whose bank record may hold money: newest first. */
export function invoiceRows(rows: SessionPaymentRow[]): SessionPaymentRow[] {
  return rows.filter((row) => row.bank_id && row.charge_state !== "declined" && row.kind !== "checkout").reverse()
}

export type Authorized = { status: PaymentSessionStatus; data: Record<string, unknown>; row?: SessionPaymentRow; record?: InvoiceStatusRecord }

/** What an authorize answers Medusa: the row's invoice facts with the bank's status, and display keys kept. */
export function authorizedData(
  row: SessionPaymentRow,
  record: InvoiceStatusRecord,
  options: ProviderDeps["options"],
  input: Record<string, unknown> | undefined
): MonobankData {
  const cached = readMonobankData(input)
  const display = cached?.invoiceId === row.bank_id ? { pageUrl: cached?.pageUrl } : {}
  const base: MonobankData = {
    ...invoiceDataOf(row, paymentTypeOf(options)),
    ...(display.pageUrl ? display : {}),
    ...(row.kind === "store_page" ? { storePage: true as const } : {}),
  }
  return applyStatus(base, record)
}

/**
 * Reads the row's invoice (or takes a verified webhook's record of it) and checks that it is this
 * session's payment for the session's amount; anything else is not evidence.
 */
export async function provenRecord(
  deps: ProviderDeps,
  row: SessionPaymentRow,
  session: MedusaSession,
  reusable?: InvoiceStatusRecord
): Promise<InvoiceStatusRecord | undefined> {
  const record = reusable ?? (await readInvoice(deps, row.bank_id!))
  const expected = expectedAmount(session)
  if (!provesRow(record, row) || record.amount !== expected.amount || record.ccy !== expected.ccy) {
    deps.logger.error(
      `monobank: invoice ${row.bank_id} is not payment session ${session.id}'s payment for ${expected.amount} (currency ${expected.ccy}): ` +
        `the bank has reference ${record.reference ?? "none"}, ${record.amount} (currency ${record.ccy}); not taken`
    )
    return undefined
  }
  return record
}

/**
 * Sessions started before the plugin kept its own rows: the invoice their data names is taken
 * only when the bank proves it is this session's (reference = session id, amount, currency), and
 * is then recorded as the session's row.
 */
export async function adoptStartedBeforeRows(
  deps: ProviderDeps,
  money: SessionMoney,
  session: MedusaSession,
  data: Record<string, unknown> | undefined
): Promise<SessionPaymentRow | undefined> {
  const hint = readMonobankData(data)
  if (!hint?.invoiceId) return undefined
  const record = await readInvoice(deps, hint.invoiceId)
  const expected = expectedAmount(session)
  if (record.reference !== session.id || record.amount !== expected.amount || record.ccy !== expected.ccy) {
    deps.logger.warn(`monobank: session ${session.id} names invoice ${hint.invoiceId}, which is not its payment; ignored`)
    return undefined
  }
  const kind = hint.storePage ? "store_page" : "invoice"
  return money.record({ session_id: session.id, provider_id: session.provider_id, kind, bank_id: record.invoiceId, amount_minor: record.amount, ccy: record.ccy })
}

/** A status answer with no money to show yet (pending, or the row's own state). */
export function notAuthorized(status: PaymentSessionStatus, data: Record<string, unknown>): Authorized {
  return { status, data }
}

/** The row the session's Medusa payment was authorized on (capture, refund and cancel act on it). */
export async function paidRowOf(
  deps: ProviderDeps,
  money: SessionMoney,
  payment: { sessionId: string; providerId: string; data: Record<string, unknown> | undefined }
): Promise<SessionPaymentRow> {
  const { sessionId } = payment
  const rows = await money.paymentsOf(sessionId)
  const granted = rows.filter((row) => row.granted_at && row.bank_id).sort((a, b) => +new Date(b.granted_at!) - +new Date(a.granted_at!))
  if (granted[0]) return granted[0]
  const hint = readMonobankData(payment.data)
  if (!rows.length && hint?.invoiceId) {
    // A payment authorized before the plugin kept rows: the bank must name this session.
    const record = await readInvoice(deps, hint.invoiceId)
    if (record.reference === sessionId) {
      const kind = hint.storePage ? "store_page" : "invoice"
      const row = await money.record({ session_id: sessionId, provider_id: payment.providerId, kind, bank_id: record.invoiceId, amount_minor: record.amount, ccy: record.ccy })
      await money.grant(row)
      return row
    }
  }
  throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank: payment session ${sessionId} has no monobank payment the bank confirmed for it`)
}
