/**
 * Card details taken on the store's own page (PCI DSS merchants: `payment-direct`) or a card /
 * Apple Pay / Google Pay payment answered synchronously (`sync-payment`). Starting the session
 * charges nothing but records it as a store-page session (its row); the plugin's store route hands
 * the card details straight to `payOnStorePage`, which charges the session's amount once, under
 * the session's lock: the row moves `ready` -> `sending` in one conditional write (a new row after
 * a decline), and only the invoice id and status are kept. Card details are never stored, logged
 * or put in an error message.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import {
  isOutcomeUnknown,
  type InvoiceStatus,
  type PaymentDirectRequest,
  type SyncPaymentRequest,
} from "../../lib/monobank"
import { buildRedirectUrl } from "../../utils/acquiring/options"
import { toBankAmount } from "../../utils/acquiring/invoice-amount"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import type { MonobankData } from "../../utils/acquiring/payment-data"
import type { SessionMoney } from "../../utils/session-money/session-money"
import { readInvoice } from "./capture"
import { nameLostCharge } from "./bank-side"
import { unchargedPaymentShape, type ChargeDeps } from "./saved-card-charge"
import { toMedusaError } from "./errors"
import { claimWalletTokenOnce, openApplePayToken, openGooglePayToken, WalletTokenError } from "./wallets"
import { merchantPaymInfoOf, paymentTypeOf } from "./invoice-request"

/** Session data of a store-page payment not charged yet (display only: the row is what is charged). */
export const storePagePaymentSchema = z.looseObject({ ...unchargedPaymentShape, storePage: z.literal(true) })

export type StorePagePayment = z.infer<typeof storePagePaymentSchema>

export type DirectCardData = PaymentDirectRequest["cardData"]
type SyncMethod = Pick<SyncPaymentRequest, "cardData" | "applePay" | "googlePay">

/** What the shopper pays with: card details for `payment-direct`, or what `sync-payment` takes. */
export type StorePageMethod =
  | { kind: "direct"; cardData: DirectCardData }
  | { kind: "sync"; method: SyncMethod }
  | { kind: "applePay"; paymentData: unknown }
  | { kind: "googlePay"; token: unknown }

/**
 * What the storefront does next: complete the cart (authorized), send the shopper to 3-D Secure
 * (requires_more), wait for the bank (pending), or show why the card was declined (error).
 */
export type StorePageOutcome = {
  status: "authorized" | "requires_more" | "pending" | "error"
  tdsUrl?: string
  message?: string
}

/** The session's status in Medusa terms, from the bank's status of the one charge. */
const OUTCOME_OF_STATUS: Record<InvoiceStatus | "unknown", StorePageOutcome["status"]> = {
  created: "pending",
  processing: "pending",
  hold: "authorized",
  success: "authorized",
  failure: "error",
  reversed: "error",
  expired: "error",
  unknown: "pending",
}

const ENABLING_OPTION = { direct: "directCardPayments", sync: "syncPayments", applePay: "syncPayments", googlePay: "syncPayments" } as const

/** The session being paid, as Medusa keeps it (amount and currency are Medusa's, never the storefront's). */
export type StorePageSession = { id: string; provider_id: string; amount: Parameters<typeof toBankAmount>[0]; currency_code: string }

const OPEN_CHARGE_STATES = new Set<SessionPaymentRow["charge_state"]>(["sending", "unknown", "sent"])

/** Charges the session's amount once with `method`; refused (nothing charged) when it was paid or is being paid. */
export async function payOnStorePage(
  deps: ChargeDeps,
  money: SessionMoney,
  session: StorePageSession,
  method: StorePageMethod
): Promise<StorePageOutcome> {
  const option = ENABLING_OPTION[method.kind]
  if (!deps.options[option]) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `monobank: this store does not take this kind of payment on its own page (option \`${option}\` is off)`)
  }
  const expected = toBankAmount(session.amount, session.currency_code)
  // A wallet token is opened before anything else: one that does not open changes nothing.
  const bankMethod = await toBankMethod(deps, expected, method)
  return money.decide(session.id, async () => {
    const rows = await money.paymentsOf(session.id)
    money.refuseIfEnded(rows)
    const pageRows = rows.filter((row) => row.kind === "store_page")
    if (!pageRows.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This payment session does not take card details on the store's page (start it with `pay_on_store_page: true`)"
      )
    }
    const open = pageRows.find((row) => OPEN_CHARGE_STATES.has(row.charge_state))
    if (open) return open.charge_state === "sent" ? refuseSecondCharge(deps, open) : resolveLost(deps, open)
    if (pageRows[0].amount_minor !== expected.amount || pageRows[0].ccy !== expected.ccy) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "The cart total changed since the payment started; start the payment again")
    }
    const row = await claimStorePageCharge(deps, pageRows, session)
    return chargeRow(deps, row, bankMethod)
  })
}

