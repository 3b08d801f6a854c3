/**
 * What both card-payments routes (and the store's own server code, ./authenticated-card) share:
 * find the shopper's payment session, hand the card details to the provider it belongs to, and
 * authorize the session at once when the bank charged the card.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { StorePageMethod, StorePageOutcome } from "../../../../providers/monobank/store-page-payment"
import { CARD_PROVIDER_PREFIX } from "../../../../utils/provider-ids"
import { StorePage } from "../../../../providers/monobank/store-page"

type SessionRow = {
  id: string
  provider_id: string
  status: string
  amount: number
  currency_code: string
  data: Record<string, unknown> | null
}

/** A pending monobank card session of the cart's payment collection (the cart id is the shopper's). */
async function sessionOfCart(scope: MedusaContainer, cartId: string, sessionId: string): Promise<SessionRow> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: ["id", "completed_at", "payment_collection.payment_sessions.*"],
    filters: { id: cartId },
  })
  const cart = carts[0]
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `cart_id: no cart ${cartId}`)
  if (cart.completed_at) throw new MedusaError(MedusaError.Types.CONFLICT, "This cart is already an order")
  const sessions = (cart.payment_collection?.payment_sessions ?? []) as unknown as SessionRow[]
  const session = sessions.find((candidate) => candidate?.id === sessionId)
  if (!session) throw new MedusaError(MedusaError.Types.NOT_FOUND, `payment_session_id: the cart has no payment session ${sessionId}`)
  if (!session.provider_id.startsWith(CARD_PROVIDER_PREFIX)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "payment_session_id: not a monobank card payment session")
  }
  return session
}

export type StorePageTarget = { cart_id: string; payment_session_id: string }

/** Pays the cart's session with `method` and authorizes it when the bank charged the card. */
export async function payStorePageSession(scope: MedusaContainer, target: StorePageTarget, method: StorePageMethod): Promise<StorePageOutcome> {
  const session = await sessionOfCart(scope, target.cart_id, target.payment_session_id)
  const outcome = await (await StorePage.of(scope, session.provider_id)).pay(session, method)
  if (outcome.status === "authorized") {
    await scope.resolve<IPaymentModuleService>(Modules.PAYMENT).authorizePaymentSession(session.id, {})
  }
  return outcome
}

/** Pays the session and answers `{ status, tds_url?, message? }` (see the route files). */
export async function payAndAnswer(req: MedusaRequest, res: MedusaResponse, target: StorePageTarget, method: StorePageMethod): Promise<void> {
  res.setHeader("Cache-Control", "no-store")
  let outcome: StorePageOutcome
  try {
    outcome = await payStorePageSession(req.scope, target, method)
  } catch (error) {
    // Medusa's error handler answers every conflict with a generic text; the shopper needs this one.
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.CONFLICT) {
      res.status(409).json({ type: error.type, message: error.message })
      return
    }
    throw error
  }
  res.json({ status: outcome.status, ...(outcome.tdsUrl ? { tds_url: outcome.tdsUrl } : {}), ...(outcome.message ? { message: outcome.message } : {}) })
}
