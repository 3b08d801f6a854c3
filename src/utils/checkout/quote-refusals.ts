/**
 * Why the store gives the bank's checkout page no delivery price or promo code for an order, in
 * English and in Ukrainian: the page may show the message to the shopper as it is.
 */
const both = (en: string, uk: string) => `${en} / ${uk}`

export const QUOTE_REFUSALS = {
  already_placed: () =>
    both(
      "This order is already placed: its delivery price and promo code can no longer change.",
      "Це замовлення вже оформлено: його вартість доставки та промокод більше не можна змінити."
    ),
  already_paid: () =>
    both(
      "The bank already holds the payment for this order: its delivery price and promo code can no longer change.",
      "Банк уже отримав оплату цього замовлення: його вартість доставки та промокод більше не можна змінити."
    ),
  cart_changed: () =>
    both(
      "The cart changed after it was sent to mono checkout: return to the store and check out again.",
      "Кошик змінився після того, як його надіслали в mono checkout: поверніться до магазину й оформіть замовлення знову."
    ),
  bank_unavailable: () =>
    both(
      "The bank could not be asked whether this order is paid: try again in a moment.",
      "Не вдалося перевірити в банку, чи оплачено це замовлення: спробуйте ще раз за хвилину."
    ),
} as const

export type QuoteRefusalReason = keyof typeof QUOTE_REFUSALS
