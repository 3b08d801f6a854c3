/**
 * Authorizing a card session (cart completion, or the handling of a paid webhook), under the
 * session's lock: a saved card chosen for the session is charged now (once); otherwise the newest
 * of the session's invoices whose bank record proves it is this session's payment decides. Money
 * is answered "authorized"/"captured" only from such a record, and the row is marked granted so
 * that nothing releases it while Medusa records the payment.
 */
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InvoiceStatusRecord } from "../../lib/monobank"
import { sessionStatus } from "../../utils/acquiring/status"
import { sessionDataFor } from "../../utils/acquiring/payment-data"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import type { MedusaSession } from "../../utils/session-money/medusa-sessions"
import type { SessionMoney } from "../../utils/session-money/session-money"
import { chargeSavedCard, type ChargeDeps } from "./saved-card-charge"
import { nameLostCharge } from "./bank-side"
import { adoptStartedBeforeRows, authorizedData, invoiceRows, provenRecord, type Authorized } from "./session-payments"

const MONEY_STATUSES: readonly PaymentSessionStatus[] = [PaymentSessionStatus.AUTHORIZED, PaymentSessionStatus.CAPTURED]

export type AuthorizeInput = {
  session: MedusaSession
  rows: SessionPaymentRow[]
  data: Record<string, unknown> | undefined
  /** A verified webhook's record of the row's invoice, kept on the row moments ago (instead of a bank read). */
  reusable?: (row: SessionPaymentRow) => InvoiceStatusRecord | undefined
}

export async function authorizeCardSession(deps: ChargeDeps, money: SessionMoney, input: AuthorizeInput): Promise<Authorized> {
  const { session, data } = input
  let rows = input.rows
  const savedCard = rows.find((row) => row.kind === "saved_card" && row.charge_state === "ready")
  if (savedCard) {
    const charged = await chargeSavedCard(deps, savedCard, session.data)
    if (charged.status !== PaymentSessionStatus.PENDING) return { status: charged.status, data: sessionDataFor(data, charged.data) }
    rows = [...rows.filter((row) => row.id !== savedCard.id), charged.row]
  }
  if (!rows.length) {
    const adopted = await adoptStartedBeforeRows(deps, money, session, data)
    if (adopted) rows = [adopted]
  }
  // A charge whose answer was lost: the bank's statement may name it by now.
  for (const lost of rows.filter((row) => !row.bank_id && (row.charge_state === "unknown" || row.charge_state === "sending"))) {
    const named = await nameLostCharge(deps, lost).catch(() => undefined)
    if (named) rows = rows.map((row) => (row.id === named.id ? named : row))
  }
  let answer: Authorized | undefined
  for (const row of invoiceRows(rows)) {
    const record = await provenRecord(deps, row, session, input.reusable?.(row))
    if (!record) continue
    const status = sessionStatus(record)
    const facts = sessionDataFor(data, authorizedData(row, record, deps.options, data))
    if (MONEY_STATUSES.includes(status)) {
      await money.grant(row)
      return { status, data: facts, row, record }
    }
    answer ??= { status, data: facts, row, record }
  }
  return answer ?? { status: PaymentSessionStatus.PENDING, data: sessionDataFor(data, {}) }
}
