/**
 * Wraps a monobank payment provider so it can also record a payment made on the mono checkout
 * page (see ./checkout-payment). Sessions without checkout facts go to the provider unchanged,
 * except that a `monobank_checkout` key sent by a storefront is dropped, so nobody but the
 * checkout workflow can make a session look paid.
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
  IPaymentProvider,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import type { CheckoutClient, CheckoutPaymentMethod } from "../../../lib/monobank"
import { isBankAmountOf } from "../../../utils/bank-amounts"
import { readCheckoutOutcome } from "../outcome"
import {
  CHECKOUT_PAYMENT_KEY,
  CHECKOUT_SESSION_STATUS,
  checkoutPaymentFromContext,
  readCheckoutPayment,
  type CheckoutPayment,
} from "./checkout-payment"

type PaymentProviderClass = new (...args: any[]) => IPaymentProvider

export type AcceptCheckoutPaymentsSettings<TConfig = any> = {
  /**
   * Reads checkout orders with the merchant token, for providers that have it: needed to capture
   * a held checkout card payment once it was finalized in the monobank business cabinet.
   */
  checkoutClient?: (config: TConfig) => CheckoutClient
}

/**
 * How a checkout payment Medusa holds as authorized becomes captured. A card hold is finalized in
 * the business cabinet (the checkout API has no capture), so the bank's record must show it
 * charged; money collected on delivery is confirmed by the store owner (the bank does not report it).
 */
const CAPTURE_AUTHORIZED = {
  card: "when_bank_shows_charged",
  part_purchase: "when_bank_shows_charged",
  payment_on_delivery: "on_store_owner_word",
} as const satisfies Record<CheckoutPaymentMethod, "when_bank_shows_charged" | "on_store_owner_word">

const REFUND_NOT_SUPPORTED = {
  card: "This payment was made on the mono checkout page; the checkout API offers no refunds. Refund it in the monobank business cabinet.",
  part_purchase:
    "This installment purchase was made on the mono checkout page; the checkout API offers no returns. Return it in the monobank business cabinet.",
  payment_on_delivery:
    "This payment was collected on delivery, outside monobank's API: give the money back to the shopper directly and record it on the order.",
} as const satisfies Record<CheckoutPaymentMethod, string>

export function acceptCheckoutPayments<TBase extends PaymentProviderClass>(
  Base: TBase,
  settings: AcceptCheckoutPaymentsSettings = {}
) {
  class CheckoutPaymentsProvider extends Base {
    private checkoutClient_?: CheckoutClient

    override async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
      const checkout = checkoutPaymentFromContext(input.context)
      if (!checkout) {
        const started = await super.initiatePayment(input)
        // Undefined keys are not stored: a storefront's `monobank_checkout` does not survive.
        return { ...started, data: { ...started.data, [CHECKOUT_PAYMENT_KEY]: undefined } }
      }
      if (!isBankAmountOf(input.amount, checkout.amount, "UAH")) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `monobank checkout order ${checkout.checkout_order_id} collected ${checkout.amount} UAH, not ${MathBN.convert(input.amount).toString()}`
        )
      }
      return { id: checkout.checkout_order_id, data: { [CHECKOUT_PAYMENT_KEY]: checkout }, status: CHECKOUT_SESSION_STATUS[checkout.payment] }
    }

    override async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
      const checkout = readCheckoutPayment(input.data)
      if (!checkout) return super.authorizePayment(input)
      return { status: CHECKOUT_SESSION_STATUS[checkout.payment], data: input.data }
    }

    override async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
      const checkout = readCheckoutPayment(input.data)
      if (!checkout) return super.getPaymentStatus(input)
      return { status: CHECKOUT_SESSION_STATUS[checkout.payment], data: input.data }
    }

    override async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
      if (!readCheckoutPayment(input.data)) return super.retrievePayment(input)
      return { data: input.data }
    }

    override async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
      const checkout = readCheckoutPayment(input.data)
      if (!checkout) return super.updatePayment(input)
      if (!isBankAmountOf(input.amount, checkout.amount, "UAH")) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `The cart was paid on the mono checkout page (${checkout.amount} UAH); its amount cannot change`
        )
      }
      return { status: CHECKOUT_SESSION_STATUS[checkout.payment], data: input.data }
    }

    override async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
      const checkout = readCheckoutPayment(input.data)
      if (!checkout) return super.capturePayment(input)
      if (checkout.payment === "captured") return { data: input.data }
      const captured =
        CAPTURE_AUTHORIZED[checkout.payment_method] === "on_store_owner_word"
          ? { ...checkout, payment: "captured" as const, checked_at: new Date().toISOString() }
          : await this.captureHeld(checkout)
      return { data: { ...input.data, [CHECKOUT_PAYMENT_KEY]: captured } }
    }

    override async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
      const checkout = readCheckoutPayment(input.data)
      if (!checkout) return super.refundPayment(input)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, REFUND_NOT_SUPPORTED[checkout.payment_method])
    }

    // The bank order stays as it is: a hold the store does not finalize is released by the bank
    // after 10 days; paid money goes back only through a refund in the business cabinet.
    override async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
      if (!readCheckoutPayment(input.data)) return super.cancelPayment(input)
      return { data: input.data }
    }

    override async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
      if (!readCheckoutPayment(input.data)) return super.deletePayment(input)
      return { data: input.data }
    }

    /** A held card payment counts as captured once the bank shows it charged (finalized in the cabinet). */
    private async captureHeld(checkout: CheckoutPayment): Promise<CheckoutPayment> {
      // `config`: the options AbstractPaymentProvider keeps for every provider.
      const config = (this as unknown as { config: unknown }).config
      const client = (this.checkoutClient_ ??= settings.checkoutClient?.(config))
      if (!client) {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This provider cannot read mono checkout orders to capture a held payment")
      }
      let record
      try {
        record = await client.getOrder(checkout.checkout_order_id)
      } catch (error) {
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `Could not read monobank checkout order ${checkout.checkout_order_id}: ${(error as Error).message}`
        )
      }
      const outcome = readCheckoutOutcome(record)
      if (outcome.kind === "placed" && outcome.payment === "captured") {
        return { ...checkout, payment: "captured", general_status: record.generalStatus ?? "", payment_status: record.payment_status ?? null, checked_at: new Date().toISOString() }
      }
      if (outcome.kind === "failed") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The mono checkout hold of order ${checkout.checkout_order_id} was released (${outcome.reason}); nothing can be captured`)
      }
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The mono checkout payment of order ${checkout.checkout_order_id} is still held: finalize it in the monobank business cabinet ` +
          `(the checkout API has no capture), then capture here again. The bank releases holds after 10 days.`
      )
    }
  }
  return CheckoutPaymentsProvider
}
