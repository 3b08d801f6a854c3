/**
 * Refunds. Medusa refunds go to the bank as `cancel` with `extRef` = the Medusa refund id, so a
 * refund whose outcome was unknown is found again in the invoice's `cancelList` instead of being
 * sent twice. Refunds made in the bank's cabinet are recorded in the payment data by the plugin's
 * webhook subscriber first; the Medusa refund that books one is then recognised here and not sent.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { CancelListItem, InvoiceStatusRecord } from "../../lib/monobank"
import { readInvoice } from "./capture"
import { formatMinor, type ProviderDeps } from "./deps"
import { isOutcomeUnknown, toMedusaError } from "./errors"
import { applyStatus, type MonobankData, type RefundRecord } from "./payment-data"
import { refundableMinor } from "./status"

/** A refund made outside Medusa, waiting for its Medusa refund, with exactly this amount. */
function unbookedBankRefund(refunds: RefundRecord[], amountMinor: number): RefundRecord | undefined {
  return refunds.find(
    (r) => r.source === "bank" && !r.refundId && r.amount === amountMinor && r.status !== "failure"
  )
}

function recordFromCancel(item: CancelListItem, amountMinor: number): RefundRecord {
  return {
    ref: item.extRef ?? "",
    amount: item.amount ?? amountMinor,
    status: item.status,
    source: "medusa",
    createdDate: item.createdDate,
  }
}

export async function refundInvoice(
  deps: ProviderDeps,
  data: MonobankData,
  amountMinor: number,
  refundId: string
): Promise<MonobankData> {
  const refunds = data.refunds ?? []
  if (refunds.some((r) => r.ref === refundId || r.refundId === refundId)) return data

  const fromCabinet = unbookedBankRefund(refunds, amountMinor)
  if (fromCabinet) {
    deps.logger.info(`monobank: refund ${refundId} books refund ${fromCabinet.ref} made in the monobank cabinet (invoice ${data.invoiceId})`)
    return { ...data, refunds: refunds.map((r) => (r === fromCabinet ? { ...r, refundId } : r)) }
  }

  const record = await readInvoice(deps, data.invoiceId)
  const earlier = record.cancelList?.find((item) => item.extRef === refundId && item.status !== "failure")
  if (earlier) return withRefund(applyStatus(data, record), recordFromCancel(earlier, amountMinor))

  assertRefundable(record, amountMinor)
  let status: RefundRecord["status"]
  let createdDate: string | undefined
  try {
    const result = await deps.client.cancelInvoice({ invoiceId: data.invoiceId, amount: amountMinor, extRef: refundId })
    status = result.status
    createdDate = result.createdDate
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw toMedusaError(`refund ${formatMinor(amountMinor, record.ccy)}`, error)
    const after = await readInvoice(deps, data.invoiceId)
    const sent = after.cancelList?.find((item) => item.extRef === refundId && item.status !== "failure")
    if (sent) return withRefund(applyStatus(data, after), recordFromCancel(sent, amountMinor))
    throw toMedusaError(`refund ${formatMinor(amountMinor, record.ccy)}`, error)
  }
  if (status === "failure") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `monobank declined the refund of ${formatMinor(amountMinor, record.ccy)} on invoice ${data.invoiceId}`
    )
  }
  deps.logger.info(`monobank: refund ${refundId} of ${formatMinor(amountMinor, record.ccy)} accepted (${status}) on invoice ${data.invoiceId}`)
  return withRefund(data, { ref: refundId, amount: amountMinor, status, source: "medusa", createdDate })
}

function assertRefundable(record: InvoiceStatusRecord, amountMinor: number): void {
  if (record.status === "hold") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot refund: the payment is only held, not captured. Capture it first, or cancel the order to release the hold"
    )
  }
  if (record.status !== "success" && record.status !== "reversed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cannot refund: the monobank invoice is ${record.status}, nothing was paid`)
  }
  const left = refundableMinor(record)
  if (amountMinor > left) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot refund ${formatMinor(amountMinor, record.ccy)}: only ${formatMinor(left, record.ccy)} is left to refund on this monobank payment`
    )
  }
}

function withRefund(data: MonobankData, refund: RefundRecord): MonobankData {
  return { ...data, refunds: [...(data.refunds ?? []), refund] }
}
