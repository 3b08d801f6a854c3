/**
 * Runs before Medusa's "create payment session" store route when the monobank installments
 * provider is chosen:
 * - reads the cart and adds its lines and billing phone to the session data (see
 *   providers/monobank-installments/cart-context.ts), replacing whatever the storefront sent under
 *   those keys, so it cannot dictate the products sent to the bank;
 * - withdraws this collection's previous installments sessions first. Medusa deletes them in
 *   parallel with creating the new one, and the bank refuses a second order while the shopper still
 *   has one open (EXISTS_OTHER_OPEN_ORDER), so the old order must be gone before the new one.
 *   This middleware runs before Medusa checks the request, so it withdraws only for a request Medusa
 *   will go on with (its body shape, a provider the cart's region offers): a refused request changes nothing.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  CART_CONTEXT_FIELDS,
  EMPTY_CART_CONTEXT,
  installmentCartContext,
  type CartForInstallments,
} from "../../../../providers/monobank-installments/cart-context"

const PROVIDER_PREFIX = "pp_monobank-installments_"
/** Sessions that never became a Medusa payment. */
const WITHDRAWABLE = ["pending", "requires_more", "error", "canceled"]

type Body = { provider_id?: unknown; data?: Record<string, unknown> }
type Collection = {
  cart?: CartForInstallments & { region?: { payment_providers?: Array<{ id: string } | null> } }
  payment_sessions?: Array<{ id: string; provider_id: string; status: string } | null>
}

export async function addInstallmentCartContext(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as Body | undefined
  if (!body || typeof body.provider_id !== "string" || !body.provider_id.startsWith(PROVIDER_PREFIX) || !shapeAccepted(body)) {
    // Medusa's route refuses a malformed body itself: leave it as sent.
    return next()
  }
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  let context = EMPTY_CART_CONTEXT
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_collection",
      fields: [
        "id",
        ...CART_CONTEXT_FIELDS,
        "cart.region.payment_providers.id",
        "payment_sessions.id",
        "payment_sessions.provider_id",
        "payment_sessions.status",
      ],
      filters: { id: req.params.id },
    })
    const collection = data[0] as Collection | undefined
    context = installmentCartContext(collection?.cart)
    if (offeredInRegion(body.provider_id, collection)) await withdrawPrevious(req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT), collection)
  } catch (error) {
    // Medusa's own route still runs (and deletes old sessions itself); only the order of events is lost.
    logger.warn(`monobank installments: preparing payment collection ${req.params.id} failed: ${(error as Error).message}`)
  }
  req.body = { ...body, data: { ...(body.data ?? {}), ...context } }
  next()
}

/** Medusa's own checks of this route, made early: the body shape (StoreCreatePaymentSession)... */
function shapeAccepted(body: Body): boolean {
  return (
    Object.keys(body).every((key) => key === "provider_id" || key === "data") &&
    (body.data === undefined || (typeof body.data === "object" && body.data !== null && !Array.isArray(body.data)))
  )
}

/** ...and a provider the cart's region offers. */
function offeredInRegion(providerId: string, collection: Collection | undefined): boolean {
  return collection?.cart?.region?.payment_providers?.some((provider) => provider?.id === providerId) ?? false
}

async function withdrawPrevious(paymentModule: IPaymentModuleService, collection: Collection | undefined) {
  for (const session of collection?.payment_sessions ?? []) {
    if (session?.provider_id.startsWith(PROVIDER_PREFIX) && WITHDRAWABLE.includes(session.status)) {
      await paymentModule.deletePaymentSession(session.id)
    }
  }
}
