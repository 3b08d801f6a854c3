/**
 * What delivery costs by each mono checkout method for one cart: the Medusa price of the shipping
 * option the store maps to the method (the `monobank-checkout` provider's option with `data.id`).
 * - A "flat" option is priced as Medusa prices it for this cart: its price in the cart's currency
 *   and region, and its conditional prices (an item-total rule is how a store gives free delivery
 *   above a threshold).
 * - A "calculated" option costs 0, as the provider calculates it: delivery is not part of what the
 *   bank collects (the shopper pays the carrier, or the store does).
 * - When the store pays delivery (`dlv_pay_merchant`), the shopper is charged 0 whatever the option.
 * Prices are UAH text rounded to kopecks by the plugin's one rule, as the bank is told them; a cart
 * not in hryvnia gets none.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, QueryContext } from "@medusajs/framework/utils"
import { deliveryMethodSchema, type DeliveryMethod } from "../../../lib/monobank"
import { toBankAmountText } from "../../../utils/medusa-money"
import { CHECKOUT_CURRENCY } from "./order-request"
import { checkoutShippingOptions } from "./store-lookups"

type Container = Pick<MedusaContainer, "resolve">

export type DeliveryPrices = Map<DeliveryMethod, string>

const CART_PRICING_FIELDS = [
  "id",
  "currency_code",
  "region_id",
  "sales_channel_id",
  "item_total",
  "total",
  "email",
  "customer.id",
  "customer.groups.id",
] as const

/** The bank's method names this store can price, from what the bank asked (unknown ones left out). */
export function knownMethods(asked: readonly string[] | undefined): DeliveryMethod[] | undefined {
  if (!asked) return undefined
  return asked.flatMap((method) => {
    const known = deliveryMethodSchema.safeParse(method)
    return known.success ? [known.data] : []
  })
}

/**
 * Prices for `methods` (all the store maps when undefined) that have a shipping option for the
 * cart's sales channel; a method without one is left out. Undefined when the cart does not exist.
 */
export async function checkoutDeliveryPrices(
  container: Container,
  cartId: string,
  options: { methods?: readonly DeliveryMethod[]; merchantPaysDelivery: boolean }
): Promise<DeliveryPrices | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({ entity: "cart", fields: [...CART_PRICING_FIELDS], filters: { id: cartId } })
  const cart = carts[0] as Record<string, any> | undefined
  if (!cart) return undefined
  // The bank collects hryvnia: a cart in another currency has no price the page could show.
  if (cart.currency_code?.toLowerCase() !== CHECKOUT_CURRENCY) return new Map()
  const shippingOptions = await checkoutShippingOptions(container, cart.sales_channel_id)
  const wanted = [...shippingOptions].filter(([method]) => !options.methods || options.methods.includes(method))
  const flatIds = wanted.filter(([, option]) => option.price_type === "flat").map(([, option]) => option.id)
  const flatPrices = options.merchantPaysDelivery || !flatIds.length ? new Map() : await flatOptionPrices(container, cart, flatIds)
  const prices: DeliveryPrices = new Map()
  for (const [method, option] of wanted) {
    const amount = options.merchantPaysDelivery || option.price_type !== "flat" ? 0 : flatPrices.get(option.id)
    // A flat option with no price for this cart (none in hryvnia, say) cannot be offered a price.
    if (amount === undefined) continue
    prices.set(method, toBankAmountText(amount, CHECKOUT_CURRENCY, { field: `shipping option ${option.id} price` }))
  }
  return prices
}

/** Medusa's calculated price of each flat option for the cart, as Medusa's own cart flows price them. */
async function flatOptionPrices(container: Container, cart: Record<string, any>, optionIds: string[]): Promise<Map<string, unknown>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: options } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "calculated_price.calculated_amount"],
    filters: { id: optionIds },
    context: {
      calculated_price: QueryContext({
        currency_code: cart.currency_code,
        region_id: cart.region_id,
        // Medusa's pricing compares numbers only: a conditional price "item_total >= 2000" needs a number here.
        item_total: MathBN.convert(cart.item_total ?? 0).toNumber(),
        total: MathBN.convert(cart.total ?? 0).toNumber(),
        customer_id: cart.customer?.id,
        customer: cart.customer,
        email: cart.email,
      }),
    },
  })
  const prices = new Map<string, unknown>()
  for (const option of options as { id: string; calculated_price?: { calculated_amount?: unknown } | null }[]) {
    const amount = option.calculated_price?.calculated_amount
    if (amount !== undefined && amount !== null) prices.set(option.id, amount)
  }
  return prices
}
