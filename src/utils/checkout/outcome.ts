/**
 * What a mono checkout order record from the bank means for the store. `generalStatus` says where
 * the order is; for card payments `payment_status` tells a hold from a charge. Only a "placed"
 * outcome turns a cart into an order.
 */
import type { CheckoutGeneralStatus, CheckoutOrderRecord, CheckoutPaymentMethod } from "../../lib/monobank"
import { CHECKOUT_GENERAL_STATUSES, checkoutPaymentMethodSchema } from "../../lib/monobank"

/** How the payment is recorded in Medusa once the order is placed. */
export type RecordedPayment = "captured" | "authorized"

export type CheckoutOutcome =
  | { kind: "waiting"; reason: string }
  | { kind: "placed"; payment_method: CheckoutPaymentMethod; payment: RecordedPayment }
  | { kind: "failed"; reason: string }
  | { kind: "unknown"; reason: string }

type StatusMeaning = "waiting" | "in_process" | "placed" | "failed"

export const GENERAL_STATUS_MEANING = {
  not_authorized: "waiting",
  not_confirmed: "waiting",
  // A card hold is "in process" until it is finalized; anything else in process is not paid yet.
  in_process: "in_process",
  payment_on_delivery: "placed",
  success: "placed",
  fail: "failed",
} as const satisfies Record<CheckoutGeneralStatus, StatusMeaning>

/**
 * How a placed order's payment is recorded. Card: charged, or held when the order was created
 * with `hold` (the store captures later). Installments: the bank approved and pays the store.
 * Payment on delivery: nothing was paid; the `payment_on_delivery` provider (`monobank-on-delivery`
 * by default) authorizes it and the admin captures it once the parcel is paid for.
 */
export const PLACED_PAYMENT = {
  card: "captured",
  part_purchase: "captured",
  payment_on_delivery: "authorized",
} as const satisfies Record<CheckoutPaymentMethod, RecordedPayment>

/** `payment_status` of a card payment that is held, not charged. */
const HELD_CARD_PAYMENT_STATUS = "hold"

function isGeneralStatus(value: string): value is CheckoutGeneralStatus {
  return (CHECKOUT_GENERAL_STATUSES as readonly string[]).includes(value)
}

function isPaymentMethod(value: string | undefined): value is CheckoutPaymentMethod {
  return checkoutPaymentMethodSchema.safeParse(value).success
}

export function readCheckoutOutcome(
  record: Pick<CheckoutOrderRecord, "generalStatus" | "payment_method" | "payment_status">
): CheckoutOutcome {
  const general = record.generalStatus
  if (!general || !isGeneralStatus(general)) {
    return { kind: "unknown", reason: `unknown generalStatus ${JSON.stringify(general ?? null)}` }
  }
  const meaning = GENERAL_STATUS_MEANING[general]
  if (meaning === "waiting") return { kind: "waiting", reason: `generalStatus ${general}` }
  if (meaning === "failed") {
    return { kind: "failed", reason: `generalStatus fail${record.payment_status ? ` (payment_status ${record.payment_status})` : ""}` }
  }
  const method = record.payment_method
  if (general === "payment_on_delivery") {
    return { kind: "placed", payment_method: "payment_on_delivery", payment: PLACED_PAYMENT.payment_on_delivery }
  }
  if (!isPaymentMethod(method)) {
    return { kind: "unknown", reason: `generalStatus ${general} with unknown payment_method ${JSON.stringify(method ?? null)}` }
  }
  if (meaning === "in_process") {
    if (method === "card" && record.payment_status === HELD_CARD_PAYMENT_STATUS) {
      return { kind: "placed", payment_method: "card", payment: "authorized" }
    }
    return { kind: "waiting", reason: `generalStatus in_process (payment_status ${record.payment_status ?? "none"})` }
  }
  return { kind: "placed", payment_method: method, payment: PLACED_PAYMENT[method] }
}
