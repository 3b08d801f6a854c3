/**
 * What happens to an invoice when its session changes: a new amount replaces the unpaid invoice
 * (the shopper must never pay a stale amount), and a card can be saved without buying anything (a
 * verification invoice). A deleted session's money is settled by src/utils/session-money.
 */
import type { UpdatePaymentOutput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { readInvoice, releaseInvoice } from "./capture"
import type { ProviderDeps } from "./deps"
import { formatBankAmount } from "../../utils/medusa-money"
import { toMedusaError } from "./errors"
import { buildRedirectUrl } from "../../utils/acquiring/options"
import { stripUndefined, UAH_CCY } from "../../lib/monobank"
import type { MonobankData } from "../../utils/acquiring/payment-data"
import { startPayment, type StartInput } from "./start-payment"

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
      `The amount cannot change any more: the shopper already paid ${formatBankAmount(record.amount, record.ccy)} on monobank invoice ${old.invoiceId} (${record.status})`
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
