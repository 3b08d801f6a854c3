/** Builds the bank requests that start a payment: a hosted-page invoice or a saved-card payment. */
import {
  stripUndefined,
  type BasketOrderItem,
  type InvoiceCreateRequest,
  type MerchantPaymInfo,
  type WalletPaymentRequest,
} from "../../lib/monobank"
import { buildRedirectUrl, type MonobankOptions } from "../../utils/acquiring/options"

export type PaymentStart = {
  sessionId: string
  /** Minor units. */
  amount: number
  ccy: number
  webHookUrl: string
  /** Save the card into this wallet. */
  saveToWalletId?: string
  basketOrder?: BasketOrderItem[]
  customerEmail?: string
  /** A payment link's invoice (../../utils/acquiring/payment-link-context): its own validity, no return page. */
  paymentLink?: { validitySeconds: number }
}

export function paymentTypeOf(options: MonobankOptions): "hold" | "debit" {
  return options.captureMode === "manual" ? "hold" : "debit"
}

export function merchantPaymInfoOf(options: MonobankOptions, start: PaymentStart): MerchantPaymInfo {
  return stripUndefined({
    reference: start.sessionId,
    destination: options.destination,
    basketOrder: start.basketOrder?.length ? start.basketOrder : undefined,
    customerEmails: options.fiscalBasket && start.customerEmail ? [start.customerEmail] : undefined,
  })
}

export function buildInvoiceRequest(options: MonobankOptions, start: PaymentStart): InvoiceCreateRequest {
  return stripUndefined({
    amount: start.amount,
    ccy: start.ccy,
    merchantPaymInfo: merchantPaymInfoOf(options, start),
    redirectUrl: start.paymentLink ? undefined : buildRedirectUrl(options.redirectUrl, start.sessionId),
    webHookUrl: start.webHookUrl,
    validity: start.paymentLink?.validitySeconds ?? options.invoiceValiditySeconds,
    paymentType: paymentTypeOf(options),
    code: options.code,
    tipsEmployeeId: options.tipsEmployeeId,
    agentFeePercent: options.agentFeePercent,
    saveCardData: start.saveToWalletId ? { saveCard: true, walletId: start.saveToWalletId } : undefined,
  })
}

/** A shopper paying with a saved card at checkout (client-initiated: the bank may ask for 3-D Secure). */
export function buildWalletPaymentRequest(
  options: MonobankOptions,
  start: PaymentStart,
  cardToken: string
): WalletPaymentRequest {
  return stripUndefined({
    cardToken,
    amount: start.amount,
    ccy: start.ccy,
    initiationKind: "client" as const,
    merchantPaymInfo: merchantPaymInfoOf(options, start),
    redirectUrl: buildRedirectUrl(options.redirectUrl, start.sessionId),
    webHookUrl: start.webHookUrl,
    paymentType: paymentTypeOf(options),
  })
}
