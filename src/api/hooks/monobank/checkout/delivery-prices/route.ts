import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkoutDeliveryPriceList, checkoutDeliveryPriceRequestSchema } from "../../../../../lib/monobank"
import { cartIdOfOrderRef } from "../../../../../modules/monobank-checkout/order-ref"
import { checkoutModule, checkoutOptionsNow } from "../../../../../modules/monobank-checkout/resolve"
import { checkoutDeliveryPrices, knownMethods } from "../../../../../workflows/checkout/utils/delivery-prices"
import { QUOTED_ORDER_FIELDS, refuseChangingQuotes, refuseQuoting } from "../../../../../workflows/checkout/utils/quote-guard"
import { refuseUnverifiedCallback } from "../signature"

const NO_PRICES = checkoutDeliveryPriceList([])

/**
 * POST /hooks/monobank/checkout/delivery-prices — the bank's checkout page asks what delivery
 * costs for one of our checkout orders (`orderRef` = the order_ref we sent) by the methods it lists.
 * The answer is the store's own prices for the cart as it was sent to the bank
 * (workflows/checkout/utils/delivery-prices, quote-guard); each is kept on the checkout order
 * (`delivery_quotes`), so the order is placed with the price the shopper saw even if the store
 * changes it later. A cart changed since it was sent gets no prices, and a kept price changes only
 * while the bank says the shopper has not paid. Anyone can call this route: it reveals only
 * delivery prices, and what it keeps is always the store's own price, never one the caller sent.
 * A signature it carries must verify; an unsigned request is answered.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const refused = await refuseUnverifiedCallback(req, logger, false)
  if (refused !== undefined) {
    res.status(refused).json(NO_PRICES)
    return
  }
  const asked = checkoutDeliveryPriceRequestSchema.safeParse(req.body ?? {})
  const orderRef = asked.success ? asked.data.orderRef : undefined
  if (!orderRef) {
    res.status(400).json({ ...NO_PRICES, message: "orderRef: the order_ref of a mono checkout order is required" })
    return
  }
  const cartId = cartIdOfOrderRef(orderRef)
  const [checkout] = await checkoutModule(req.scope).listMonobankCheckoutOrders(
    { cart_id: cartId },
    { select: [...QUOTED_ORDER_FIELDS, "delivery_quotes"] }
  )
  if (!checkout) {
    res.status(404).json({ ...NO_PRICES, message: `orderRef: no mono checkout order ${orderRef} in this store` })
    return
  }
  const notNow = await refuseQuoting(req.scope, checkout, cartId)
  if (notNow) {
    res.status(notNow.status).json({ ...NO_PRICES, message: notNow.message })
    return
  }
  const options = await checkoutOptionsNow(req.scope)
  const methods = knownMethods(asked.data!.methods)
  const prices = await checkoutDeliveryPrices(req.scope, cartId, { methods, merchantPaysDelivery: options.dlv_pay_merchant })
  const kept = (checkout.delivery_quotes ?? {}) as Record<string, string | undefined>
  if ([...(prices ?? [])].some(([method, price]) => kept[method] !== price)) {
    const paid = await refuseChangingQuotes(req.scope, checkout)
    if (paid) {
      logger.warn(`monobank checkout: delivery prices for order ${checkout.checkout_order_id} not quoted: ${paid.reason}`)
      res.status(paid.status).json({ ...NO_PRICES, message: paid.message })
      return
    }
    await checkoutModule(req.scope).recordDeliveryQuotes(cartId, Object.fromEntries(prices!))
  }
  res.status(200).json(checkoutDeliveryPriceList(prices ?? []))
}
