/**
 * Store middleware for `POST /store/payment-collections/:id/payment-sessions`: when the `monobank`
 * card provider is chosen, reads the cart and puts its receipt lines into the session data under
 * `monobank_basket` (replacing anything the storefront sent there), for the fiscal basket.
 * Registered in the plugin's `src/api/middlewares.ts`.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CARD_PROVIDER_PREFIX } from "../../../utils/provider-ids"
import { BASKET_DATA_KEY, basketLinesFromCart, CART_BASKET_FIELDS, type CartForBasket } from "../../../utils/acquiring/basket"

type Body = { provider_id?: unknown; data?: Record<string, unknown> }

export async function addMonobankBasket(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as Body | undefined
  if (!body || typeof body.provider_id !== "string" || !body.provider_id.startsWith(CARD_PROVIDER_PREFIX)) return next()
  let lines
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_collection",
      fields: ["id", ...CART_BASKET_FIELDS],
      filters: { id: req.params.id },
    })
    lines = basketLinesFromCart((data[0] as { cart?: CartForBasket } | undefined)?.cart)
  } catch (error) {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`monobank: could not read the cart of payment collection ${req.params.id}: ${(error as Error).message}`)
  }
  req.body = { ...body, data: { ...(body.data ?? {}), [BASKET_DATA_KEY]: lines } }
  next()
}
