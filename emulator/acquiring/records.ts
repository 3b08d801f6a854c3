import type { CallRecord } from "../faults"
import type { Invoice, InvoiceStatus, InvoiceStatusRecord, PaymentResultRecord } from "./types"

/** The status record with the bank's field order; absent fields are left out, never null. */
export function statusRecord(invoice: Invoice): InvoiceStatusRecord {
  const record: InvoiceStatusRecord = {
    invoiceId: invoice.invoiceId,
    status: invoice.status,
    failureReason: invoice.failureReason,
    errCode: invoice.errCode,
    amount: invoice.amount,
    ccy: invoice.ccy,
    finalAmount: invoice.finalAmount,
    createdDate: invoice.createdDate,
    modifiedDate: invoice.modifiedDate,
    reference: invoice.reference,
    destination: invoice.destination,
    paymentInfo: invoice.paymentInfo && { ...invoice.paymentInfo },
    cancelList: invoice.cancelList.length > 0 ? invoice.cancelList.map((item) => ({ ...item })) : undefined,
    tipsInfo: invoice.tipsInfo && { ...invoice.tipsInfo },
    walletData: invoice.walletData && { ...invoice.walletData },
    payMethod: invoice.payMethod,
  }
  return dropUndefined(record)
}

/** A held payment is a successful authorization: the payment result enum has no `hold`. */
const RESULT_STATUS = {
  created: "processing",
  processing: "processing",
  hold: "success",
  success: "success",
  failure: "failure",
  reversed: "success",
  expired: "failure",
} as const satisfies Record<InvoiceStatus, PaymentResultRecord["status"]>

export function paymentResult(invoice: Invoice, tdsUrl?: string): PaymentResultRecord {
  return dropUndefined({
    invoiceId: invoice.invoiceId,
    status: RESULT_STATUS[invoice.status],
    failureReason: invoice.failureReason,
    amount: invoice.amount,
    ccy: invoice.ccy,
    createdDate: invoice.createdDate,
    modifiedDate: invoice.modifiedDate,
    tdsUrl,
  })
}

/** Internal state for control getInvoice: the record plus bookkeeping, with no card data beyond the mask. */
export function invoiceState(invoice: Invoice) {
  return dropUndefined({
    ...statusRecord(invoice),
    cancelList: invoice.cancelList.map((item) => ({ ...item })),
    paymentType: invoice.paymentType,
    origin: invoice.origin,
    expiresAt: invoice.expiresAt,
    holdExpiresAt: invoice.holdExpiresAt,
    redirectUrl: invoice.redirectUrl,
    webHookUrl: invoice.webHookUrl,
    merchantPaymInfo: invoice.merchantPaymInfo,
    qrId: invoice.qrId,
    code: invoice.code,
    agentFeePercent: invoice.agentFeePercent,
    awaiting3ds: invoice.pending3ds !== undefined,
    removed: invoice.removed,
    fiscalItems: invoice.fiscalItems?.map((record) => ({ ...record, items: record.items.map((line) => ({ ...line })) })),
  })
}

export type InvoiceState = ReturnType<typeof invoiceState>

export function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/**
 * Control `references/:reference`: every bank call that carried the reference and every invoice made
 * with it, so a test can assert "one charge at the bank" after retries and races.
 */
export function referenceReport(reference: string, invoices: Invoice[], calls: CallRecord[]) {
  return {
    reference,
    calls,
    invoices: invoices.map((invoice) =>
      dropUndefined({
        invoiceId: invoice.invoiceId,
        origin: invoice.origin,
        status: invoice.status,
        amount: invoice.amount,
        ccy: invoice.ccy,
        maskedPan: invoice.paymentInfo?.maskedPan,
        paymentMethod: invoice.paymentInfo?.paymentMethod,
        paid: invoice.paid === true,
      })
    ),
    /** Invoices the card was charged (or held) for, whatever happened to them afterwards. */
    charges: invoices.filter((invoice) => invoice.paid === true).length,
  }
}

export type ReferenceReport = ReturnType<typeof referenceReport>
