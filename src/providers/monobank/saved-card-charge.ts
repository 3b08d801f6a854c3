/**
 * Paying with a saved card. Starting the session charges nothing: it checks the card and records
 * which one as the session's row (the customer's wallet comes from Medusa's account holder, never
 * from session data). The card is charged when Medusa authorizes the session (cart completion, or
 * the webhook of a 3-D Secure confirmation), once per session: the row moves `ready` -> `sending`
 * in one conditional write before the bank call, on every server. A lost answer leaves it
 * `unknown`: only the bank (its webhook or statement) can name the invoice; it is never sent again.
 */
import type { WalletTokenClaims } from "./wallets/token-replay"
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { z } from "zod"
import { isOutcomeUnknown } from "../../lib/monobank"
import { readBasketLines, BASKET_DATA_KEY, buildBasketOrder } from "../../utils/acquiring/basket"
import type { ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { buildWalletPaymentRequest, paymentTypeOf, type PaymentStart } from "./invoice-request"
import type { MonobankData } from "../../utils/acquiring/payment-data"
import { cardTokenOf } from "./saved-cards"
import type { SessionPaymentRow, SessionPaymentsLedger } from "../../utils/session-money/ledger"
import { invoiceStatusSchema } from "../../lib/monobank"

/** What the session data of a payment not charged yet holds whichever way it will be charged (display only). */
export const unchargedPaymentShape = {
  reference: z.string(),
  amount: z.number().int(),
  ccy: z.number().int(),
  paymentType: z.enum(["debit", "hold"]),
  status: invoiceStatusSchema.optional(),
}

/** Session data of a saved-card payment not charged yet (display only: the row is what is charged). */
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

export type ChargeDeps = ProviderDeps & {
  ledger: SessionPaymentsLedger
  webHookUrl: string
  /** Shows a charge's facts in the session's data (a cache for the storefront, never read back as evidence). */
  showInSession?: (sessionId: string, facts: Record<string, unknown>) => Promise<void>
  /** Where wallet tokens already taken are claimed (module monobank-wallet-tokens); wallets are refused without it. */
  walletTokens?: WalletTokenClaims
}

export type ChargeOutcome = { status: PaymentSessionStatus; data: MonobankData; row: SessionPaymentRow }

/** Charges the saved card of `row` once; the caller holds the session's lock. */
export async function chargeSavedCard(deps: ChargeDeps, row: SessionPaymentRow, sessionData: Record<string, unknown>): Promise<ChargeOutcome> {
  const sessionId = row.session_id
  if (!(await deps.ledger.moveCharge(row.id, ["ready"], "sending"))) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `A payment with the saved card is already under way for payment session ${sessionId}, or its outcome is unknown; check the monobank cabinet (reference ${sessionId}) before trying again`
    )
  }
  const backToReady = () => deps.ledger.moveCharge(row.id, ["sending"], "ready")
  const token = await cardTokenOf(deps, row.wallet_id!, row.card_id!).catch(async (error) => {
    await backToReady()
    throw error
  })
  if (!token) {
    await backToReady()
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "This saved card is no longer available; choose another card or pay on the monobank page")
  }
  let result
  try {
    result = await deps.client.walletPayment(buildWalletPaymentRequest(deps.options, paymentStartOf(deps, row, sessionData), token))
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      deps.logger.error(
        `monobank: the saved-card charge of payment session ${sessionId} got no answer; it is not repeated. Its webhook or the bank's statement names the invoice if the bank charged the card; otherwise check the monobank cabinet (reference ${sessionId})`
      )
      await deps.ledger.moveCharge(row.id, ["sending"], "unknown")
    } else {
      await backToReady()
    }
    throw toMedusaError("pay with the saved card", error)
  }
  const charged: MonobankData = {
    reference: sessionId,
    amount: row.amount_minor,
    ccy: row.ccy,
    paymentType: paymentTypeOf(deps.options),
    invoiceId: result.invoiceId,
    status: "processing",
  }
  if (result.status === "failure") {
    await deps.ledger.moveCharge(row.id, ["sending"], "declined", result.invoiceId)
    const failed: MonobankData = { ...charged, status: "failure", ...(result.failureReason ? { failureReason: result.failureReason } : {}) }
    return { data: failed, status: PaymentSessionStatus.ERROR, row: { ...row, charge_state: "declined", bank_id: result.invoiceId } }
  }
  await deps.ledger.moveCharge(row.id, ["sending"], "sent", result.invoiceId)
  deps.logger.info(`monobank: charged the saved card of payment session ${sessionId}: invoice ${result.invoiceId}`)
  const sent = { ...row, charge_state: "sent" as const, bank_id: result.invoiceId }
  if (result.tdsUrl) {
    // The shopper confirms with 3-D Secure: the storefront redirects to pageUrl; the bank's webhook then completes the cart.
    return { data: { ...charged, pageUrl: result.tdsUrl }, status: PaymentSessionStatus.REQUIRES_MORE, row: sent }
  }
  return { data: charged, status: PaymentSessionStatus.PENDING, row: sent }
}

/** The bank request's facts: amount and card from the row, receipt lines from the plugin's middleware. */
function paymentStartOf(deps: ChargeDeps, row: SessionPaymentRow, sessionData: Record<string, unknown>): PaymentStart {
  const lines = deps.options.fiscalBasket ? readBasketLines(sessionData[BASKET_DATA_KEY]) : undefined
  const basketOrder = lines ? buildBasketOrder(lines, row.amount_minor, row.ccy) : undefined
  const email = savedCardPaymentSchema.safeParse(sessionData).data?.savedCard.customerEmail
  return { sessionId: row.session_id, amount: row.amount_minor, ccy: row.ccy, webHookUrl: deps.webHookUrl, basketOrder, customerEmail: email }
}
