/**
 * Installment purchase API: every request carries `store-id` and `signature`, the Base64
 * HMAC-SHA256 of the exact body bytes sent. Amounts are hryvnia (see schemas.ts).
 */
import type { z } from "zod"
import { ApiClient, type ConnectionOptions } from "../api-client"
import { defineOperation as op, runOperation, type CallOptions, type Operation } from "../operation"
import { signInstallmentsBody, verifyInstallmentsSignature } from "../signatures/hmac"
import * as s from "./schemas"

export type InstallmentsEnvironment = "sandbox" | "stage" | "production"

export const INSTALLMENTS_BASE_URLS = {
  sandbox: "https://u2-demo-ext.mono.st4g3.com",
  stage: "https://u2-ext.mono.st4g3.com",
  production: "https://u2.monobank.com.ua",
} as const satisfies Record<InstallmentsEnvironment, string>

const OPERATIONS = {
  createOrder: op("POST /api/order/create", s.createOrderRequestSchema, s.createOrderResponseSchema),
  getOrderState: op("POST /api/order/state", s.orderIdRequestSchema, s.orderStateInfoSchema),
  confirmOrder: op("POST /api/order/confirm", s.orderIdRequestSchema, s.orderStateInfoSchema),
  rejectOrder: op("POST /api/order/reject", s.orderIdRequestSchema, s.orderStateInfoSchema),
  returnOrder: op("POST /api/order/return", s.returnOrderRequestSchema, s.returnOrderResponseSchema),
  checkPaid: op("POST /api/order/check/paid", s.orderIdRequestSchema, s.checkPaidResponseSchema),
  getOrderData: op("POST /api/order/data", s.orderIdRequestSchema, s.orderDataResponseSchema),
} satisfies Record<string, Operation>

export type InstallmentsClientOptions = ConnectionOptions & {
  storeId: string
  secret: string
  /** Default "production"; `baseUrl` wins over it. */
  environment?: InstallmentsEnvironment
}

/** The store's credentials as the bank checks them; TypeErrors for missing ones or an unknown environment. */
function checkedEnvironment(options: InstallmentsClientOptions): InstallmentsEnvironment {
  for (const key of ["storeId", "secret"] as const) {
    if (typeof options?.[key] !== "string" || options[key].trim() === "") {
      throw new TypeError(`InstallmentsClient: ${key} is required`)
    }
  }
  const environment = options.environment ?? "production"
  if (!Object.hasOwn(INSTALLMENTS_BASE_URLS, environment)) {
    throw new TypeError(`InstallmentsClient: unknown environment ${JSON.stringify(environment)}`)
  }
  return environment
}

export class InstallmentsClient extends ApiClient {
  // Private fields: the secret never shows up in console.log / util.inspect of the client.
  readonly #secret: string
  readonly #sign: (body: Buffer) => Record<string, string>

  constructor(options: InstallmentsClientOptions) {
    super(options, INSTALLMENTS_BASE_URLS[checkedEnvironment(options)], { "store-id": options.storeId })
    this.#secret = options.secret
    this.#sign = (body) => ({ signature: signInstallmentsBody(body, this.#secret) })
  }

  /** Answers 201 `{ order_id }`; the same `store_order_id` again returns the existing order. */
  createOrder(body: s.CreateOrderRequest, options?: CallOptions): Promise<s.CreateOrderResponse> {
    return this.run(OPERATIONS.createOrder, body, options)
  }

  getOrderState(order_id: string, options?: CallOptions): Promise<s.OrderStateInfo> {
    return this.run(OPERATIONS.getOrderState, { order_id }, options)
  }

  /** Goods handed over: the installment becomes active. */
  confirmOrder(order_id: string, options?: CallOptions): Promise<s.OrderStateInfo> {
    return this.run(OPERATIONS.confirmOrder, { order_id }, options)
  }

  /** The store will not hand over the goods. */
  rejectOrder(order_id: string, options?: CallOptions): Promise<s.OrderStateInfo> {
    return this.run(OPERATIONS.rejectOrder, { order_id }, options)
  }

  /** Full or partial return; several partial returns are allowed. */
  returnOrder(body: s.ReturnOrderRequest, options?: CallOptions): Promise<s.ReturnOrderResponse> {
    return this.run(OPERATIONS.returnOrder, body, options)
  }

  checkPaid(order_id: string, options?: CallOptions): Promise<s.CheckPaidResponse> {
    return this.run(OPERATIONS.checkPaid, { order_id }, options)
  }

  getOrderData(order_id: string, options?: CallOptions): Promise<s.OrderData> {
    return this.run(OPERATIONS.getOrderData, { order_id }, options)
  }

  /** Checks the `signature` header of a callback against its raw body. */
  verifyCallback(rawBody: Buffer | string, signature: string | undefined | null): boolean {
    return verifyInstallmentsSignature(rawBody, signature, this.#secret)
  }

  private run<Out extends z.ZodType>(
    operation: Operation<Out>,
    input: unknown,
    options?: CallOptions
  ): Promise<z.output<Out>> {
    return runOperation(this.http, operation, input, options, { sign: this.#sign })
  }
}
