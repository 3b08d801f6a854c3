/**
 * The `monobank-on-delivery` payment provider: records orders the shopper placed on the mono
 * checkout page to pay on delivery. It takes no session of its own: everything it records comes
 * from the checkout workflow and is answered by `checkoutPayments` (src/utils/checkout); any other
 * session is refused, so enabling it in a region does not let a storefront place unpaid orders,
 * which Medusa's system provider would.
 */
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import { CheckoutPayments, isCheckoutPayment, opensCheckoutPayment } from "../../utils/checkout/checkout-payments"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"

export const ON_DELIVERY_IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.onDelivery

export const ONLY_ON_CHECKOUT_PAGE =
  "Payment on delivery is offered only on the mono checkout page: send the cart to POST /store/monobank/checkout"

function refuse(): never {
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, ONLY_ON_CHECKOUT_PAGE)
}

export class MonobankOnDeliveryProviderService extends AbstractPaymentProvider<Record<string, never>> {
  static override identifier = ON_DELIVERY_IDENTIFIER
  /** Answers the sessions the checkout workflow records for orders paid on delivery. */
  private readonly checkoutPayments = new CheckoutPayments()

  constructor(cradle: Record<string, unknown>, options: Record<string, never>) {
    super(cradle, options)
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (opensCheckoutPayment(input)) return this.checkoutPayments.initiatePayment(input)
    return refuse()
  }
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.authorizePayment(input)
    return refuse()
  }
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.capturePayment(input)
    return refuse()
  }
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.refundPayment(input)
    return refuse()
  }
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.cancelPayment(input)
    return refuse()
  }
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.deletePayment(input)
    return refuse()
  }
  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.getPaymentStatus(input)
    return refuse()
  }
  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.retrievePayment(input)
    return refuse()
  }
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.updatePayment(input)
    return refuse()
  }
  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
