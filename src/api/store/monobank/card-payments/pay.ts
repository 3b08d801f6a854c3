/**
 * What both card-payments routes share: find the shopper's payment session, hand the card details
 * to the provider it belongs to, and authorize the session at once when the bank charged the card.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { StorePageMethod } from "../../../../providers/monobank/store-page-payment"
import { CARD_PROVIDER_PREFIX } from "../../../../utils/provider-ids"
import { cardProvider } from "./provider"

type SessionRow = {
  id: string
  provider_id: string
  status: string
  amount: number
  currency_code: string
  data: Record<string, unknown> | null
}

/** A pending monobank card session of the cart's payment collection (the cart id is the shopper's). */
async function sessionOfCart(req: MedusaRequest, cartId: string, sessionId: string): Promise<SessionRow> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
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

/** Pays the session and answers `{ status, tds_url?, message? }` (see the route files). */
export async function payAndAnswer(
  req: MedusaRequest,
  res: MedusaResponse,
  target: { cart_id: string; payment_session_id: string },
  method: StorePageMethod
): Promise<void> {
  res.setHeader("Cache-Control", "no-store")
  let session: SessionRow
  let outcome
  try {
    session = await sessionOfCart(req, target.cart_id, target.payment_session_id)
    outcome = await (await cardProvider(req.scope, session.provider_id)).payOnStorePage(session, method)
  } catch (error) {
    // Medusa's error handler answers every conflict with a generic text; the shopper needs this one.
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.CONFLICT) {
      res.status(409).json({ type: error.type, message: error.message })
      return
    }
    throw error
  }
  if (outcome.status === "authorized") {
    const paymentModule = req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT)
    await paymentModule.authorizePaymentSession(session.id, {})
  }
  res.json({ status: outcome.status, ...(outcome.tdsUrl ? { tds_url: outcome.tdsUrl } : {}), ...(outcome.message ? { message: outcome.message } : {}) })
}
