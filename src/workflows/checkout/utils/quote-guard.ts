/**
 * When the store may quote a delivery price or a promo code to the bank's checkout page: only for
 * the cart as it was sent to the bank (./cart-fingerprint), only while our record still waits for
 * the shopper, and, for a quote that would change what is kept, only once the bank says the shopper
 * has not paid. So a quote is never made for another cart, and the quote the shopper paid by is
 * never replaced once the bank holds the money.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { checkoutModule, checkoutOptionsNow } from "../../../modules/monobank-checkout/resolve"
import { GENERAL_STATUS_MEANING } from "../../../utils/checkout/outcome"
import { QUOTE_REFUSALS, type QuoteRefusalReason } from "../../../utils/checkout/quote-refusals"
import type { CheckoutGeneralStatus } from "../../../lib/monobank"
import { cartFingerprintOf, liveCart } from "./cart-fingerprint"
import { goodsTotalOf } from "../../../utils/checkout/checkout-charge"
import { toBankAmountText } from "../../../utils/medusa-money"
import { CHECKOUT_CURRENCY } from "./order-request"

type Container = Pick<MedusaContainer, "resolve">

/** The checkout record fields the guard reads. */
export const QUOTED_ORDER_FIELDS = ["id", "status", "amount", "cart_fingerprint", "checkout_order_id"] as const

export type QuotedOrder = {
  id: string
  status: string
  amount: unknown
  cart_fingerprint?: string | null
  checkout_order_id?: string | null
}

export type QuoteRefusal = { status: 404 | 409 | 503; reason: QuoteRefusalReason | "no_cart"; message: string }

const REFUSAL_STATUS = { already_placed: 409, already_paid: 409, cart_changed: 409, bank_unavailable: 503 } as const satisfies Record<
  QuoteRefusalReason,
  QuoteRefusal["status"]
>

function refusal(reason: QuoteRefusalReason): QuoteRefusal {
  return { status: REFUSAL_STATUS[reason], reason, message: QUOTE_REFUSALS[reason]() }
}

/** Why nothing may be quoted for this order now, or undefined when quoting is allowed. */
export async function refuseQuoting(container: Container, checkout: QuotedOrder, cartId: string): Promise<QuoteRefusal | undefined> {
  if (checkout.status !== "awaiting_shopper") return refusal("already_placed")
  const cart = await liveCart(container, cartId)
  if (!cart) return { status: 404, reason: "no_cart", message: "the order is not in this store" }
  return isCartAsSent(cart, checkout) ? undefined : refusal("cart_changed")
}

/** Whether the cart is still the one its bank order was made for (amount only on records kept before the digest). */
export function isCartAsSent(cart: Parameters<typeof cartFingerprintOf>[0], checkout: Pick<QuotedOrder, "amount" | "cart_fingerprint">): boolean {
  if (cart.currency_code?.toLowerCase() !== CHECKOUT_CURRENCY) return false
  if (checkout.cart_fingerprint) return cartFingerprintOf(cart) === checkout.cart_fingerprint
  return MathBN.eq(toBankAmountText(goodsTotalOf(cart), CHECKOUT_CURRENCY), MathBN.convert(checkout.amount as any))
}

/**
 * Why a quote that would change what is kept may not be made, or undefined when the bank says the
 * shopper has not finished (one bank read; quotes change rarely, repeats of a kept one never ask).
 */
export async function refuseChangingQuotes(container: Parameters<typeof checkoutOptionsNow>[0], checkout: QuotedOrder): Promise<QuoteRefusal | undefined> {
  if (!checkout.checkout_order_id) return undefined
  let generalStatus: string | undefined
  try {
    const options = await checkoutOptionsNow(container)
    generalStatus = (await checkoutModule(container).fetchBankOrder(options, checkout.checkout_order_id)).generalStatus ?? undefined
  } catch {
    return refusal("bank_unavailable")
  }
  const meaning = GENERAL_STATUS_MEANING[generalStatus as CheckoutGeneralStatus]
  return meaning === "waiting" ? undefined : refusal("already_paid")
}
