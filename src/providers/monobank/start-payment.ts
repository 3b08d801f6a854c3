/**
 * Starting a payment for a session: a hosted-page invoice, a payment with a saved card (checked
 * now, charged when the cart completes: see `saved-card-charge.ts`), or a payment on the store's
 * own page (charged by the plugin's store route: see `store-page-payment.ts`).
 */
import type { BigNumberInput, PaymentProviderContext } from "@medusajs/framework/types"
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { stripUndefined } from "../../lib/monobank"
import { toBankAmount } from "../../utils/acquiring/invoice-amount"
import { invoiceValidUntil } from "../../utils/reconcile-schedule"
import { BASKET_DATA_KEY, buildBasketOrder, readBasketLines } from "../../utils/acquiring/basket"
import type { ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { buildInvoiceRequest, paymentTypeOf, type PaymentStart } from "./invoice-request"
import { sessionInputSchema, type MonobankData } from "../../utils/acquiring/payment-data"
import type { SavedCardPayment } from "./saved-card-charge"
import type { StorePagePayment } from "./store-page-payment"
import { cardTokenOf, requireWalletId } from "./saved-cards"
import { walletIdOf } from "./wallet"
import { paymentLinkOfContext } from "../../utils/acquiring/payment-link-context"

export type StartInput = {
  sessionId: string
  amount: BigNumberInput
  currencyCode: string
  data?: Record<string, unknown>
  context?: PaymentProviderContext
  webHookUrl: string
}

type InvoiceBase = Pick<MonobankData, "reference" | "amount" | "ccy" | "paymentType">

export type Started = { data: MonobankData | SavedCardPayment | StorePagePayment; status: PaymentSessionStatus }

export async function startPayment(deps: ProviderDeps, input: StartInput): Promise<Started> {
  const { amount, ccy } = toBankAmount(input.amount, input.currencyCode)
  if (amount <= 0) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "monobank: the amount to pay must be greater than zero")
  }
  const parsed = sessionInputSchema.safeParse(input.data ?? {})
  if (!parsed.success) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "monobank: `save_card` and `pay_on_store_page` must be booleans and `payment_method_id` a non-empty string"
    )
  }
  const walletId = walletIdOf(input.context?.account_holder?.data)
  const link = paymentLinkOfContext(input.context)
  // A link pays an order's balance, not a cart: there are no cart lines to send as receipt lines.
  const basketOrder = deps.options.fiscalBasket && !link ? fiscalBasket(deps, input, amount, ccy) : undefined
  const start: PaymentStart = {
    sessionId: input.sessionId,
    amount,
    ccy,
    webHookUrl: input.webHookUrl,
    saveToWalletId: deps.options.cardSaving && parsed.data.save_card ? walletId : undefined,
    customerEmail: input.context?.customer?.email,
    basketOrder,
    paymentLink: link ? { validitySeconds: link.validity_seconds } : undefined,
  }
  const base: InvoiceBase = { reference: input.sessionId, amount, ccy, paymentType: paymentTypeOf(deps.options) }

  if (parsed.data.pay_on_store_page) return prepareStorePagePayment(deps, { ...base, reference: input.sessionId })
  if (parsed.data.payment_method_id) {
    return prepareSavedCardPayment(deps, start, base, requireWalletId(walletId, "pay with a saved card"), parsed.data.payment_method_id)
  }
  try {
    const validUntil = invoiceValidUntil(new Date(), start.paymentLink?.validitySeconds ?? deps.options.invoiceValiditySeconds)
    const created = await deps.client.createInvoice(buildInvoiceRequest(deps.options, start))
    return {
      data: { ...base, invoiceId: created.invoiceId, pageUrl: created.pageUrl, status: "created", validUntil },
      status: PaymentSessionStatus.PENDING,
    }
  } catch (error) {
    throw toMedusaError("create the payment invoice", error)
  }
}

/**
 * A saved-card session charges nothing yet: the card is checked now (so the shopper hears at once
 * when it is gone) and charged when the cart completes (`chargeSavedCard`).
 */
async function prepareSavedCardPayment(
  deps: ProviderDeps,
  start: PaymentStart,
  base: InvoiceBase,
  walletId: string,
  paymentMethodId: string
): Promise<{ data: SavedCardPayment; status: PaymentSessionStatus }> {
  if (!deps.options.cardSaving) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "monobank: saved cards are not enabled in this store")
  }
  if (!(await cardTokenOf(deps, walletId, paymentMethodId))) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "This saved card is no longer available; choose another card or pay on the monobank page")
  }
  const savedCard = stripUndefined({ walletId, paymentMethodId, customerEmail: deps.options.fiscalBasket ? start.customerEmail : undefined })
  return { data: { ...base, reference: start.sessionId, savedCard }, status: PaymentSessionStatus.PENDING }
}

/** A session paid through the plugin's store routes with card details or a wallet: nothing at the bank yet. */
function prepareStorePagePayment(deps: ProviderDeps, base: InvoiceBase & { reference: string }): Started {
  if (!deps.options.directCardPayments && !deps.options.syncPayments) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "monobank: this store does not take card details on its own page (options `directCardPayments` and `syncPayments` are off)"
    )
  }
  const payment: StorePagePayment = { ...base, storePage: true }
  return { data: payment, status: PaymentSessionStatus.PENDING }
}

/** The cart's receipt lines (from the plugin's store middleware) when they add up to the amount. */
function fiscalBasket(deps: ProviderDeps, input: StartInput, amount: number, ccy: number) {
  const lines = readBasketLines(input.data?.[BASKET_DATA_KEY])
  const basket = lines && buildBasketOrder(lines, amount, ccy)
  if (!basket) {
    deps.logger.warn(
      `monobank: fiscal basket not sent for session ${input.sessionId}: ${lines ? "its lines do not add up to the amount" : "no cart lines (is the plugin's store middleware registered?)"}`
    )
  }
  return basket
}
