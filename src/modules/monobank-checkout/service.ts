/**
 * The mono checkout module: one record per cart sent to the checkout page, and the bank calls
 * that create and read checkout orders (the merchant token never leaves this service).
 */
import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import {
  CheckoutClient,
  createCheckoutCallbackVerifier,
  type CallOptions,
  type CheckoutCallbackSignature,
  type CheckoutCallbackVerifier,
  type CheckoutCreateOrderRequest,
  type CheckoutCreateOrderResult,
  type CheckoutOrderRecord,
} from "../../lib/monobank"
import { MonobankCheckoutOrder } from "./models/checkout-order"
import { readCheckoutOptions, type CheckoutOptions } from "./options"

export class MonobankCheckoutModuleService extends MedusaService({ MonobankCheckoutOrder }) {
  protected readonly checkoutOptions_?: CheckoutOptions
  private client_?: CheckoutClient
  private callbackVerifier_?: CheckoutCallbackVerifier

  constructor(container: Record<string, unknown>, pluginOptions?: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.checkoutOptions_ = readCheckoutOptions(pluginOptions)
  }

  isConfigured(): boolean {
    return this.checkoutOptions_ !== undefined
  }

  /** The validated options; throws a clear error when the store has not set mono checkout up. */
  getCheckoutOptions(): CheckoutOptions {
    if (!this.checkoutOptions_) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "mono checkout is not set up in this store (plugin option `checkout` is missing)"
      )
    }
    return this.checkoutOptions_
  }

  /** Creates the bank's checkout order; the bank answers the same order for a repeated order_ref. */
  async createBankOrder(body: CheckoutCreateOrderRequest, options?: CallOptions): Promise<CheckoutCreateOrderResult> {
    return this.client().createOrder(body, options)
  }

  /** The bank's own record of a checkout order: the only thing this plugin acts on. */
  async fetchBankOrder(orderId: string, options?: CallOptions): Promise<CheckoutOrderRecord> {
    return this.client().getOrder(orderId, options)
  }

  /**
   * Checks a callback's `X-Sign` over its raw body with the checkout API's public key (cached,
   * refetched at most once a minute after a failed check). Rejects only when the key cannot be had.
   */
  async checkCallbackSignature(rawBody: Buffer | string, xSign: string | undefined): Promise<CheckoutCallbackSignature> {
    const client = this.client()
    this.callbackVerifier_ ??= createCheckoutCallbackVerifier({ fetchPublicKey: async () => (await client.getPublicKey()).key })
    return this.callbackVerifier_.check(rawBody, xSign)
  }

  private client(): CheckoutClient {
    const options = this.getCheckoutOptions()
    // One expression: Medusa's module test proxy forwards reads but not writes to the service.
    return (this.client_ ??= new CheckoutClient({ token: options.token, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs }))
  }
}
