/**
 * Card details taken on the store's own page (PCI DSS merchants: `payment-direct`) or a card /
 * Apple Pay / Google Pay payment answered synchronously (`sync-payment`). Starting the session
 * charges nothing; the plugin's store route hands the card details straight to `payOnStorePage`,
 * which charges the session's amount once (./charge-claim) and keeps only the invoice id, the
 * status and the masked card. Card details are never stored, logged or put in an error message.
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
import { applyStatus, readMonobankData, type MonobankData } from "../../utils/acquiring/payment-data"
import { readInvoice } from "./capture"
import { adoptLostCharge, claimCharge, isChargeOutcomeUnknown, markOutcomeUnknown, readUncharged, recordCharge, releaseClaim, unchargedPaymentShape } from "./charge-claim"
import type { ChargeDeps } from "./saved-card-charge"
import { toMedusaError } from "./errors"
import { claimWalletTokenOnce, openApplePayToken, openGooglePayToken, WalletTokenError } from "./wallets"
import { merchantPaymInfoOf, paymentTypeOf } from "./invoice-request"

/** Session data of a store-page payment not charged yet. */
export const storePagePaymentSchema = z.looseObject({ ...unchargedPaymentShape, storePage: z.literal(true) })

export type StorePagePayment = z.infer<typeof storePagePaymentSchema>

/** A store-page session whose card has not been charged (no invoice yet). */
export function readStorePagePayment(data: unknown): StorePagePayment | undefined {
  return readUncharged(storePagePaymentSchema, data)
}

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

/** Charges the session's amount once with `method`; refused (nothing charged) when it was paid or is being paid. */
export async function payOnStorePage(deps: ChargeDeps, payment: StorePagePayment, method: StorePageMethod): Promise<StorePageOutcome> {
  const option = ENABLING_OPTION[method.kind]
  if (!deps.options[option]) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `monobank: this store does not take this kind of payment on its own page (option \`${option}\` is off)`)
  }
  // A wallet token is opened before the claim: one that does not open changes nothing.
  const bankMethod = await toBankMethod(deps, payment, method)
  const sessionId = payment.reference
  if (!(await claimCharge(deps.cradle, sessionId))) {
    const stored = await deps.readSessionData(sessionId)
    if (isChargeOutcomeUnknown(stored)) return resolveFromStatement(deps, payment)
    throw refusalFor(stored)
  }
  let answer: { invoiceId: string; status: InvoiceStatus | "unknown"; failureReason?: string; tdsUrl?: string; maskedPan?: string }
  try {
    answer = await charge(deps, payment, bankMethod)
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      deps.logger.error(
        `monobank: the store-page payment of session ${sessionId} got no answer; it is not repeated. Its webhook names the invoice if the bank charged the card`
      )
      await markOutcomeUnknown(deps.cradle, sessionId)
    } else {
      await releaseClaim(deps.cradle, sessionId)
    }
    throw toMedusaError("pay with the card", error)
  }
  const { storePage: _flag, ...base } = payment
  if (answer.status === "failure") {
    // Declined before anything was charged: the shopper may try another card on this session.
    await recordCharge(deps.cradle, sessionId, { status: "failure", failureReason: answer.failureReason ?? "declined" })
    await releaseClaim(deps.cradle, sessionId)
    deps.logger.info(`monobank: store-page payment of session ${sessionId} declined: invoice ${answer.invoiceId}`)
    return { status: "error", message: answer.failureReason ?? "The bank declined the card" }
  }
  const charged: MonobankData = {
    ...base,
    storePage: true,
    invoiceId: answer.invoiceId,
    status: answer.status === "unknown" ? "processing" : answer.status,
    ...(answer.maskedPan ? { maskedPan: answer.maskedPan } : {}),
    ...(answer.tdsUrl ? { pageUrl: answer.tdsUrl } : {}),
  }
  await recordCharge(deps.cradle, sessionId, charged)
  deps.logger.info(`monobank: store-page payment of session ${sessionId}: invoice ${answer.invoiceId}`)
  if (answer.tdsUrl) return { status: "requires_more", tdsUrl: answer.tdsUrl }
  return { status: OUTCOME_OF_STATUS[charged.status ?? "processing"] }
}

type BankMethod = Extract<StorePageMethod, { kind: "direct" | "sync" }>

const WALLET_NAME = { applePay: "Apple Pay", googlePay: "Google Pay" } as const

