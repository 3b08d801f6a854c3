/** mono checkout API on the acquiring host (X-Token). */
import { acquiringAuth } from "../acquiring/routes"
import type { Emulator } from "../emulator"
import { jsonBody, ok, parseWith } from "../http-util"
import type { Route } from "../router"
import { extendedShape } from "./records"
import { checkoutCreateSchema } from "./schemas"

export function checkoutRoutes(emulator: Emulator): Route[] {
  const base = { family: "checkout" as const, auth: acquiringAuth(emulator) }
  const orders = emulator.checkout
  return [
    {
      ...base,
      method: "POST",
      pattern: "/personal/checkout/order",
      handler: (ctx) => {
        const order = orders.create(parseWith(checkoutCreateSchema, jsonBody(ctx)))
        const redirect_url = `${emulator.baseUrl()}/checkout/${order.orderId}`
        return ok({ result: { order_id: order.orderId, redirect_url } })
      },
    },
    {
      ...base,
      method: "GET",
      pattern: "/personal/checkout/order/:orderId",
      handler: (ctx) => ok({ result: extendedShape(orders.get(ctx.params.orderId)) }),
    },
    {
      ...base,
      method: "GET",
      pattern: "/personal/checkout/signature/public/key",
      handler: () => ok({ key: emulator.checkoutKeys.publicKey() }),
    },
  ]
}
