/**
 * How a mono checkout amount splits: what the bank collected is the goods, less a promo code's
 * discount, plus delivery, each to the kopeck by the plugin's one rounding rule. The split is taken
 * only when every part is one the store itself stated on the plugin's checkout record: a delivery
 * price quoted to the bank's page (or none) and a promo code the page was told applies (or none).
 * So the Medusa order's shipping line, its promotion and the checkout payment are facts of this
 * order, never figures the bank or a caller made up.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { toBankAmountText, toBankMinorUnits } from "../medusa-money"

/** mono checkout collects hryvnia only. */
const CHECKOUT_CURRENCY = "uah"

export type CheckoutReading = { delivery: string; promo?: { code: string; discount: string } }

export type CheckoutCharge =
  | ({ kind: "proven" } & CheckoutReading)
  /** More than one stated delivery price and code explain the amount: which the shopper chose is not known. */
  | { kind: "ambiguous"; readings: CheckoutReading[] }
  /** `paid`: what the bank's amount leaves beyond the goods, UAH text (delivery less any discount). */
  | { kind: "unproven"; paid: string }

export function checkoutChargeOf(input: {
  /** What the bank collected, UAH text. */
  collected: string
  /** The cart's goods: its total without shipping and without the code. */
  goods: BigNumberInput
  /** Delivery prices the store stated, UAH text ("0" for none); undefined ones are skipped. */
  deliveries: readonly (string | undefined)[]
  /** Promo codes the store accepted for the order, code -> discount as UAH text. */
  promos?: Record<string, string> | null
}): CheckoutCharge {
  const kopecks = (amount: BigNumberInput) => toBankMinorUnits(amount, CHECKOUT_CURRENCY)
  const beyondGoods = kopecks(input.collected) - kopecks(input.goods)
  const promos: ({ code: string; discount: string } | undefined)[] = [
    undefined,
    ...Object.entries(input.promos ?? {}).map(([code, discount]) => ({ code, discount })),
  ]
  const deliveries = distinctAmounts(input.deliveries, kopecks)
  const readings: CheckoutReading[] = promos.flatMap((promo) => {
    const off = promo ? kopecks(promo.discount) : 0
    return deliveries.filter((price) => kopecks(price) - off === beyondGoods).map((delivery) => ({ delivery, ...(promo ? { promo } : {}) }))
  })
  if (readings.length === 1) return { kind: "proven", ...readings[0] }
  if (readings.length > 1) return { kind: "ambiguous", readings }
  return { kind: "unproven", paid: MathBN.sub(input.collected, toBankAmountText(input.goods, CHECKOUT_CURRENCY)).toFixed(2) }
}

/** The stated prices, each kopeck amount once (the first spelling kept). */
function distinctAmounts(prices: readonly (string | undefined)[], kopecks: (amount: BigNumberInput) => number): string[] {
  const seen = new Map<number, string>()
  for (const price of prices) if (price !== undefined && !seen.has(kopecks(price))) seen.set(kopecks(price), price)
  return [...seen.values()]
}

/** The cart's goods total: its total less the shipping chosen in the storefront (replaced at placement). */
export function goodsTotalOf(cart: { total: BigNumberInput; shipping_total?: BigNumberInput | null }): BigNumberInput {
  return MathBN.sub(cart.total, cart.shipping_total ?? 0)
}
