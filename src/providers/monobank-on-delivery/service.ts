/**
 * The `monobank-on-delivery` payment provider: records orders the shopper placed on the mono
 * checkout page to pay on delivery. It takes no session of its own: everything it records comes
 * from the checkout workflow (its facts checked against the plugin's own checkout record and kept
 * as the session's row, see src/utils/checkout/checkout-payments); any other session is refused,
 * so enabling it in a region does not let a storefront place unpaid orders, which Medusa's system
 * provider would. Session data never decides: a session without a recorded checkout payment is refused.
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
  Logger,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { CheckoutPayments, checkoutRowOf, opensCheckoutPayment } from "../../utils/checkout/checkout-payments"
import { applicationCheckoutEvidence } from "../../modules/monobank-checkout/evidence"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import { sessionMoneyFor, type SessionMoney } from "../../utils/session-money"
import { sessionIdOf, sessionOfCapture, sessionOfPayment, sessionOfRefund } from "../../utils/session-money/medusa-sessions"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import { registeredIdOf } from "../../utils/medusa-internals"

export const ON_DELIVERY_IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.onDelivery

export const ONLY_ON_CHECKOUT_PAGE =
  "Payment on delivery is offered only on the mono checkout page: send the cart to POST /store/monobank/checkout"

function refuse(): never {
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, ONLY_ON_CHECKOUT_PAGE)
}

export class MonobankOnDeliveryProviderService extends AbstractPaymentProvider<Record<string, never>> {
  static override identifier = ON_DELIVERY_IDENTIFIER
  private readonly checkoutPayments = new CheckoutPayments()
  private readonly cradle: Record<string, unknown>

  constructor(cradle: Record<string, unknown>, options: Record<string, never>) {
    super(cradle, options)
    this.cradle = cradle
  }

  private money(): SessionMoney {
    return sessionMoneyFor(this.cradle, (this.cradle.logger as Logger | undefined) ?? console)
  }

  /** The session's recorded checkout payment, or a refusal: nothing else is taken. */
  private async checkoutRow(money: SessionMoney, sessionId: string | undefined): Promise<SessionPaymentRow> {
    const row = sessionId ? checkoutRowOf(await money.paymentsOf(sessionId)) : undefined
    return row ?? refuse()
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (!opensCheckoutPayment(input)) refuse()
    const id = registeredIdOf(this.cradle, ON_DELIVERY_IDENTIFIER, this)
    return this.checkoutPayments.initiatePayment(input, this.money(), applicationCheckoutEvidence(), `pp_${id ?? ON_DELIVERY_IDENTIFIER}`)
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const money = this.money()
    const sessionId = sessionIdOf(input.context, "authorize")
    return money.decide(sessionId, async () => this.checkoutPayments.authorize(await this.checkoutRow(money, sessionId), input.data))
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const money = this.money()
    const key = input.context?.idempotency_key
    const sessionId = key ? await sessionOfCapture(money.payments, key) : undefined
    if (!sessionId) refuse()
    return money.decide(sessionId, async () => this.checkoutPayments.capture(await this.checkoutRow(money, sessionId), money, input.data))
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const money = this.money()
    const key = input.context?.idempotency_key
    const sessionId = key ? await sessionOfRefund(money.payments, key) : undefined
    return this.checkoutPayments.refund(await this.checkoutRow(money, sessionId))
  }

  /** Money collected on delivery is outside monobank: nothing to release. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const key = input.context?.idempotency_key
    if (key) await this.checkoutRow(this.money(), await sessionOfPayment(this.money().payments, key))
    return { data: input.data }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return refuseRead(input)
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: (await refuseRead(input)).data }
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return refuseRead(input)
  }

  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}

/** Reads nobody calls on this provider (Medusa does not; the plugin's workflows never do for it). */
async function refuseRead(input: { data?: Record<string, unknown> }): Promise<GetPaymentStatusOutput> {
  if (!input.data?.monobank_checkout) refuse()
  return { status: PaymentSessionStatus.PENDING, data: input.data }
}

export default MonobankOnDeliveryProviderService
