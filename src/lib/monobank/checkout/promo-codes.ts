/**
 * The promo-code check of mono checkout: when the shopper enters a promo code on the bank's page,
 * the bank asks the store whether it is valid for the order and what it takes off (`GET` to the
 * address the merchant gives the bank). The bank describes promo codes as checked on the store's
 * side but publishes neither shape; a public integration (a Magento mono checkout module) shows the
 * query `basket_id` (our order_ref), `phone_number`, `promo_code` and the answer
 * `{ success, code, data: { total_amount, promo_codes: [{ promo_code, discount_amount }] } }`,
 * amounts in hryvnia like every checkout amount. The query is read tolerantly; the answer is ours.
 */
import { z } from "zod"
import type { MoneyAmount } from "../money"
import { toCheckoutAmount } from "./schemas"
import { storeRequestText } from "./store-request-text"

export const checkoutPromoCodeQuerySchema = z.object({
  basket_id: storeRequestText,
  phone_number: storeRequestText,
  promo_code: storeRequestText,
})

export type CheckoutPromoCodeQuery = z.infer<typeof checkoutPromoCodeQuerySchema>

export type CheckoutPromoCodeAnswer =
  | { success: true; code: 200; data: { total_amount: number; promo_codes: { promo_code: string; discount_amount: number }[] } }
  | { success: false; code: number; message: string }

/** The code applies: what the order costs with it, and what it takes off (UAH, major units). */
export function checkoutPromoAccepted(code: string, totalAmount: MoneyAmount, discountAmount: MoneyAmount): CheckoutPromoCodeAnswer {
  return {
    success: true,
    code: 200,
    data: {
      total_amount: toCheckoutAmount(totalAmount),
      promo_codes: [{ promo_code: code, discount_amount: toCheckoutAmount(discountAmount) }],
    },
  }
}

export function checkoutPromoRefused(code: number, message: string): CheckoutPromoCodeAnswer {
  return { success: false, code, message }
}
