/**
 * The card side of the money decisions (src/utils/session-money): where a row's money stands (a
 * charge whose answer was lost is first named from the bank's statement, see
 * utils/acquiring/session-invoices), and how it is released or given back.
 */
import type { BankSide } from "../../utils/session-money/session-money"
import type { BankStanding } from "../../utils/session-money/settlement"
import type { SessionPaymentRow, SessionPaymentsLedger } from "../../utils/session-money/ledger"
import { refundableMinor } from "../../utils/acquiring/status"
import { invoiceDataOf, invoiceStanding, LOST_CHARGE_LOOKBACK_MS, nameLostCharge, provesRow, SENDING_STALE_MS } from "../../utils/acquiring/session-invoices"
import { fiscalItemsFor } from "../../utils/acquiring/fiscal-lines"
import type { PaymentReads } from "../../utils/medusa-payments"
import type { FiscalizationItem } from "../../lib/monobank"
import { readInvoice, releaseInvoice } from "./capture"
import type { ProviderDeps } from "./deps"
import { formatBankAmount } from "../../utils/medusa-money"
import { toMedusaError } from "./errors"

export type CardBankSideDeps = ProviderDeps & {
  ledger: SessionPaymentsLedger
  now?: () => Date
  /** Medusa's payment sessions, for the basket a refund's receipt lines come from; without it none are sent. */
  payments?: Pick<PaymentReads, "listPaymentSessions">
}

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

async function refundWithoutOrder(deps: CardBankSideDeps, row: SessionPaymentRow, leftMinor: number): Promise<void> {
  const invoiceId = row.bank_id!
  const items = await orphanRefundItems(deps, row, leftMinor)
  try {
    await deps.client.cancelInvoice({ invoiceId, amount: leftMinor, extRef: `${ORPHAN_REFUND_PREFIX}${invoiceId}`, items })
  } catch (error) {
    // Never sent twice: a lost answer is settled by reading the invoice again.
    const after = await readInvoice(deps, invoiceId)
    const pending = (after.cancelList ?? []).some((item) => item.extRef === `${ORPHAN_REFUND_PREFIX}${invoiceId}` && item.status !== "failure")
    if (!pending && refundableMinor(after) > 0) throw toMedusaError(`refund paid invoice ${invoiceId} of payment session ${row.session_id}`, error)
  }
  deps.logger.warn(
    `monobank: invoice ${invoiceId} of payment session ${row.session_id} was paid but no order rests on it; refunded ${formatBankAmount(leftMinor, row.ccy)} to the shopper (extRef ${ORPHAN_REFUND_PREFIX}${invoiceId})`
  )
}

/** The refund's receipt lines, from the basket in its session's data (utils/acquiring/fiscal-lines). */
async function orphanRefundItems(deps: CardBankSideDeps, row: SessionPaymentRow, leftMinor: number): Promise<FiscalizationItem[] | undefined> {
  if (!deps.options.fiscalBasket || !deps.payments) return undefined
  try {
    const [session] = await deps.payments.listPaymentSessions({ id: row.session_id }, { select: ["id", "data"], withDeleted: true })
    return fiscalItemsFor(true, { ...(session?.data ?? {}), amount: row.amount_minor, ccy: row.ccy }, leftMinor)
  } catch (error) {
    deps.logger.warn(`monobank: refund of invoice ${row.bank_id} is sent without receipt lines: payment session ${row.session_id} could not be read (${(error as Error).message})`)
    return undefined
  }
}

/** A charge that has no invoice yet: nothing sent, or sent and not named by the bank (yet). */
function chargeWithoutInvoice(row: SessionPaymentRow, now: Date): BankStanding {
  if (row.charge_state === "ready" || row.charge_state === "declined") return { kind: "over" }
  const age = now.getTime() - new Date(row.created_at).getTime()
  if (row.charge_state === "sending" && age < SENDING_STALE_MS) return { kind: "unknown", why: "the charge is being sent" }
  if (age > LOST_CHARGE_LOOKBACK_MS) return { kind: "over" }
  return { kind: "unknown", why: "the bank has not named the charge whose answer was lost yet" }
}


export { invoiceDataOf, nameLostCharge, provesRow }
