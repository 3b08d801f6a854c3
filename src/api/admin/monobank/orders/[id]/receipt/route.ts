/**
 * `GET /admin/monobank/orders/:id/receipt?invoice=...`: the bank's receipt of a card payment of
 * this order, as a PDF download. The bank answers base64 behind the merchant token, so the admin
 * gets it through here and the token never leaves the server. Only an invoice of this order's own
 * payments is read, so the route cannot be used to fetch other merchants' or orders' receipts.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { isMonobankApiError, type AcquiringClient } from "../../../../../../lib/monobank"
import { readMonobankData } from "../../../../../../utils/acquiring/payment-data"
import { acquiringClientOfProvider } from "../../../../../../workflows/acquiring/utils/card-invoice-reader"
import { orderPayments } from "../../order-facts"

const querySchema = z.strictObject({
  invoice: z
    .string({ error: "invoice is required: the id of one of this order's monobank card invoices" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "invoice must be a monobank invoice id" }),
})

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const query = querySchema.safeParse(req.query)
  if (!query.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, query.error.issues.map((issue) => issue.message).join("; "))
  }
  const invoiceId = query.data.invoice
  const payments = await orderPayments(req.scope, req.params.id)
  const payment = payments.find((p) => readMonobankData(p.data)?.invoiceId === invoiceId)
  if (!payment) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${req.params.id} has no monobank card invoice ${invoiceId}`)
  }
  const client = await acquiringClientOfProvider(req.scope, payment.provider_id)
  const { file } = await receiptOf(client, invoiceId)
  if (!file) throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank has no receipt for invoice ${invoiceId}`)
  const pdf = Buffer.from(file, "base64")
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `inline; filename="monobank-receipt-${invoiceId.replace(/[^\w-]/g, "_")}.pdf"`)
  res.setHeader("Content-Length", String(pdf.length))
  res.status(200).end(pdf)
}

/** The bank's refusal in words a store owner can act on; its 404 stays a 404. */
async function receiptOf(client: AcquiringClient, invoiceId: string) {
  try {
    return await client.getReceipt(invoiceId)
  } catch (error) {
    if (!isMonobankApiError(error)) throw error
    const type = error.status === 404 ? MedusaError.Types.NOT_FOUND : MedusaError.Types.UNEXPECTED_STATE
    throw new MedusaError(type, `monobank could not give the receipt of invoice ${invoiceId} now: ${error.message}`)
  }
}
