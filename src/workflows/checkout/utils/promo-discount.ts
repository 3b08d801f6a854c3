/**
 * What a promo code takes off a mono checkout cart, by Medusa's own promotion flow: the steps that
 * apply a code to a cart, with the cart's existing and automatic promotions, and Medusa's cart
 * totals with tax (../quote-checkout-promo), without changing the cart (the code is applied only
 * when the paid order is placed, see place-checkout-order). So the quoted total is what Medusa will
 * charge. The total is rounded as the plugin rounds everywhere (to the kopeck), and the discount is
 * what that takes off the rounded goods, so the two add up.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { goodsTotalOf } from "../../../utils/checkout/checkout-charge"
import { toBankAmountText } from "../../../utils/medusa-money"
import { quoteMonobankCheckoutPromoWorkflow } from "../quote-checkout-promo"
import { CHECKOUT_CURRENCY } from "./order-request"
import { liveCart } from "./cart-fingerprint"

type Container = Pick<MedusaContainer, "resolve">

export type PromoQuote =
  | { kind: "applies"; code: string; discount: string; total: string }
  | { kind: "refused"; status: 404 | 409 | 422; reason: string }

export async function checkoutPromoQuote(container: Container, cartId: string, code: string): Promise<PromoQuote> {
  const cart = await liveCart(container, cartId)
  if (!cart) return { kind: "refused", status: 404, reason: "the order is not in this store" }
  const invalid: PromoQuote = { kind: "refused", status: 404, reason: `${code} is not a valid promo code for this order (unknown, expired, or no item qualifies)` }
  const { result, errors } = await quoteMonobankCheckoutPromoWorkflow(container as MedusaContainer).run({
    input: { cart_id: cartId, promo_code: code },
    throwOnError: false,
  })
  if (errors?.length) {
    if (errors.some(({ error }) => (error as MedusaError)?.type === MedusaError.Types.INVALID_DATA)) return invalid
    throw errors[0].error
  }
  if (result.skipped_codes.some((skipped) => sameCode(skipped, code))) return { kind: "refused", status: 409, reason: `${code} has been used up` }
  if (!result.applied_codes.some((applied) => sameCode(applied, code))) return invalid
  const goods = toBankAmountText(goodsTotalOf(cart), CHECKOUT_CURRENCY)
  const total = toBankAmountText(MathBN.max(goodsTotalOf(result), 0), CHECKOUT_CURRENCY)
  if (!MathBN.gt(total, 0)) return { kind: "refused", status: 422, reason: `${code} leaves nothing to pay for this order` }
  return { kind: "applies", code, discount: MathBN.sub(goods, total).toFixed(2), total }
}

function sameCode(a: string | undefined | null, b: string): boolean {
  return !!a && a.toLowerCase() === b.toLowerCase()
}
