/**
 * The `monobank-on-delivery` payment provider: records orders the shopper placed on the mono
 * checkout page to pay on delivery. It takes no session of its own: everything it records comes
 * from the checkout workflow (see modules/monobank-checkout/payments), so enabling it in a region
 * does not let a storefront place unpaid orders, which Medusa's system provider would.
 */
import type {
  AuthorizePaymentOutput,
  CancelPaymentOutput,
  CapturePaymentOutput,
  DeletePaymentOutput,
  GetPaymentStatusOutput,
  InitiatePaymentOutput,
  RefundPaymentOutput,
  RetrievePaymentOutput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions } from "@medusajs/framework/utils"

export const ON_DELIVERY_IDENTIFIER = "monobank-on-delivery"

export const ONLY_ON_CHECKOUT_PAGE =
  "Payment on delivery is offered only on the mono checkout page: send the cart to POST /store/monobank/checkout"

function refuse(): never {
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, ONLY_ON_CHECKOUT_PAGE)
}

export class MonobankOnDeliveryProviderService extends AbstractPaymentProvider<Record<string, never>> {
  static override identifier = ON_DELIVERY_IDENTIFIER

  constructor(cradle: Record<string, unknown>, options: Record<string, never>) {
    super(cradle, options)
  }

  async initiatePayment(): Promise<InitiatePaymentOutput> {
    return refuse()
  }
  async authorizePayment(): Promise<AuthorizePaymentOutput> {
    return refuse()
  }
  async capturePayment(): Promise<CapturePaymentOutput> {
    return refuse()
  }
  async refundPayment(): Promise<RefundPaymentOutput> {
    return refuse()
  }
  async cancelPayment(): Promise<CancelPaymentOutput> {
    return refuse()
  }
  async deletePayment(): Promise<DeletePaymentOutput> {
    return refuse()
  }
  async getPaymentStatus(): Promise<GetPaymentStatusOutput> {
    return refuse()
  }
  async retrievePayment(): Promise<RetrievePaymentOutput> {
    return refuse()
  }
  async updatePayment(): Promise<UpdatePaymentOutput> {
    return refuse()
  }
  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
