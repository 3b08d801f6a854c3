/**
 * What the store has set up for mono checkout: the shipping options of the `monobank-checkout`
 * fulfillment provider reachable from a sales channel (one per delivery method), and the payment
 * providers enabled in a region.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { deliveryMethodSchema, type DeliveryMethod } from "../../../lib/monobank"
import { CHECKOUT_FULFILLMENT_IDENTIFIER } from "../../../utils/checkout/fulfillment"

export type CheckoutShippingOption = {
  id: string
  name: string
  provider_id: string
  /** "flat": priced in Medusa (delivery prices in mono checkout); "calculated": the provider's 0. */
  price_type: string
  data: Record<string, unknown>
}

/** The bank delivers in Ukraine only: options must serve a service zone that covers it. */
const DELIVERY_COUNTRY = "ua"

type Container = Pick<MedusaContainer, "resolve">

function isCheckoutProvider(providerId: string | null | undefined): boolean {
  return !!providerId && providerId.startsWith(`${CHECKOUT_FULFILLMENT_IDENTIFIER}_`)
}

function isReturnOption(option: { rules?: { attribute: string; value: unknown }[] | null }): boolean {
  return (option.rules ?? []).some((rule) => rule.attribute === "is_return" && String(rule.value) === "true")
}

/** Delivery method -> the first matching shipping option (by creation order). */
export async function checkoutShippingOptions(
  container: Container,
  salesChannelId: string | null | undefined
): Promise<Map<DeliveryMethod, CheckoutShippingOption>> {
  const found = new Map<DeliveryMethod, CheckoutShippingOption>()
  if (!salesChannelId) return found
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: channels } = await query.graph({
    entity: "sales_channel",
    fields: ["stock_locations.fulfillment_sets.id"],
    filters: { id: salesChannelId },
  })
  const fulfillmentSetIds = (channels[0]?.stock_locations ?? []).flatMap(
    (location: any) => (location?.fulfillment_sets ?? []).map((set: { id: string }) => set.id)
  )
  if (!fulfillmentSetIds.length) return found
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const options = await fulfillment.listShippingOptionsForContext(
    { fulfillment_set_id: fulfillmentSetIds, address: { country_code: DELIVERY_COUNTRY } },
    { order: { created_at: "ASC" } }
  )
  for (const option of options) {
    if (!isCheckoutProvider(option.provider_id) || isReturnOption(option)) continue
    const method = deliveryMethodSchema.safeParse(option.data?.id)
    if (!method.success || found.has(method.data)) continue
    found.set(method.data, {
      id: option.id,
      name: option.name,
      provider_id: option.provider_id!,
      price_type: option.price_type,
      data: option.data ?? {},
    })
  }
  return found
}

export async function regionPaymentProviders(container: Container, regionId: string | null | undefined): Promise<Set<string>> {
  if (!regionId) return new Set()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["payment_providers.id", "payment_providers.is_enabled"],
    filters: { id: regionId },
  })
  const providers = (regions[0]?.payment_providers ?? []) as ({ id: string; is_enabled?: boolean } | null)[]
  return new Set(providers.filter((p) => p && p.is_enabled !== false).map((p) => p!.id))
}
