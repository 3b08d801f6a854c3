/**
 * Capturing and releasing a payment. Each reads the invoice status first (the bank is the source
 * of truth: the storefront, webhooks and Medusa retries race), acts only on the difference, and
 * after an unknown outcome reads the status again instead of repeating the call.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isOutcomeUnknown, reportUnknownValue, type InvoiceStatusRecord } from "../../lib/monobank"
import type { ProviderDeps } from "./deps"
import { formatBankAmount } from "../../utils/medusa-money"
import { toMedusaError } from "./errors"
import { applyStatus, type MonobankData } from "../../utils/acquiring/payment-data"
import { fiscalItemsFor } from "../../utils/acquiring/fiscal-lines"
import { capturedMinor, HOLD_RELEASE_PREFIX, isHoldRelease } from "../../utils/acquiring/status"

export async function readInvoice(deps: ProviderDeps, invoiceId: string): Promise<InvoiceStatusRecord> {
  try {
    const record = await deps.client.getInvoiceStatus(invoiceId)
    if (record.status === "unknown") {
      reportUnknownValue(`invoice status (invoice ${invoiceId})`, record.rawStatus, (m) => deps.logger.warn(m))
    }
    return record
  } catch (error) {
    throw toMedusaError(`read the status of invoice ${invoiceId}`, error)
  }
}

const NOT_CAPTURABLE: Partial<Record<InvoiceStatusRecord["status"], string>> = {
  created: "the shopper has not paid this monobank invoice yet",
  processing: "the shopper's payment is still being processed by monobank",
  failure: "the monobank payment failed; there is nothing to capture",
  expired: "the monobank invoice expired unpaid; there is nothing to capture",
  reversed: "the hold was released; the money can no longer be captured",
  unknown: "monobank reports a status this plugin does not know yet; nothing was captured, try again later",
}

/**
 * Finalizes a hold for `amountMinor`, the amount of Medusa's capture. A no-op when the bank already
 * shows the money as taken, so a webhook, the storefront and an admin may all ask. A hold is
 * finalized once: what was not captured then went back to the shopper, so a later capture is
 * refused. Without a known amount nothing is finalized (the bank would take the whole hold).
 */
export async function captureInvoice(
  deps: ProviderDeps,
  data: MonobankData,
  amountMinor: number | undefined,
  earlierMinor = 0
): Promise<MonobankData> {
  const record = await readInvoice(deps, data.invoiceId)
  const taken = capturedMinor(record)
  if (taken > 0) {
    if (amountMinor !== undefined && earlierMinor + amountMinor > taken) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cannot capture more: monobank finalized ${formatBankAmount(taken, record.ccy)} on invoice ${data.invoiceId} and released the rest of the hold`
      )
    }
    return applyStatus(data, record)
  }
  if (record.status !== "hold") {
    const who = record.status === "reversed" ? ` (${whoReleased(record)})` : ""
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cannot capture: ${NOT_CAPTURABLE[record.status]}${who}`)
  }
  if (amountMinor === undefined) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Cannot capture invoice ${data.invoiceId}: the amount of Medusa's capture is not known, so nothing was sent to monobank (finalizing without it would take the whole hold)`
    )
  }
  const amount = amountMinor
  if (amount > record.amount) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Cannot capture ${formatBankAmount(amount, record.ccy)}: only ${formatBankAmount(record.amount, record.ccy)} is held`
    )
  }
  try {
    // The bank takes the receipt of the whole hold from the basket; another amount needs its lines.
    const items = amount === record.amount ? undefined : fiscalItemsFor(deps.options.fiscalBasket, data, amount)
    await deps.client.finalizeInvoice({ invoiceId: data.invoiceId, amount, items })
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw toMedusaError(`capture invoice ${data.invoiceId}`, error)
    const after = await readInvoice(deps, data.invoiceId)
    if (capturedMinor(after) > 0) return applyStatus(data, after)
    throw toMedusaError(`capture invoice ${data.invoiceId}`, error)
  }
  deps.logger.info(`monobank: captured ${formatBankAmount(amount, record.ccy)} of invoice ${data.invoiceId}`)
  return applyStatus(data, await readInvoice(deps, data.invoiceId))
}

/** Who released a hold, as far as the bank's record tells: a release this store sent carries its mark. */
function whoReleased(record: InvoiceStatusRecord): string {
  const ours = record.cancelList?.find(isHoldRelease)
  if (!ours) return "not by this store: it expired after 9 days without capture, or was cancelled in the monobank business cabinet"
  const cause = ours.extRef!.slice(HOLD_RELEASE_PREFIX.length)
  const when = ours.createdDate ? ` on ${ours.createdDate}` : ""
  return cause.startsWith("pay_")
    ? `this store released it${when} when Medusa canceled payment ${cause}`
    : `this store released it${when}: its payment session ended without a Medusa payment`
}

/** Already over: nothing left to release, no need to ask the bank. */
function isSettledUnpaid(data: MonobankData): boolean {
  return data.status === "failure" || data.status === "expired" || (data.status === "reversed" && !data.finalAmount)
}

/**
 * Releases an uncaptured payment: removes an unpaid invoice or cancels a hold. Refuses when the
 * bank already took the money (that needs a refund, which Medusa books separately).
 */
export async function releaseInvoice(deps: ProviderDeps, data: MonobankData, extRef: string | undefined): Promise<MonobankData> {
  if (isSettledUnpaid(data)) return data
  const record = await readInvoice(deps, data.invoiceId)
  switch (record.status) {
    case "created":
    case "processing":
      return removeUnpaid(deps, data)
    case "hold":
      return cancelHold(deps, data, record, extRef)
    case "success":
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cannot cancel: monobank already captured ${formatBankAmount(capturedMinor(record), record.ccy)} on invoice ${data.invoiceId}; refund it instead`
      )
    default:
      return applyStatus(data, record)
  }
}

async function removeUnpaid(deps: ProviderDeps, data: MonobankData): Promise<MonobankData> {
  try {
    await deps.client.removeInvoice(data.invoiceId)
  } catch (error) {
    const after = await readInvoice(deps, data.invoiceId)
    if (after.status === "expired" || after.status === "failure") return applyStatus(data, after)
    throw toMedusaError(`remove unpaid invoice ${data.invoiceId}`, error)
  }
  return applyStatus(data, await readInvoice(deps, data.invoiceId))
}

async function cancelHold(
  deps: ProviderDeps,
  data: MonobankData,
  record: InvoiceStatusRecord,
  extRef: string | undefined
): Promise<MonobankData> {
  try {
    await deps.client.cancelInvoice({ invoiceId: data.invoiceId, extRef: `${HOLD_RELEASE_PREFIX}${extRef ?? data.invoiceId}` })
  } catch (error) {
    const after = await readInvoice(deps, data.invoiceId)
    if (after.status === "reversed" && capturedMinor(after) === 0) return applyStatus(data, after)
    throw toMedusaError(`release the hold of invoice ${data.invoiceId}`, error)
  }
  const cause = extRef ? `Medusa canceled payment ${extRef}` : "no Medusa payment rests on it"
  deps.logger.info(`monobank: released the hold of ${formatBankAmount(record.amount, record.ccy)} on invoice ${data.invoiceId}: ${cause}`)
  return applyStatus(data, await readInvoice(deps, data.invoiceId))
}
