/**
 * Why a paid mono checkout order was not placed, as the store owner reads it in Needs attention,
 * in English and in Ukrainian.
 */
import type { CheckoutReading } from "./checkout-charge"

const both = (en: string, uk: string) => `${en} / ${uk}`

function reading({ delivery, promo }: CheckoutReading, words: { code: string; none: string; delivery: string }): string {
  return `${promo ? `${words.code} ${promo.code} −${promo.discount}` : words.none}, ${words.delivery} ${delivery} UAH`
}

/** More than one quoted delivery price and promo code explain what the bank collected. */
export function ambiguousCharge(collected: string, bankOrderId: string, readings: readonly CheckoutReading[]): string {
  const en = readings.map((one) => reading(one, { code: "code", none: "no code", delivery: "delivery" })).join("; ")
  const uk = readings.map((one) => reading(one, { code: "промокод", none: "без промокоду", delivery: "доставка" })).join("; ")
  return both(
    `The bank collected ${collected} UAH for checkout order ${bankOrderId}, which fits more than one thing the store quoted (${en}): ` +
      "which promo code the shopper used is not known, so no order was placed. Ask the bank or the shopper, then place the order by hand.",
    `Банк отримав ${collected} грн за замовлення checkout ${bankOrderId}, і ця сума відповідає кільком пропозиціям магазину (${uk}): ` +
      "невідомо, який промокод використав покупець, тож замовлення не створено. Уточніть у банку чи покупця й створіть замовлення вручну."
  )
}

/** The cart is no longer the one the bank order (and every quote) was made for. */
export function cartNotAsSent(facts: { collected?: string; bankOrderId: string; cartId: string; costsNow: string }): string {
  const collected = facts.collected ?? "?"
  return both(
    `The bank collected ${collected} UAH for checkout order ${facts.bankOrderId}, but cart ${facts.cartId} costs ${facts.costsNow} UAH ` +
      "without delivery now: it changed after it was sent to mono checkout, and the delivery price and promo code the bank charged " +
      "were quoted for the cart as it was, so no order was placed from the changed cart.",
    `Банк отримав ${collected} грн за замовлення checkout ${facts.bankOrderId}, але кошик ${facts.cartId} тепер коштує ${facts.costsNow} грн ` +
      "без доставки: він змінився після надсилання в mono checkout, а вартість доставки та промокод, які врахував банк, були розраховані " +
      "для кошика в попередньому вигляді, тож зі зміненого кошика замовлення не створено."
  )
}
