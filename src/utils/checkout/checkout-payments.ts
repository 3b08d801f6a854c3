/**
 * What a monobank payment provider does with a session that records a payment made on the mono
 * checkout page (see ./checkout-payment). Such a session is started only by the plugin's checkout
 * workflow, which puts the bank's facts into the session *context* (the storefront cannot set it);
 * the provider checks them against the plugin's own checkout record of the session's cart and
 * records the payment as the session's row (src/utils/session-money). From then on that row, never
 * the session's `data`, says that the session is a checkout payment and how Medusa holds it:
 *
 *   const checkout = checkoutRowOf(await money.paymentsOf(sessionId))
 *   if (checkout) return this.checkoutPayments.authorize(checkout, input)
 *
 * A storefront's `monobank_checkout` key in a session it starts is dropped (`withoutCheckoutPayment`).
 */
import type {
  AuthorizePaymentOutput,
  BigNumberInput,
  CapturePaymentOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
} from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { UAH_CCY, type CheckoutClient, type CheckoutPaymentMethod } from "../../lib/monobank"
import { isBankAmountOf, toBankMinorUnits } from "../medusa-money"
import type { SessionPaymentRow } from "../session-money/ledger"
import type { SessionMoney } from "../session-money/session-money"
import { medusaSession, paymentOnSession } from "../session-money/medusa-sessions"
import { checkoutChargeOf } from "./checkout-charge"
import { readCheckoutOutcome, type RecordedPayment } from "./outcome"
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

/** How the money of a checkout payment goes back to the shopper, since the checkout API gives nothing back (also Needs attention's advice). */
export const REFUND_NOT_SUPPORTED = {
  card: "This payment was made on the mono checkout page; the checkout API offers no refunds. Refund it in the monobank business cabinet.",
  part_purchase:
    "This installment purchase was made on the mono checkout page; the checkout API offers no returns. Return it in the monobank business cabinet.",
  payment_on_delivery:
    "This payment was collected on delivery, outside monobank's API: give the money back to the shopper directly and record it on the order.",
} as const satisfies Record<CheckoutPaymentMethod, string>

/**
 * The plugin's own checkout record of a cart, as a checkout payment is proven against it: the
 * goods amount the bank was asked for, and the delivery prices and promo codes quoted to its page.
 */
export type CheckoutRecordOfCart = {
  checkout_order_id: string | null
  status: string
  amount: BigNumberInput
  delivery_quotes?: Record<string, string> | null
  promo_quotes?: Record<string, string> | null
}

/** Where that record and the session's cart are read (src/providers/checkout-evidence in a running store). */
export type CheckoutEvidence = {
  cartOfCollection(paymentCollectionId: string): Promise<string | undefined>
  checkoutOrderOfCart(cartId: string): Promise<CheckoutRecordOfCart | undefined>
}

/** The session's recorded mono checkout payment, if it is one. */
export function checkoutRowOf(rows: SessionPaymentRow[]): SessionPaymentRow | undefined {
  return rows.find((row) => row.kind === "checkout")
}

/** The checkout workflow starts this session for a mono checkout payment (throws on malformed facts). */
export function opensCheckoutPayment(input: InitiatePaymentInput): boolean {
  return checkoutPaymentFromContext(input.context) !== undefined
}

/** Display only: the session data names a checkout payment (read-only paths, never money decisions). */
export function showsCheckoutPayment(input: { data?: Record<string, unknown> }): boolean {
  try {
    return readCheckoutPayment(input.data) !== undefined
  } catch {
    return false
  }
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

function refuse(message: string): never {
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, message)
}

/** Answers Medusa's payment methods for sessions that record a mono checkout payment, without any bank call except a held capture. */
export class CheckoutPayments {
  private checkoutClient_?: CheckoutClient

  constructor(private readonly settings: CheckoutPaymentsSettings = {}) {}