/** The session's ready row, or after a decline a new one, moved to `sending` (one open charge per session, on every server). */
async function claimStorePageCharge(deps: ChargeDeps, pageRows: SessionPaymentRow[], session: StorePageSession): Promise<SessionPaymentRow> {
  const ready = pageRows.find((row) => row.charge_state === "ready")
  if (ready && (await deps.ledger.moveCharge(ready.id, ["ready"], "sending"))) return { ...ready, charge_state: "sending" }
  try {
    const first = pageRows[0]
    return await deps.ledger.recordSessionPayment({
      session_id: session.id,
      provider_id: first.provider_id,
      kind: "store_page",
      amount_minor: first.amount_minor,
      ccy: first.ccy,
      charge_state: "sending",
    })
  } catch {
    throw new MedusaError(MedusaError.Types.CONFLICT, "A payment for this checkout is already under way; the card is not charged twice")
  }
}

async function chargeRow(deps: ChargeDeps, row: SessionPaymentRow, bankMethod: BankMethod): Promise<StorePageOutcome> {
  const sessionId = row.session_id
  let answer: { invoiceId: string; status: InvoiceStatus | "unknown"; failureReason?: string; tdsUrl?: string }
  try {
    answer = await charge(deps, row, bankMethod)
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      deps.logger.error(
        `monobank: the store-page payment of session ${sessionId} got no answer; it is not repeated. Its webhook or the bank's statement names the invoice if the bank charged the card`
      )
      await deps.ledger.moveCharge(row.id, ["sending"], "unknown")
    } else {
      await deps.ledger.moveCharge(row.id, ["sending"], "ready")
    }
    throw toMedusaError("pay with the card", error)
  }
  if (answer.status === "failure") {
    // Declined before anything was charged: the shopper may try another card on this session.
    await deps.ledger.moveCharge(row.id, ["sending"], "declined", answer.invoiceId)
    await showCharge(deps, row, { ...answer, failureReason: answer.failureReason ?? "declined" })
    deps.logger.info(`monobank: store-page payment of session ${sessionId} declined: invoice ${answer.invoiceId}`)
    return { status: "error", message: answer.failureReason ?? "The bank declined the card" }
  }
  await deps.ledger.moveCharge(row.id, ["sending"], "sent", answer.invoiceId)
  deps.logger.info(`monobank: store-page payment of session ${sessionId}: invoice ${answer.invoiceId}`)
  await showCharge(deps, row, answer)
  if (answer.tdsUrl) return { status: "requires_more", tdsUrl: answer.tdsUrl }
  return { status: OUTCOME_OF_STATUS[answer.status] }
}

type BankMethod = Extract<StorePageMethod, { kind: "direct" | "sync" }>

const WALLET_NAME = { applePay: "Apple Pay", googlePay: "Google Pay" } as const

/** What the bank is sent: card details as given, a wallet token opened with the store's keys. */
async function toBankMethod(deps: ChargeDeps, expected: { amount: number; ccy: number }, method: StorePageMethod): Promise<BankMethod> {
  if (method.kind === "direct" || method.kind === "sync") return method
  const walletOptions = deps.options[method.kind]
  if (!walletOptions) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${method.kind}: this store does not take ${WALLET_NAME[method.kind]} (option \`${method.kind}\` is not set)`)
  }
  try {
    const opened =
      method.kind === "applePay"
        ? await openApplePayToken(method.paymentData, deps.options.applePay!, { amountMinor: expected.amount, currencyCode: String(expected.ccy) })
        : openGooglePayToken(method.token, deps.options.googlePay!)
    await claimWalletTokenOnce(opened.use, deps.logger, deps.walletTokens)
    return { kind: "sync", method: { [method.kind]: opened.card } }
  } catch (error) {
    if (error instanceof WalletTokenError) throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
    throw error
  }
}

