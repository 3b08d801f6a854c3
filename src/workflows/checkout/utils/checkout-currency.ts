/**
 * A mono checkout order is a hryvnia order: the plugin sends only hryvnia carts and the bank
 * collects UAH (`ccy` 980, also its default when a record leaves `ccy` out). That money pays a
 * cart only in the same currency: a cart moved to another region after it was sent (a euro region,
 * say) must never become an order from it, even when its total reads the same number.
 */
import { currencyAlphaCode, isSupportedCurrency, UAH_CCY, type CheckoutOrderRecord } from "../../../lib/monobank"

/** Why the bank's checkout order cannot pay this cart, or undefined when both are in hryvnia. */
export function checkoutCurrencyMismatch(
  record: Pick<CheckoutOrderRecord, "orderId" | "ccy">,
  cart: { id: string; currency_code?: string | null }
): string | undefined {
  const ccy = record.ccy ?? UAH_CCY
  if (ccy !== UAH_CCY) {
    const named = isSupportedCurrency(ccy) ? `${currencyAlphaCode(ccy)} (ccy ${ccy})` : `ccy ${ccy}`
    return `checkout order ${record.orderId} reports its amount in ${named}, but mono checkout orders are sent in UAH only: no order is made from it`
  }
  const cartCurrency = String(cart.currency_code ?? "none").toUpperCase()
  if (cartCurrency === "UAH") return undefined
  return (
    `checkout order ${record.orderId} was paid in UAH, but cart ${cart.id} is in ${cartCurrency} (moved to another region after it ` +
    "was sent to mono checkout): no order is made from it; refund the shopper in the monobank business cabinet, or move the cart back to your hryvnia region and sync"
  )
}
