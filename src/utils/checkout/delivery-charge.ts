/**
 * What the shopper paid the bank for delivery, read from the bank's amount: what it collected less
 * what the goods cost (both to the kopeck, by the plugin's one rounding rule). It is taken only
 * when it is a price the store itself stated (a quote the bank's page was given, kept on the
 * plugin's checkout record, or nothing), so the Medusa order's shipping line and the checkout
 * payment are facts of this order, never a figure the bank or a caller made up.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { toBankAmountText, toBankMinorUnits } from "../medusa-money"

/** mono checkout collects hryvnia only. */
const CHECKOUT_CURRENCY = "uah"

export type DeliveryCharge =
  | { kind: "proven"; amount: string }
  /** `paid`: what the bank's amount leaves for delivery, UAH text. */
  | { kind: "unproven"; paid: string }

export function deliveryChargeOf(input: {
  /** What the bank collected, UAH text. */
  collected: string
  /** The cart's goods: its total without shipping. */
  goods: BigNumberInput
  /** Prices the store stated for the method, UAH text; undefined ones are skipped. */
  stated: readonly (string | undefined)[]
}): DeliveryCharge {
  const paid = toBankMinorUnits(input.collected, CHECKOUT_CURRENCY) - toBankMinorUnits(input.goods, CHECKOUT_CURRENCY)
  const amount = input.stated.find((price) => price !== undefined && toBankMinorUnits(price, CHECKOUT_CURRENCY) === paid)
  if (amount !== undefined) return { kind: "proven", amount }
  return { kind: "unproven", paid: MathBN.sub(input.collected, toBankAmountText(input.goods, CHECKOUT_CURRENCY)).toFixed(2) }
}

/** The cart's goods total: its total less the shipping chosen in the storefront (replaced at placement). */
export function goodsTotalOf(cart: { total: BigNumberInput; shipping_total?: BigNumberInput | null }): BigNumberInput {
  return MathBN.sub(cart.total, cart.shipping_total ?? 0)
}
