/**
 * Internet acquiring API (`X-Token`): invoices, direct and token payments, wallet cards, QR
 * cashiers, merchant data and the webhook public key. Every method validates its input before
 * sending, goes through the shared HTTP core (retry policy per endpoint, see retry.ts) and
 * validates the answer.
 */
import { ApiClient } from "../api-client"
import { defineOperation as op, runOperation, type CallOptions, type Operation } from "../operation"
import { tokenHeaders, type TokenClientOptions } from "../token-auth"
import * as s from "./schemas"
import { readPlainInvoiceStatusRecord } from "./status-record-reader"

export const ACQUIRING_BASE_URL = "https://api.monobank.ua"

const OPERATIONS = {
  createInvoice: op("POST /api/merchant/invoice/create", s.invoiceCreateRequestSchema, s.invoiceCreateResponseSchema),
  getInvoiceStatus: op(
    "GET /api/merchant/invoice/status",
    s.invoiceIdRequestSchema,
    s.invoiceStatusRecordSchema,
    readPlainInvoiceStatusRecord
  ),
  listFiscalChecks: op("GET /api/merchant/invoice/fiscal-checks", s.invoiceIdRequestSchema, s.fiscalCheckListResponseSchema),
  getReceipt: op("GET /api/merchant/invoice/receipt", s.invoiceIdRequestSchema, s.receiptResponseSchema),
  cancelInvoice: op("POST /api/merchant/invoice/cancel", s.invoiceCancelRequestSchema, s.cancelResponseSchema),
  removeInvoice: op("POST /api/merchant/invoice/remove", s.invoiceIdRequestSchema, s.emptyResponseSchema),
  finalizeInvoice: op("POST /api/merchant/invoice/finalize", s.invoiceFinalizeRequestSchema, s.finalizeResponseSchema),
  paymentDirect: op("POST /api/merchant/invoice/payment-direct", s.paymentDirectRequestSchema, s.paymentResultSchema),
  syncPayment: op(
    "POST /api/merchant/invoice/sync-payment",
    s.syncPaymentRequestSchema,
    s.invoiceStatusRecordSchema,
    readPlainInvoiceStatusRecord
  ),
  walletPayment: op("POST /api/merchant/wallet/payment", s.walletPaymentRequestSchema, s.paymentResultSchema),
  listWalletCards: op("GET /api/merchant/wallet", s.walletIdQuerySchema, s.walletResponseSchema),
  deleteWalletCard: op("DELETE /api/merchant/wallet/card", s.cardTokenQuerySchema, s.emptyResponseSchema),
  getQrDetails: op("GET /api/merchant/qr/details", s.qrIdRequestSchema, s.qrDetailsResponseSchema),
  listQr: op("GET /api/merchant/qr/list", null, s.qrListResponseSchema),
  resetQrAmount: op("POST /api/merchant/qr/reset-amount", s.qrIdRequestSchema, s.emptyResponseSchema),
  getMerchantDetails: op("GET /api/merchant/details", null, s.merchantDetailsResponseSchema),
  listSubmerchants: op("GET /api/merchant/submerchant/list", null, s.submerchantListResponseSchema),
  listEmployees: op("GET /api/merchant/employee/list", null, s.employeeListResponseSchema),
  getPublicKey: op("GET /api/merchant/pubkey", null, s.pubkeyResponseSchema),
  getStatement: op("GET /api/merchant/statement", s.statementQuerySchema, s.statementResponseSchema),
} satisfies Record<string, Operation>

export type AcquiringClientOptions = TokenClientOptions

export class AcquiringClient extends ApiClient {
  constructor(options: AcquiringClientOptions) {
    super(options, ACQUIRING_BASE_URL, tokenHeaders("AcquiringClient", options))
  }

  createInvoice(body: s.InvoiceCreateRequest, options?: CallOptions): Promise<s.InvoiceCreateResponse> {
    return runOperation(this.http, OPERATIONS.createInvoice, body, options)
  }

  getInvoiceStatus(invoiceId: string, options?: CallOptions): Promise<s.InvoiceStatusRecord> {
    return runOperation(this.http, OPERATIONS.getInvoiceStatus, { invoiceId }, options)
  }

