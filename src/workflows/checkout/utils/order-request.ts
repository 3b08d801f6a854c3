/**
 * The bank's checkout order request from a cart. Delivery is chosen and settled on the bank's
 * page, so the amount is what the cart costs without its shipping: its total minus the shipping
 * total (a shipping method chosen earlier in the storefront is replaced when the order is placed).
 * Products carry the price of ONE unit after discounts and tax; a line whose total does not divide
 * evenly is split in two, so the products always add up to the (rounded) line totals to the kopeck.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import {
  fromMinorUnits,
  toCheckoutAmount,
  UAH_CCY,
  type CheckoutCreateOrderRequest,
  type CheckoutPaymentMethod,
  type CheckoutProduct,
  type DeliveryMethod,
} from "../../../lib/monobank"
import { toBankAmountText, toBankLineTotals, toBankMinorUnits } from "../../../utils/medusa-money"

export const CHECKOUT_CURRENCY = "uah"
const MAX_NAME_LENGTH = 255

export type CheckoutCartItem = {
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  quantity: BigNumberInput
  total: BigNumberInput
}

export type CheckoutCart = {
  id: string
  currency_code: string
  completed_at?: string | Date | null
  total: BigNumberInput
  shipping_total?: BigNumberInput | null
  items?: CheckoutCartItem[] | null
}

export type CheckoutChoices = {
  dlv_method_list: DeliveryMethod[]
  payment_method_list: CheckoutPaymentMethod[]
  payments_number?: number
  dlv_pay_merchant: boolean
  hold: boolean
  callback_url: string
  return_url: string
}

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/** Checks the cart can go to mono checkout; throws a 400-style error saying why not. */
export function assertCheckoutCart(cart: CheckoutCart): void {
  if (cart.completed_at) throw invalid(`Cart ${cart.id} is already completed`)
  if (cart.currency_code?.toLowerCase() !== CHECKOUT_CURRENCY) {
    throw invalid(`mono checkout takes hryvnia only; cart ${cart.id} is in ${String(cart.currency_code).toUpperCase()}`)
  }
  if (!cart.items?.length) throw invalid(`Cart ${cart.id} is empty`)
}

/**
 * What the bank collects: the cart without its shipping, rounded to kopecks by the plugin's one
 * rule (`utils/medusa-money`), as exact UAH text ("1234.56"; a cart of 89.991 is "89.99").
 */
export function checkoutAmountOf(cart: CheckoutCart): string {
  const amount = MathBN.sub(cart.total, cart.shipping_total ?? 0)
  return toBankAmountText(amount, CHECKOUT_CURRENCY, { field: `cart ${cart.id} total` })
}

export function productName(item: CheckoutCartItem): string {
  const product = (item.product_title || item.title || "").replace(/\s+/g, " ").trim() || "Товар"
  const variant = item.variant_title?.trim()
  const name = variant && variant !== product && variant !== "Default variant" ? `${product} (${variant})` : product
  return name.slice(0, MAX_NAME_LENGTH)
}

/**
 * One line -> one product, or two when its total does not divide into whole kopecks per unit.
 * `lineKopecks`: the line total as rounded with the other lines (default: rounded on its own).
 */
export function productsOf(item: CheckoutCartItem, lineKopecks?: number): CheckoutProduct[] {
  const quantity = MathBN.convert(item.quantity).toNumber()
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw invalid(`Cart line "${productName(item)}" has quantity ${String(quantity)}; mono checkout needs whole units`)
  }
  const kopecks = BigInt(lineKopecks ?? toBankMinorUnits(item.total, CHECKOUT_CURRENCY, { field: `cart line "${productName(item)}" total` }))
  const count = BigInt(quantity)
  const unit = kopecks / count
  const remainder = kopecks % count
  const price = (kopecks: bigint) => toCheckoutAmount(fromMinorUnits(kopecks, CHECKOUT_CURRENCY))
  const name = productName(item)
  const products: CheckoutProduct[] = []
  if (count > remainder) products.push({ name, cnt: Number(count - remainder), price: price(unit) })
  if (remainder > 0n) products.push({ name, cnt: Number(remainder), price: price(unit + 1n) })
  return products
}

export function buildCheckoutOrderRequest(cart: CheckoutCart, choices: CheckoutChoices): CheckoutCreateOrderRequest {
  assertCheckoutCart(cart)
  const amount = checkoutAmountOf(cart)
  if (!MathBN.gt(amount, 0)) throw invalid(`Cart ${cart.id} has nothing to pay (${amount} UAH)`)
  // Line totals finer than kopecks are rounded together, so the products add up to their rounded sum.
  const lines = toBankLineTotals(cart.items!.map((item) => item.total), CHECKOUT_CURRENCY)
  if (!lines) throw invalid(`Cart ${cart.id} has a line whose total is missing, negative or not a number`)
  const products = cart.items!.flatMap((item, index) => productsOf(item, lines.parts[index]))
  const offersParts = choices.payment_method_list.includes("part_purchase")
  return {
    order_ref: cart.id,
    amount: toCheckoutAmount(amount),
    ccy: UAH_CCY,
    count: products.reduce((sum, product) => sum + product.cnt, 0),
    products,
    dlv_method_list: choices.dlv_method_list,
    payment_method_list: choices.payment_method_list,
    ...(offersParts ? { payments_number: choices.payments_number } : {}),
    dlv_pay_merchant: choices.dlv_pay_merchant,
    callback_url: choices.callback_url,
    return_url: choices.return_url,
    hold: choices.hold,
  }
}
