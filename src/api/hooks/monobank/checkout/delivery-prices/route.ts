import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkoutDeliveryPriceList, checkoutDeliveryPriceRequestSchema } from "../../../../../lib/monobank"
import { cartIdOfOrderRef } from "../../../../../modules/monobank-checkout/order-ref"
import { checkoutModule, checkoutOptionsNow } from "../../../../../modules/monobank-checkout/resolve"
import { checkoutDeliveryPrices, knownMethods } from "../../../../../workflows/checkout/utils/delivery-prices"
import { refuseUnverifiedCallback } from "../signature"

const NO_PRICES = checkoutDeliveryPriceList([])

/**
 * POST /hooks/monobank/checkout/delivery-prices — the bank's checkout page asks what delivery
 * costs for one of our checkout orders (`orderRef` = the order_ref we sent) by the methods it lists.
 * The answer is the store's own prices for that cart (workflows/checkout/utils/delivery-prices);
 * each is kept on the checkout order (`delivery_quotes`), so the order is placed with the price
 * the shopper saw even if the store changes it later. Anyone can call this route: it reveals only
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
  const [checkout] = await checkoutModule(req.scope).listMonobankCheckoutOrders({ cart_id: cartId }, { select: ["id"] })
  if (!checkout) {
    res.status(404).json({ ...NO_PRICES, message: `orderRef: no mono checkout order ${orderRef} in this store` })
    return
  }
  const options = await checkoutOptionsNow(req.scope)
  const methods = knownMethods(asked.data!.methods)
  const prices = await checkoutDeliveryPrices(req.scope, cartId, { methods, merchantPaysDelivery: options.dlv_pay_merchant })
  if (prices?.size) await checkoutModule(req.scope).recordDeliveryQuotes(cartId, Object.fromEntries(prices))
  res.status(200).json(checkoutDeliveryPriceList(prices ?? []))
}
