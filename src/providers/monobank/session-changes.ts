/**
 * What happens to an invoice when its session changes: a new amount replaces the unpaid invoice
 * (the shopper must never pay a stale amount), a deleted session releases what it can, and a card
 * can be saved without buying anything (a verification invoice).
 */
import type { UpdatePaymentOutput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { readInvoice, releaseInvoice } from "./capture"
import { formatMinor, type ProviderDeps } from "./deps"
import { toMedusaError } from "./errors"
import { buildRedirectUrl } from "../../utils/acquiring/options"
import { stripUndefined, UAH_CCY, type InvoiceStatusRecord } from "../../lib/monobank"
import { applyStatus, type MonobankData } from "../../utils/acquiring/payment-data"
import { startPayment, type StartInput } from "./start-payment"
import { refundableMinor } from "../../utils/acquiring/status"

const REPLACEABLE = new Set(["created", "failure", "expired"])

/** Keys the storefront sent when it started the session; kept across a replacement. */
function sessionInputKeys(data: Record<string, unknown> | undefined) {
  return stripUndefined({ save_card: data?.save_card, payment_method_id: data?.payment_method_id })
}

export async function replaceInvoice(deps: ProviderDeps, old: MonobankData, input: StartInput): Promise<UpdatePaymentOutput> {
  const record = await readInvoice(deps, old.invoiceId)
  if (!REPLACEABLE.has(record.status)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The amount cannot change any more: the shopper already paid ${formatMinor(record.amount, record.ccy)} on monobank invoice ${old.invoiceId} (${record.status})`
    )
  }
  if (record.status === "created") {
    const released = await releaseInvoice(deps, old, undefined)
    if (released.status !== "expired" && released.status !== "failure") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `monobank invoice ${old.invoiceId} could not be withdrawn (${released.status})`)
    }
  }
  const started = await startPayment(deps, input)
  deps.logger.info(
    `monobank: invoice ${old.invoiceId} replaced after an amount change by ${started.data.invoiceId ?? "a saved-card payment charged when the cart completes"}`
  )
  return { data: { ...sessionInputKeys(input.data), ...started.data }, status: started.status }
}

/**
 * The session is gone (a new one replaced it, or the cart was completed another way): withdraw an
 * unpaid invoice, release a hold and refund a payment, when no Medusa payment rests on them (the
 * shopper paid in a tab the storefront forgot: no order will ever take that money). Never throws:
 * a bank hiccup must not block the shopper's next session; what could not be done is logged.
 */
export async function releaseForDeletedSession(
  deps: ProviderDeps,
  data: MonobankData,
  restsOnPayment: () => Promise<boolean>
): Promise<MonobankData> {
  try {
    if (await restsOnPayment()) return data
    const record = await readInvoice(deps, data.invoiceId)
    if (record.status === "success" && refundableMinor(record) > 0) return await refundOrphan(deps, data, record)
    return await releaseInvoice(deps, data, undefined)
  } catch (error) {
    deps.logger.error(
      `monobank: invoice ${data.invoiceId} of a deleted payment session was left as is (check it in the monobank cabinet): ${(error as Error).message}`
    )
    return data
  }
}

/** `extRef` of the refund of a paid invoice whose session was deleted without an order. */
export const ORPHAN_REFUND_PREFIX = "orphan-refund:"

async function refundOrphan(deps: ProviderDeps, data: MonobankData, record: InvoiceStatusRecord): Promise<MonobankData> {
  const amount = refundableMinor(record)
  try {
    await deps.client.cancelInvoice({ invoiceId: data.invoiceId, amount, extRef: `${ORPHAN_REFUND_PREFIX}${data.invoiceId}` })
  } catch (error) {
    // Not repeated: a lost answer is settled by reading the invoice again.
    const after = await readInvoice(deps, data.invoiceId)
    if (refundableMinor(after) > 0) throw toMedusaError(`refund paid invoice ${data.invoiceId} of a deleted payment session`, error)
  }
  deps.logger.warn(
    `monobank: invoice ${data.invoiceId} of deleted payment session ${data.reference} was paid but no order rests on it; ` +
      `refunded ${formatMinor(amount, record.ccy)} to the shopper (extRef ${ORPHAN_REFUND_PREFIX}${data.invoiceId})`
  )
  return applyStatus(data, await readInvoice(deps, data.invoiceId))
}

/** A zero-amount verification invoice whose only purpose is to save a card into the wallet. */
export async function startCardVerification(
  deps: ProviderDeps,
  walletId: string,
  webHookUrl: string,
  data: Record<string, unknown> | undefined
): Promise<{ id: string; data: Record<string, unknown> }> {
  const returnUrl = typeof data?.redirect_url === "string" ? data.redirect_url : buildRedirectUrl(deps.options.redirectUrl, "")
  try {
    const created = await deps.client.createInvoice({
      amount: 0,
      ccy: UAH_CCY,
      paymentType: "verification",
      saveCardData: { saveCard: true, walletId },
      redirectUrl: returnUrl,
      webHookUrl,
      validity: deps.options.invoiceValiditySeconds,
    })
    return { id: created.invoiceId, data: { invoiceId: created.invoiceId, pageUrl: created.pageUrl } }
  } catch (error) {
    throw toMedusaError("start saving a card", error)
  }
}