  /** The invoice's fiscal checks (sale, returns), when a fiscal register is linked at the bank. */
  async listFiscalChecks(invoiceId: string, options?: CallOptions): Promise<s.FiscalCheck[]> {
    return (await runOperation(this.http, OPERATIONS.listFiscalChecks, { invoiceId }, options)).checks
  }

  /** The bank's receipt of the payment, base64 of a PDF (`file` absent when the bank sent none). */
  getReceipt(invoiceId: string, options?: CallOptions): Promise<s.ReceiptResponse> {
    return runOperation(this.http, OPERATIONS.getReceipt, { invoiceId }, options)
  }

  /** Refunds a paid invoice: fully, or partially with `amount`. */
  cancelInvoice(body: s.InvoiceCancelRequest, options?: CallOptions): Promise<s.CancelResponse> {
    return runOperation(this.http, OPERATIONS.cancelInvoice, body, options)
  }

  /** Invalidates an invoice that has not been paid yet. */
  async removeInvoice(invoiceId: string, options?: CallOptions): Promise<void> {
    await runOperation(this.http, OPERATIONS.removeInvoice, { invoiceId }, options)
  }

  /** Captures a hold, fully or for a smaller `amount`. */
  finalizeInvoice(body: s.InvoiceFinalizeRequest, options?: CallOptions): Promise<s.FinalizeResponse> {
    return runOperation(this.http, OPERATIONS.finalizeInvoice, body, options)
  }

  /** Pays with card details (the merchant needs PCI DSS). */
  paymentDirect(body: s.PaymentDirectRequest, options?: CallOptions): Promise<s.PaymentResult> {
    return runOperation(this.http, OPERATIONS.paymentDirect, body, options)
  }

  /** Payments between `from` and `to` (unix seconds), newest first. */
  getStatement(query: s.StatementQuery, options?: CallOptions): Promise<s.StatementItem[]> {
    return runOperation(this.http, OPERATIONS.getStatement, query, options).then((answer) => answer.list)
  }

  syncPayment(body: s.SyncPaymentRequest, options?: CallOptions): Promise<s.InvoiceStatusRecord> {
    return runOperation(this.http, OPERATIONS.syncPayment, body, options)
  }

  /** Pays with a saved card token. */
  walletPayment(body: s.WalletPaymentRequest, options?: CallOptions): Promise<s.PaymentResult> {
    return runOperation(this.http, OPERATIONS.walletPayment, body, options)
  }

  async listWalletCards(walletId: string, options?: CallOptions): Promise<s.WalletItem[]> {
    return (await runOperation(this.http, OPERATIONS.listWalletCards, { walletId }, options)).wallet
  }

  async deleteWalletCard(cardToken: string, options?: CallOptions): Promise<void> {
    await runOperation(this.http, OPERATIONS.deleteWalletCard, { cardToken }, options)
  }

  getQrDetails(qrId: string, options?: CallOptions): Promise<s.QrDetails> {
    return runOperation(this.http, OPERATIONS.getQrDetails, { qrId }, options)
  }

  async listQr(options?: CallOptions): Promise<s.QrListItem[]> {
    return (await runOperation(this.http, OPERATIONS.listQr, undefined, options)).list
  }

  async resetQrAmount(qrId: string, options?: CallOptions): Promise<void> {
    await runOperation(this.http, OPERATIONS.resetQrAmount, { qrId }, options)
  }

  getMerchantDetails(options?: CallOptions): Promise<s.MerchantDetails> {
    return runOperation(this.http, OPERATIONS.getMerchantDetails, undefined, options)
  }

  async listSubmerchants(options?: CallOptions): Promise<s.Submerchant[]> {
    return (await runOperation(this.http, OPERATIONS.listSubmerchants, undefined, options)).list
  }

  async listEmployees(options?: CallOptions): Promise<s.Employee[]> {
    return (await runOperation(this.http, OPERATIONS.listEmployees, undefined, options)).list
  }

  /** The key that signs webhooks (base64 of PEM). Cache it: see `createWebhookVerifier`. */
  getPublicKey(options?: CallOptions): Promise<s.PubkeyResponse> {
    return runOperation(this.http, OPERATIONS.getPublicKey, undefined, options)
  }

  /** Closes the keep-alive connections. */}
