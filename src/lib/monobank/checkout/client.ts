/**
 * mono checkout orders (`X-Token`, acquiring host): create an order whose page collects delivery
 * and payment choices, then read the order back. Both answers come wrapped as `{ result }`; the
 * methods return what is inside.
 */
import { ApiClient } from "../api-client"
import { defineOperation as op, runOperation, type CallOptions } from "../operation"
import { tokenHeaders, type TokenClientOptions } from "../token-auth"
import { parseRequest } from "../validate"
import * as s from "./schemas"

export const CHECKOUT_BASE_URL = "https://api.monobank.ua"

const OPERATIONS = {
  createOrder: op(
    "POST /personal/checkout/order",
    s.checkoutCreateOrderRequestSchema,
    s.checkoutCreateOrderResponseSchema
  ),
  // The order id is a path parameter: validated by the method, not by the operation.
  getOrder: op("GET /personal/checkout/order/{order_id}", null, s.checkoutGetOrderResponseSchema),
  getPublicKey: op("GET /personal/checkout/signature/public/key", null, s.checkoutPublicKeyResponseSchema),
}

export type CheckoutClientOptions = TokenClientOptions

export class CheckoutClient extends ApiClient {
  constructor(options: CheckoutClientOptions) {
    super(options, CHECKOUT_BASE_URL, tokenHeaders("CheckoutClient", options))
  }

  /** Creates the order; send the shopper to `redirect_url`. */
  async createOrder(
    body: s.CheckoutCreateOrderRequest,
    options?: CallOptions
  ): Promise<s.CheckoutCreateOrderResult> {
    return (await runOperation(this.http, OPERATIONS.createOrder, body, options)).result
  }

  async getOrder(order_id: string, options?: CallOptions): Promise<s.CheckoutOrderRecord> {
    const where = { method: "GET", path: "/personal/checkout/order/{order_id}" }
    const params = parseRequest(s.checkoutOrderIdSchema, { order_id }, where)
    const path = `/personal/checkout/order/${encodeURIComponent(params.order_id)}`
    return (await runOperation(this.http, OPERATIONS.getOrder, undefined, options, { path })).result
  }

  /** The key (base64 of PEM) that signs checkout callbacks; see `createCheckoutCallbackVerifier`. */
  async getPublicKey(options?: CallOptions): Promise<{ key: string }> {
    return runOperation(this.http, OPERATIONS.getPublicKey, undefined, options)
  }
}
