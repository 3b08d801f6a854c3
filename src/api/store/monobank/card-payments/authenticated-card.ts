/**
 * The server-side way to pay a store-page session with a card the merchant authenticated itself
 * (its own 3-D Secure server: ECI, CAVV/TAVV, DS transaction id) through `sync-payment`. The bank
 * takes that result at its word and the liability is the merchant's, so no public route reaches
 * this: the store's own server code calls it (a custom API route behind its 3-D Secure flow, a
 * workflow), never with values a browser chose. See docs/store-page-payments.md.
 *
 *   import { payWithAuthenticatedCard } from "medusa-payment-monobank/api/store/monobank/card-payments/authenticated-card"
 *   const outcome = await payWithAuthenticatedCard(req.scope, { cart_id, payment_session_id }, card)
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { z } from "zod"
import type { StorePageOutcome } from "../../../../providers/monobank/store-page-payment"
import { payStorePageSession, type StorePageTarget } from "./pay"
import { authenticatedCardSchema, parseBody, type AuthenticatedCard } from "./requests"

/** Wrapped so a refusal names `cardData.<field>`, as the routes' do. */
const authenticatedCardBody = z.strictObject({ cardData: authenticatedCardSchema })

export type { AuthenticatedCard }

/**
 * Charges the session's amount once with `card` (option `syncPayments`). Bad fields are refused
 * before the bank is asked (`cardData.eciIndicator: expected a 2-digit ECI`); the outcome is the
 * store routes' (`authorized` sessions are authorized at once).
 */
export async function payWithAuthenticatedCard(scope: MedusaContainer, target: StorePageTarget, card: AuthenticatedCard): Promise<StorePageOutcome> {
  const { cardData } = parseBody(authenticatedCardBody, { cardData: card })
  return payStorePageSession(scope, target, { kind: "sync", method: { cardData } })
}
