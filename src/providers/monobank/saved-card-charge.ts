/**
 * Paying with a saved card. Starting the session charges nothing: it only checks the card and
 * remembers which one. The card is charged when Medusa authorizes the session (cart completion,
 * or the webhook of a 3-D Secure confirmation), once per session (./charge-claim). A session that
 * is replaced before the cart completes (double click, cart change) was never charged.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { z } from "zod"
import { isOutcomeUnknown } from "../../lib/monobank"
import { readBasketLines, BASKET_DATA_KEY, buildBasketOrder } from "../../utils/acquiring/basket"
import { readInvoice } from "./capture"
import type { ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { buildWalletPaymentRequest, type PaymentStart } from "./invoice-request"
import { applyStatus, readMonobankData, type MonobankData } from "../../utils/acquiring/payment-data"
import { cardTokenOf } from "./saved-cards"
import { claimCharge, markOutcomeUnknown, readUncharged, recordCharge, releaseClaim, unchargedPaymentShape } from "./charge-claim"
import type { Cradle } from "../../utils/module-container"
import { SESSION_STATUS } from "../../utils/acquiring/status"

/** Session data of a saved-card payment not charged yet. No card token: the wallet is asked at charge time. */
export const savedCardPaymentSchema = z.looseObject({
  ...unchargedPaymentShape,
  savedCard: z.object({
    walletId: z.string(),
    paymentMethodId: z.string(),
    /** For the fiscal receipt, only when `fiscalBasket` is on. */
    customerEmail: z.string().optional(),
  }),
})

export type SavedCardPayment = z.infer<typeof savedCardPaymentSchema>

/** A saved-card session whose card has not been charged (no invoice yet). */
export function readSavedCardPayment(data: unknown): SavedCardPayment | undefined {
  return readUncharged(savedCardPaymentSchema, data)
}

export type ChargeDeps = ProviderDeps & {
  cradle: Cradle
  webHookUrl: string
  readSessionData: (sessionId: string) => Promise<Record<string, unknown> | undefined>
}

type Authorized = { data: Record<string, unknown>; status: PaymentSessionStatus }

async function statusOf(deps: ProviderDeps, data: MonobankData): Promise<Authorized> {
  const record = await readInvoice(deps, data.invoiceId)
  return { data: applyStatus(data, record), status: SESSION_STATUS[record.status] }
}

/** Charges the saved card of `payment` once; a repeated call reports the first charge. */
export async function chargeSavedCard(deps: ChargeDeps, payment: SavedCardPayment, storedData: Record<string, unknown>): Promise<Authorized> {
  const sessionId = payment.reference
  if (!(await claimCharge(deps.cradle, sessionId))) {
    const stored = readMonobankData(await deps.readSessionData(sessionId))
    if (stored) return statusOf(deps, stored)
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `A payment with the saved card is already under way for payment session ${sessionId}, or its outcome is unknown; check the monobank cabinet (reference ${sessionId}) before trying again`
    )
  }
  const token = await cardTokenOf(deps, payment.savedCard.walletId, payment.savedCard.paymentMethodId).catch(async (error) => {
    await releaseClaim(deps.cradle, sessionId)
    throw error
  })
  if (!token) {
    await releaseClaim(deps.cradle, sessionId)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "This saved card is no longer available; choose another card or pay on the monobank page")
  }
  let result
  try {
    result = await deps.client.walletPayment(buildWalletPaymentRequest(deps.options, paymentStartOf(deps, payment, storedData), token))
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      deps.logger.error(
        `monobank: the saved-card charge of payment session ${sessionId} got no answer; it is not repeated. Its webhook completes the order if the bank charged the card; otherwise check the monobank cabinet (reference ${sessionId})`
      )
      await markOutcomeUnknown(deps.cradle, sessionId)
    } else {
      await releaseClaim(deps.cradle, sessionId)
    }
    throw toMedusaError("pay with the saved card", error)
  }
  const { savedCard: _card, ...rest } = payment
  const charged: MonobankData = { ...rest, invoiceId: result.invoiceId, status: "processing" }
  await recordCharge(deps.cradle, sessionId, charged)
  deps.logger.info(`monobank: charged the saved card of payment session ${sessionId}: invoice ${result.invoiceId}`)
  if (result.status === "failure") {
    const failed: MonobankData = { ...charged, status: "failure", ...(result.failureReason ? { failureReason: result.failureReason } : {}) }
    return { data: failed, status: PaymentSessionStatus.ERROR }
  }
  if (result.tdsUrl) {
    // The shopper confirms with 3-D Secure: the storefront redirects to pageUrl; the bank's webhook then completes the cart.
    return { data: { ...charged, pageUrl: result.tdsUrl }, status: PaymentSessionStatus.REQUIRES_MORE }
  }
  return statusOf(deps, charged)
}

/** The bank request's facts, rebuilt from the session as it is when the cart completes. */
function paymentStartOf(deps: ChargeDeps, payment: SavedCardPayment, storedData: Record<string, unknown>): PaymentStart {
  const lines = deps.options.fiscalBasket ? readBasketLines(storedData[BASKET_DATA_KEY]) : undefined
  const basketOrder = lines ? buildBasketOrder(lines, payment.amount, payment.ccy) : undefined
  return {
    sessionId: payment.reference,
    amount: payment.amount,
    ccy: payment.ccy,
    webHookUrl: deps.webHookUrl,
    basketOrder,
    customerEmail: payment.savedCard.customerEmail,
  }
}