  /**
   * Records the checkout payment the workflow put into the context, once the plugin's own checkout
   * record of the session's cart confirms it: same checkout order, same amount, not failed.
   */
  async initiatePayment(
    input: InitiatePaymentInput,
    money: SessionMoney,
    evidence: CheckoutEvidence,
    providerId: string
  ): Promise<InitiatePaymentOutput> {
    const checkout = checkoutPaymentFromContext(input.context)
    const sessionId = String(input.context?.idempotency_key ?? input.data?.session_id ?? "")
    if (!checkout || !sessionId) refuse("This session was not started by the mono checkout workflow")
    if (!isBankAmountOf(input.amount, checkout.amount, "UAH")) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `monobank checkout order ${checkout.checkout_order_id} collected ${checkout.amount} UAH, not ${MathBN.convert(input.amount).toString()}`
      )
    }
    return money.decide(sessionId, async () => {
      const session = await money.requireSession(sessionId)
      const cartId = await evidence.cartOfCollection(session.payment_collection_id)
      const record = cartId ? await evidence.checkoutOrderOfCart(cartId) : undefined
      if (!cartId || cartId !== checkout.cart_id || !record || record.checkout_order_id !== checkout.checkout_order_id || record.status === "failed") {
        refuse(`monobank checkout order ${checkout.checkout_order_id} is not the checkout order this store recorded for the session's cart`)
      }
      const deliveries = [...Object.values(record.delivery_quotes ?? {}), "0"]
      // Which reading the order was placed by is the placement's decision; here the amount only has to be explainable.
      if (checkoutChargeOf({ collected: checkout.amount, goods: record.amount, deliveries, promos: record.promo_quotes }).kind === "unproven") {
        refuse(
          `monobank checkout order ${checkout.checkout_order_id} was recorded for ${MathBN.convert(record.amount).toFixed(2)} UAH, ` +
            `and ${checkout.amount} is not that less a promo code and plus a delivery price the store quoted`
        )
      }
      await takeOverFromEndedSession(money, checkout.checkout_order_id, sessionId)
      const row = await money.record({
        session_id: sessionId,
        provider_id: providerId,
        kind: "checkout",
        bank_id: checkout.checkout_order_id,
        amount_minor: toBankMinorUnits(checkout.amount, UAH_CCY),
        ccy: UAH_CCY,
        recorded_as: checkout.payment,
        payment_method: checkout.payment_method,
        next_check_at: null,
      })
      if (row.session_id !== sessionId) refuse(`monobank checkout order ${checkout.checkout_order_id} is already recorded for payment session ${row.session_id}`)
      return { id: checkout.checkout_order_id, data: { [CHECKOUT_PAYMENT_KEY]: checkout }, status: CHECKOUT_SESSION_STATUS[checkout.payment] }
    })
  }

  /** How Medusa holds it, as recorded: no bank call. */
  authorize(row: SessionPaymentRow, data: Record<string, unknown> | undefined): AuthorizePaymentOutput {
    return { status: CHECKOUT_SESSION_STATUS[recordedAs(row)], data: data ?? {} }
  }

  async capture(row: SessionPaymentRow, money: SessionMoney, data: Record<string, unknown> | undefined): Promise<CapturePaymentOutput> {
    const cached = safeFacts(data)
    if (recordedAs(row) === "captured") return { data: data ?? {} }
    if (CAPTURE_AUTHORIZED[methodOf(row)] === "when_bank_shows_charged") await this.requireCharged(row)
    await money.ledger.recordCheckoutCaptured(row.id)
    const facts = cached ? { ...cached, payment: "captured" as const, checked_at: new Date().toISOString() } : undefined
    return { data: { ...(data ?? {}), ...(facts ? { [CHECKOUT_PAYMENT_KEY]: facts } : {}) } }
  }

  refund(row: SessionPaymentRow): never {
    refuse(REFUND_NOT_SUPPORTED[methodOf(row)])
  }

  /** A held card payment counts as captured once the bank shows it charged (finalized in the cabinet). */
  private async requireCharged(row: SessionPaymentRow): Promise<void> {
    const client = (this.checkoutClient_ ??= this.settings.checkoutClient?.())
    if (!client) refuse("This provider cannot read mono checkout orders to capture a held payment")
    const checkoutOrderId = row.bank_id!
    let record
    try {
      record = await client.getOrder(checkoutOrderId)
    } catch (error) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Could not read monobank checkout order ${checkoutOrderId}: ${(error as Error).message}`)
    }
    const outcome = readCheckoutOutcome(record)
    if (outcome.kind === "placed" && outcome.payment === "captured") return
    if (outcome.kind === "failed") refuse(`The mono checkout hold of order ${checkoutOrderId} was released (${outcome.reason}); nothing can be captured`)
    refuse(
      `The mono checkout payment of order ${checkoutOrderId} is still held: finalize it in the monobank business cabinet ` +
        `(the checkout API has no capture), then capture here again. The bank releases holds after 10 days.`
    )
  }
}

/**
 * A checkout order placed again after a placement was rolled back: its row moves to the new
 * session when the old session ended or is gone and no Medusa payment rests on it (one checkout
 * payment, one order, always).
 */
async function takeOverFromEndedSession(money: SessionMoney, checkoutOrderId: string, sessionId: string): Promise<void> {
  const existing = await money.ledger.sessionPaymentByBank(checkoutOrderId, ["checkout"])
  if (!existing || existing.session_id === sessionId) return
  const [session, payment] = await Promise.all([medusaSession(money.payments, existing.session_id), paymentOnSession(money.payments, existing.session_id)])
  if ((session && !existing.session_ended_at) || payment !== "none") return
  await money.ledger.moveToSession(existing.id, existing.session_id, sessionId)
}

function recordedAs(row: SessionPaymentRow): RecordedPayment {
  return row.recorded_as === "captured" ? "captured" : "authorized"
}

function methodOf(row: SessionPaymentRow): CheckoutPaymentMethod {
  return (row.payment_method ?? "card") as CheckoutPaymentMethod
}

function safeFacts(data: Record<string, unknown> | undefined): CheckoutPayment | undefined {
  try {
    return readCheckoutPayment(data)
  } catch {
    return undefined
  }
}
