/**
 * `invoice/fiscal-checks` and `invoice/receipt`. With the merchant's fiscalization switch on, a
 * paid invoice has one sale check and each refund the bank took receipt lines for (kept in
 * `fiscalItems`) one return check, all registered ("done") at once; with it off the list is empty.
 * The bank's receipt is the same tiny PDF for every paid invoice. Ids and fiscal numbers are
 * derived from the invoice id, so a test can predict them; the tax-service link points at an
 * example host (RFC 2606) so nothing real is ever linked.
 */
import { createHash } from "node:crypto"
import { notFound } from "../http-util"
import type { Invoice, InvoiceStatus } from "./types"

export const TAX_CHECK_BASE_URL = "https://tax.example.com/cashregs/check"

/** Invoice statuses the bank has taken the money for (a hold is fiscalized when it is finalized). */
const PAID = {
  created: false,
  processing: false,
  hold: false,
  success: true,
  failure: false,
  reversed: true,
  expired: false,
} as const satisfies Record<InvoiceStatus, boolean>

/** Statuses the bank's receipt exists for: the card was charged or the money held. */
const HAS_RECEIPT = { ...PAID, hold: true } as const satisfies Record<InvoiceStatus, boolean>

export type FiscalCheckRecord = {
  id: string
  type: "sale" | "return"
  status: "done"
  statusDescription: string
  taxUrl: string
  fiscalizationSource: "monopay"
}

/** A 10-digit fiscal number, stable per invoice and check. */
export function fiscalNumberOf(invoiceId: string, index: number): string {
  const digits = BigInt(`0x${createHash("sha256").update(`${invoiceId}/${index}`).digest("hex").slice(0, 12)}`)
  return String(digits % 10_000_000_000n).padStart(10, "0")
}

function check(invoice: Invoice, index: number, type: FiscalCheckRecord["type"]): FiscalCheckRecord {
  const fiscalNumber = fiscalNumberOf(invoice.invoiceId, index)
  return {
    id: `${invoice.invoiceId}-check-${index}`,
    type,
    status: "done",
    statusDescription: "",
    taxUrl: `${TAX_CHECK_BASE_URL}?fn=${fiscalNumber}`,
    fiscalizationSource: "monopay",
  }
}

export function fiscalChecksOf(invoice: Invoice, fiscalization: boolean): FiscalCheckRecord[] {
  if (!fiscalization || !PAID[invoice.status]) return []
  const returns = (invoice.fiscalItems ?? []).filter((record) => record.operation === "cancel")
  return [check(invoice, 0, "sale"), ...returns.map((_, i) => check(invoice, i + 1, "return"))]
}

/** The smallest well-formed one-page PDF (header, catalog, pages, page, xref, trailer). */
function minimalPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>",
  ]
  let body = "%PDF-1.4\n"
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, "latin1")
}

const RECEIPT_PDF_BASE64 = minimalPdf().toString("base64")

export function receiptOf(invoice: Invoice): { file: string } {
  if (!HAS_RECEIPT[invoice.status]) throw notFound(`no receipt for invoice ${invoice.invoiceId}: it is not paid`)
  return { file: RECEIPT_PDF_BASE64 }
}
