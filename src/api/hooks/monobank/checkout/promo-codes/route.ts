import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkoutPromoAccepted, checkoutPromoCodeQuerySchema, checkoutPromoRefused } from "../../../../../lib/monobank"
import { cartIdOfOrderRef } from "../../../../../modules/monobank-checkout/order-ref"
import { checkoutModule } from "../../../../../modules/monobank-checkout/resolve"
import { checkoutPromoQuote } from "../../../../../workflows/checkout/utils/promo-discount"
import { QUOTED_ORDER_FIELDS, refuseChangingQuotes, refuseQuoting } from "../../../../../workflows/checkout/utils/quote-guard"

/**
 * GET /hooks/monobank/checkout/promo-codes?basket_id&phone_number&promo_code — the bank's checkout
 * page asks whether a promo code the shopper entered applies to one of our checkout orders. The
 * answer is what Medusa's own promotion flow would make the cart cost with the code
 * (workflows/checkout/utils/promo-discount), for the cart as it was sent to the bank (quote-guard);
 * an accepted code and its discount are kept on the checkout order (`promo_quotes`), and the code is
 * applied to the cart only when the paid order is placed. A kept quote changes only while the bank
 * says the shopper has not paid. Anyone can call this route, as anyone with a cart id can try codes
 * through Medusa's store API; what it keeps is always the store's own discount, never one the
 * caller sent. Refusals are answered 200 with `success: false`.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const asked = checkoutPromoCodeQuerySchema.safeParse(req.query ?? {})
  const basketId = asked.success ? asked.data.basket_id : undefined
  const code = asked.success ? asked.data.promo_code : undefined
  if (!basketId || !code) {
    res.status(400).json(checkoutPromoRefused(400, `${basketId ? "promo_code" : "basket_id"}: is required`))
    return
  }
  const cartId = cartIdOfOrderRef(basketId)
  const [checkout] = await checkoutModule(req.scope).listMonobankCheckoutOrders(
    { cart_id: cartId },
    { select: [...QUOTED_ORDER_FIELDS, "promo_quotes"] }
  )
  if (!checkout) {
    res.status(404).json(checkoutPromoRefused(404, `basket_id: no mono checkout order ${basketId} in this store`))
    return
  }
  const notNow = await refuseQuoting(req.scope, checkout, cartId)
  if (notNow) {
    res.status(200).json(checkoutPromoRefused(notNow.status, notNow.message))
    return
  }
  const quote = await checkoutPromoQuote(req.scope, cartId, code)
  if (quote.kind === "refused") {
    res.status(200).json(checkoutPromoRefused(quote.status, quote.reason))
    return
  }
  const kept = (checkout.promo_quotes ?? {}) as Record<string, string | undefined>
  if (kept[quote.code] !== quote.discount) {
    const paid = await refuseChangingQuotes(req.scope, checkout)
    if (paid) {
      req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`monobank checkout: promo code for order ${checkout.checkout_order_id} not quoted: ${paid.reason}`)
      res.status(200).json(checkoutPromoRefused(paid.status, paid.message))
      return
    }
    await checkoutModule(req.scope).recordPromoQuote(cartId, quote.code, quote.discount)
  }
  res.status(200).json(checkoutPromoAccepted(quote.code, quote.total, quote.discount))
}
