/**
 * What a monobank payment provider does with a session that records a payment made on the mono
 * checkout page (see ./checkout-payment). Each provider holds one `CheckoutPayments` and, at the
 * top of each of its nine payment methods, hands such a session over:
 *
 *   if (isCheckoutPayment(input)) return this.checkoutPayments.authorizePayment(input)
 *
 * Any other session stays the provider's own, except that a `monobank_checkout` key sent by a
 * storefront is dropped when it starts (`withoutCheckoutPayment`), so nobody but the checkout
 * workflow can make a session look paid.
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
} from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import type { CheckoutClient, CheckoutPaymentMethod } from "../../lib/monobank"
import { isBankAmountOf } from "../bank-amounts"
import { readCheckoutOutcome } from "./outcome"
import {
  CHECKOUT_PAYMENT_KEY,
  CHECKOUT_SESSION_STATUS,
  checkoutPaymentFromContext,
  readCheckoutPayment,
  type CheckoutPayment,
} from "./checkout-payment"

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

/** The session records a mono checkout payment (throws on malformed checkout facts). */
export function isCheckoutPayment(input: { data?: Record<string, unknown> }): boolean {
  return readCheckoutPayment(input.data) !== undefined
}

/** The checkout workflow starts this session for a mono checkout payment (throws on malformed facts). */
export function opensCheckoutPayment(input: InitiatePaymentInput): boolean {
  return checkoutPaymentFromContext(input.context) !== undefined
}

/** The data of a session the provider started itself: undefined keys are not stored, so a storefront's `monobank_checkout` does not survive. */
export function withoutCheckoutPayment(started: InitiatePaymentOutput): InitiatePaymentOutput {
  return { ...started, data: { ...started.data, [CHECKOUT_PAYMENT_KEY]: undefined } }
}

export type CheckoutPaymentsSettings = {
  /**
   * Reads checkout orders with the merchant token, for providers that have it: needed to capture
   * a held checkout card payment once it was finalized in the monobank business cabinet.
   */
  checkoutClient?: () => CheckoutClient
}

function factsOf(input: { data?: Record<string, unknown> }): CheckoutPayment {
  const checkout = readCheckoutPayment(input.data)
  if (!checkout) throw new MedusaError(MedusaError.Types.INVALID_DATA, "This payment records no mono checkout payment")
  return checkout
}

/** Answers Medusa's payment methods for sessions that record a mono checkout payment, without any bank call except a held capture. */
export class CheckoutPayments {
  private checkoutClient_?: CheckoutClient

  constructor(private readonly settings: CheckoutPaymentsSettings = {}) {}

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const checkout = checkoutPaymentFromContext(input.context)
    if (!checkout) throw new MedusaError(MedusaError.Types.INVALID_DATA, "This session was not started by the mono checkout workflow")
    if (!isBankAmountOf(input.amount, checkout.amount, "UAH")) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `monobank checkout order ${checkout.checkout_order_id} collected ${checkout.amount} UAH, not ${MathBN.convert(input.amount).toString()}`
      )
    }
    return { id: checkout.checkout_order_id, data: { [CHECKOUT_PAYMENT_KEY]: checkout }, status: CHECKOUT_SESSION_STATUS[checkout.payment] }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return { status: CHECKOUT_SESSION_STATUS[factsOf(input).payment], data: input.data }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return { status: CHECKOUT_SESSION_STATUS[factsOf(input).payment], data: input.data }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    factsOf(input)
    return { data: input.data }
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const checkout = factsOf(input)
    if (!isBankAmountOf(input.amount, checkout.amount, "UAH")) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The cart was paid on the mono checkout page (${checkout.amount} UAH); its amount cannot change`
      )
    }
    return { status: CHECKOUT_SESSION_STATUS[checkout.payment], data: input.data }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const checkout = factsOf(input)
    if (checkout.payment === "captured") return { data: input.data }
    const captured =
      CAPTURE_AUTHORIZED[checkout.payment_method] === "on_store_owner_word"
        ? { ...checkout, payment: "captured" as const, checked_at: new Date().toISOString() }
        : await this.captureHeld(checkout)
    return { data: { ...input.data, [CHECKOUT_PAYMENT_KEY]: captured } }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, REFUND_NOT_SUPPORTED[factsOf(input).payment_method])
  }

  // The bank order stays as it is: a hold the store does not finalize is released by the bank
  // after 10 days; paid money goes back only through a refund in the business cabinet.
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    factsOf(input)
    return { data: input.data }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    factsOf(input)
    return { data: input.data }
  }

  /** A held card payment counts as captured once the bank shows it charged (finalized in the cabinet). */
  private async captureHeld(checkout: CheckoutPayment): Promise<CheckoutPayment> {
    const client = (this.checkoutClient_ ??= this.settings.checkoutClient?.())
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
