/**
 * Reads a card invoice's status for the scheduled reconcile, with the same token and bank URL as
 * the `monobank` provider the session belongs to (taken from the store's config: Medusa offers no
 * public way to call a provider's own read), with the settings saved in the admin over them.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { isMonobankApiError, type AcquiringClient, type InvoiceStatusRecord } from "../../../lib/monobank"
import { currentCardProvider } from "../../../utils/effective-settings"
import { ledgerOf, type SessionPaymentRow } from "../../../utils/session-money/ledger"
import { nameLostCharge } from "../../../utils/acquiring/session-invoices"

export type CardInvoiceReader = ((providerId: string, invoiceId: string) => Promise<InvoiceStatusRecord>) & {
  /** Names a session's charge whose answer was lost, from the bank's statement (src/providers/monobank/bank-side). */
  nameLostCharge?: (providerId: string, row: SessionPaymentRow) => Promise<SessionPaymentRow | undefined>
}

/** The bank did not answer (timeout, connection, 5xx) or asks us to slow down (429). */
export function isBankUnavailable(error: unknown): boolean {
  if (!isMonobankApiError(error)) return false
  if (error.kind === "timeout" || error.kind === "network") return true
  return error.status !== undefined && (error.status >= 500 || error.status === 429)
}

/** The acquiring client of a `monobank` provider: its token, or the one saved in the admin over it (as the provider itself uses). */
export async function acquiringClientOfProvider(container: MedusaContainer, providerId: string): Promise<AcquiringClient> {
  const provider = await currentCardProvider(container, container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  if (!provider) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank: no options for payment provider ${providerId} in medusa-config`)
  }
  return provider.client
}

export function cardInvoiceReader(container: MedusaContainer): CardInvoiceReader {
  const clientFor = (providerId: string) => acquiringClientOfProvider(container, providerId)
  const reader: CardInvoiceReader = async (providerId, invoiceId) => (await clientFor(providerId)).getInvoiceStatus(invoiceId)
  reader.nameLostCharge = async (providerId, row) => {
    const ledger = ledgerOf(container)
    if (!ledger) return undefined
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    return nameLostCharge({ client: await clientFor(providerId), logger, ledger }, row)
  }
  return reader
}
