/**
 * The receipts of a card invoice for the order widget: the bank's fiscal checks (sale, returns)
 * and a link to the bank's own payment receipt. Only shown to people, so a bank that cannot answer
 * for them (no fiscal register linked, 404, an error) says "receipts unavailable" and never takes
 * the rest of the order's facts down with it.
 */
import type { AcquiringClient, FiscalCheck, InvoiceStatusRead } from "../../../../lib/monobank"
import type { FiscalCheckFacts, ReceiptFacts } from "./order-facts-response"

/** Invoice statuses after which the bank has taken money, so a check or receipt may exist. */
const HAS_RECEIPTS = {
  created: false,
  processing: false,
  hold: true,
  success: true,
  failure: false,
  reversed: true,
  expired: false,
  unknown: false,
} as const satisfies Record<InvoiceStatusRead, boolean>

const CHECK_TYPE_WORDS: Record<string, string> = { sale: "Sale", return: "Return" }
const CHECK_STATUS_WORDS: Record<string, string> = {
  new: "Queued",
  process: "Being registered",
  done: "Registered",
  failed: "Failed",
}

export function hasReceipts(status: string | null): boolean {
  return status !== null && (HAS_RECEIPTS as Record<string, boolean>)[status] === true
}

/** Where the admin downloads the bank's receipt as a PDF (the token stays on the server). */
export function bankReceiptPath(orderId: string, invoiceId: string): string {
  return `/admin/monobank/orders/${encodeURIComponent(orderId)}/receipt?invoice=${encodeURIComponent(invoiceId)}`
}

function checkFacts(check: FiscalCheck): FiscalCheckFacts {
  return {
    id: check.id ?? null,
    type: check.type ?? null,
    type_label: check.type ? CHECK_TYPE_WORDS[check.type] ?? check.type : "Unknown",
    status: check.status ?? null,
    status_label: check.status ? CHECK_STATUS_WORDS[check.status] ?? check.status : "Unknown",
    status_description: check.statusDescription || null,
    tax_url: check.taxUrl || null,
    source: check.fiscalizationSource ?? null,
  }
}

export async function receiptFacts(client: AcquiringClient, orderId: string, invoiceId: string): Promise<ReceiptFacts> {
  const bank_receipt_url = bankReceiptPath(orderId, invoiceId)
  try {
    const checks = await client.listFiscalChecks(invoiceId)
    return { available: true, fiscal_checks: checks.map(checkFacts), bank_receipt_url }
  } catch (error) {
    return { available: false, reason: `Receipts unavailable: ${(error as Error).message}`, fiscal_checks: [], bank_receipt_url }
  }
}