/** The charge's facts in the session's data, for the storefront (display only). */
async function showCharge(
  deps: ChargeDeps,
  row: SessionPaymentRow,
  answer: { invoiceId: string; status: InvoiceStatus | "unknown"; failureReason?: string; tdsUrl?: string }
): Promise<void> {
  const facts: Partial<MonobankData> = {
    storePage: true,
    invoiceId: answer.invoiceId,
    reference: row.session_id,
    amount: row.amount_minor,
    ccy: row.ccy,
    status: answer.status === "unknown" ? "processing" : answer.status,
    ...(answer.failureReason ? { failureReason: answer.failureReason } : {}),
    ...(answer.tdsUrl ? { pageUrl: answer.tdsUrl } : {}),
  }
  await deps.showInSession?.(row.session_id, facts).catch((error) => {
    deps.logger.warn(`monobank: could not show the charge of session ${row.session_id} in its data: ${(error as Error).message}`)
  })
}

async function charge(deps: ChargeDeps, row: SessionPaymentRow, method: BankMethod) {
  const start = { sessionId: row.session_id, amount: row.amount_minor, ccy: row.ccy, webHookUrl: deps.webHookUrl }
  if (method.kind === "direct") {
    const result = await deps.client.paymentDirect({
      amount: row.amount_minor,
      ccy: row.ccy,
      cardData: method.cardData,
      merchantPaymInfo: merchantPaymInfoOf(deps.options, start),
      redirectUrl: buildRedirectUrl(deps.options.redirectUrl, row.session_id),
      webHookUrl: deps.webHookUrl,
      paymentType: paymentTypeOf(deps.options),
      initiationKind: "client",
    })
    return { invoiceId: result.invoiceId, status: result.status, failureReason: result.failureReason, tdsUrl: result.tdsUrl }
  }
  const { reference, destination } = merchantPaymInfoOf(deps.options, start)
  const record = await deps.client.syncPayment({ amount: row.amount_minor, ccy: row.ccy, merchantPaymInfo: { reference, destination }, ...method.method })
  return { invoiceId: record.invoiceId, status: record.status, failureReason: record.failureReason }
}

/** A second request for a session whose charge was sent: refused, saying whether it is paid. */
async function refuseSecondCharge(deps: ChargeDeps, row: SessionPaymentRow): Promise<never> {
  const record = await readInvoice(deps, row.bank_id!).catch(() => undefined)
  if (record && OUTCOME_OF_STATUS[record.status] === "authorized") {
    throw new MedusaError(MedusaError.Types.CONFLICT, "This payment is already paid; complete the order")
  }
  throw new MedusaError(MedusaError.Types.CONFLICT, "A payment for this checkout is already under way; the card is not charged twice")
}

const OUTCOME_UNKNOWN_TEXT =
  "The bank has not told us yet whether the card was charged; the card is not charged again. Wait a minute and complete the order, or contact the store"

/**
 * A retry after the bank's answer was lost: the bank's statement is read for the one payment this
 * session can own (its reference, amount and currency; paid, held or processing, never declined);
 * found, it becomes the row's invoice and its status answers the retry. Not found: refused, never
 * paid again.
 */
async function resolveLost(deps: ChargeDeps, row: SessionPaymentRow): Promise<StorePageOutcome> {
  const named = await nameLostCharge(deps, row).catch((error) => {
    deps.logger.warn(`monobank: could not read the statement for the lost payment of session ${row.session_id}: ${(error as Error).message}`)
    return undefined
  })
  if (!named) throw new MedusaError(MedusaError.Types.CONFLICT, OUTCOME_UNKNOWN_TEXT)
  const record = await readInvoice(deps, named.bank_id!)
  const outcome = OUTCOME_OF_STATUS[record.status]
  return outcome === "error" ? { status: "error", message: record.failureReason ?? "The bank declined the card" } : { status: outcome }
}