/** What the bank is sent: card details as given, a wallet token opened with the store's keys. */
async function toBankMethod(deps: ChargeDeps, payment: StorePagePayment, method: StorePageMethod): Promise<BankMethod> {
  if (method.kind === "direct" || method.kind === "sync") return method
  const walletOptions = deps.options[method.kind]
  if (!walletOptions) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${method.kind}: this store does not take ${WALLET_NAME[method.kind]} (option \`${method.kind}\` is not set)`)
  }
  try {
    const opened =
      method.kind === "applePay"
        ? await openApplePayToken(method.paymentData, deps.options.applePay!, { amountMinor: payment.amount, currencyCode: String(payment.ccy) })
        : openGooglePayToken(method.token, deps.options.googlePay!)
    await claimWalletTokenOnce(opened.use, deps.logger)
    return { kind: "sync", method: { [method.kind]: opened.card } }
  } catch (error) {
    if (error instanceof WalletTokenError) throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
    throw error
  }
}

async function charge(deps: ChargeDeps, payment: StorePagePayment, method: BankMethod) {
  const start = { sessionId: payment.reference, amount: payment.amount, ccy: payment.ccy, webHookUrl: deps.webHookUrl }
  if (method.kind === "direct") {
    const result = await deps.client.paymentDirect({
      amount: payment.amount,
      ccy: payment.ccy,
      cardData: method.cardData,
      merchantPaymInfo: merchantPaymInfoOf(deps.options, start),
      redirectUrl: buildRedirectUrl(deps.options.redirectUrl, payment.reference),
      webHookUrl: deps.webHookUrl,
      paymentType: paymentTypeOf(deps.options),
      initiationKind: "client",
    })
    return { invoiceId: result.invoiceId, status: result.status, failureReason: result.failureReason, tdsUrl: result.tdsUrl }
  }
  const { reference, destination } = merchantPaymInfoOf(deps.options, start)
  const record = await deps.client.syncPayment({ amount: payment.amount, ccy: payment.ccy, merchantPaymInfo: { reference, destination }, ...method.method })
  return { invoiceId: record.invoiceId, status: record.status, failureReason: record.failureReason, maskedPan: record.paymentInfo?.maskedPan }
}

/** Why a second request for a session is refused, in words the shopper can act on. */
function refusalFor(stored: Record<string, unknown> | undefined): MedusaError {
  const data = readMonobankData(stored)
  if (data && OUTCOME_OF_STATUS[data.status ?? "processing"] === "authorized") {
    return new MedusaError(MedusaError.Types.CONFLICT, "This payment is already paid; complete the order")
  }
  return new MedusaError(MedusaError.Types.CONFLICT, "A payment for this checkout is already under way; the card is not charged twice")
}

const OUTCOME_UNKNOWN_TEXT =
  "The bank has not told us yet whether the card was charged; the card is not charged again. Wait a minute and complete the order, or contact the store"
/** How far back the statement is read for a charge whose answer was lost (a session lives less than this). */
const STATEMENT_LOOKBACK_SECONDS = 24 * 60 * 60

/**
 * A retry after the bank's answer was lost: the bank's statement is read for the one payment with
 * this session's reference; found, it becomes the session's invoice (as its signed webhook would
 * make it) and its status answers the retry. Not found (not charged, or not listed yet): refused,
 * never paid again.
 */
async function resolveFromStatement(deps: ChargeDeps, payment: StorePagePayment): Promise<StorePageOutcome> {
  const sessionId = payment.reference
  const now = Math.floor(Date.now() / 1000)
  const items = await deps.client.getStatement({ from: now - STATEMENT_LOOKBACK_SECONDS, to: now }).catch((error) => {
    deps.logger.warn(`monobank: could not read the statement for the lost payment of session ${sessionId}: ${(error as Error).message}`)
    return []
  })
  const found = items.find((item) => item.reference === sessionId && item.amount === payment.amount && item.ccy === payment.ccy)
  if (!found) throw new MedusaError(MedusaError.Types.CONFLICT, OUTCOME_UNKNOWN_TEXT)
  const { storePage: _flag, ...base } = payment
  const adopted: MonobankData = { ...base, storePage: true, invoiceId: found.invoiceId, status: "processing" }
  if (await adoptLostCharge(deps.cradle, sessionId, adopted)) {
    deps.logger.info(`monobank: the store-page payment of session ${sessionId} whose answer was lost is invoice ${found.invoiceId} (from the statement)`)
  }
  const stored = readMonobankData(await deps.readSessionData(sessionId))
  if (!stored) throw new MedusaError(MedusaError.Types.CONFLICT, OUTCOME_UNKNOWN_TEXT)
  const record = await readInvoice(deps, stored.invoiceId)
  await recordCharge(deps.cradle, sessionId, applyStatus(stored, record))
  const outcome = OUTCOME_OF_STATUS[record.status]
  return outcome === "error" ? { status: "error", message: record.failureReason ?? "The bank declined the card" } : { status: outcome }
}
