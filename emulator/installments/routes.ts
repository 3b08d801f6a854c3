/** Installments API (`store-id` + `signature` headers; errors are `{ message }`). */
import type { Emulator } from "../emulator"
import { HttpError, header, jsonBody, ok, parseWith, type RequestContext } from "../http-util"
import type { Route } from "../router"
import { createOrderSchema, orderIdSchema, returnSchema, validateClientSchema } from "./schemas"
import { signatureMatches } from "./signature"

export function installmentsAuth(emulator: Emulator) {
  return (ctx: RequestContext): void => {
    const storeId = header(ctx, "store-id")
    const secret = storeId ? emulator.installmentsSecretOf(storeId) : undefined
    if (!secret) {
      throw new HttpError(403, "unknown store-id: this store may not use the installments API")
    }
    const signature = header(ctx, "signature")
    if (!signature) throw new HttpError(401, "signature header is missing")
    if (!signatureMatches(ctx.rawBody, secret, signature)) {
      throw new HttpError(401, "signature is invalid")
    }
  }
}

export function installmentRoutes(emulator: Emulator): Route[] {
  const base = { family: "installments" as const, auth: installmentsAuth(emulator), method: "POST" as const }
  const orders = emulator.installments
  const storeOf = (ctx: RequestContext) => header(ctx, "store-id")!
  const orderOf = (ctx: RequestContext) => orders.get(parseWith(orderIdSchema, jsonBody(ctx)).order_id, storeOf(ctx))
  return [
    {
      ...base,
      pattern: "/api/order/create",
      handler: (ctx) => {
        const order = orders.create(parseWith(createOrderSchema, jsonBody(ctx)), storeOf(ctx))
        return { status: 201, json: { order_id: order.order_id } }
      },
    },
    { ...base, pattern: "/api/order/state", handler: (ctx) => ok(orders.stateInfo(orderOf(ctx))) },
    {
      ...base,
      pattern: "/api/order/confirm",
      handler: (ctx) => {
        const order = orderOf(ctx)
        orders.confirm(order)
        return ok(orders.stateInfo(order))
      },
    },
    {
      ...base,
      pattern: "/api/order/reject",
      handler: (ctx) => {
        const order = orderOf(ctx)
        orders.reject(order)
        return ok(orders.stateInfo(order))
      },
    },
    {
      ...base,
      pattern: "/api/order/return",
      handler: (ctx) => {
        const body = parseWith(returnSchema, jsonBody(ctx))
        orders.returnGoods(orders.get(body.order_id, storeOf(ctx)), body)
        return ok({ status: "OK" })
      },
    },
    { ...base, pattern: "/api/order/check/paid", handler: (ctx) => ok(orders.checkPaid(orderOf(ctx))) },
    { ...base, pattern: "/api/order/data", handler: (ctx) => ok(emulator.shapes.installmentsData(orders.data(orderOf(ctx)))) },
    { ...base, pattern: "/api/order/info", handler: (ctx) => ok(emulator.shapes.installmentsData(orders.data(orderOf(ctx)))) },
    {
      ...base,
      pattern: "/api/v2/client/validate",
      handler: (ctx) => {
        parseWith(validateClientSchema, jsonBody(ctx))
        return ok({ found: true })
      },
    },
    {
      ...base,
      pattern: "/api/client/validate",
      handler: (ctx) => {
        parseWith(validateClientSchema, jsonBody(ctx))
        return ok({ found: true, client: { first_name: "Тест", last_name: "Клієнт", middle_name: "Емуляторович", inn: "1234567890" } })
      },
    },
  ]
}
