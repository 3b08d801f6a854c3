/**
 * What the money model's store needs for mono checkout, added once to the world (buildWorld): the
 * warehouse's monobank-checkout fulfillment provider with a shipping option per delivery method the
 * model uses, priced as an owner would (courier free from 2000 UAH of goods); a garment whose stock
 * Medusa manages, one size of it discounted by an automatic promotion; the promo codes shoppers
 * type; the on-delivery provider in the region; and the bank's page pointed at the store's
 * delivery-price and promo-code addresses. Checkout carts and their codes: ./checkout-commands.
 */
import type { IInventoryService, IPromotionModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { createCartWorkflow, createPaymentCollectionForCartWorkflow } from "@medusajs/medusa/core-flows"
import { addCheckoutShippingOption, CHECKOUT_FULFILLMENT_PROVIDER, ON_DELIVERY_PROVIDER, priceDeliveryOption } from "../http/checkout-helpers"
import type { Api } from "../http/acquiring-helpers"
import type { EmulatorControl } from "../../emulator"
import type { StoreFixtures } from "../helpers/store-fixtures"
import type { ModelCart, World } from "./store-world"

export { ON_DELIVERY_PROVIDER }

/** The delivery methods the model's shoppers pick, with the store's price (UAH) and the goods total from which it is free. */
export const DELIVERY_PRICES = {
  courier: { amount: 120, freeFrom: 2000 },
  np_brnm: { amount: 60, freeFrom: undefined },
} as const satisfies Record<string, { amount: number; freeFrom: number | undefined }>
export type ModelDeliveryMethod = keyof typeof DELIVERY_PRICES

/** What the store charges for delivery by `method` for goods worth `goodsUah`. */
export function storeDeliveryPrice(method: ModelDeliveryMethod, goodsUah: number): number {
  const { amount, freeFrom } = DELIVERY_PRICES[method]
  return freeFrom !== undefined && goodsUah >= freeFrom ? 0 : amount
}

/** The codes shoppers type, named by what makes each interesting. */
export const CHECKOUT_CODES = {
  /** Takes off exactly what np_brnm delivery costs. */
  sameAsDelivery: "SAME60",
  /** Two codes that take off the same. */
  twins: ["TWIN50A", "TWIN50B"],
  /** An ordinary code (typed with the automatic promotion on the cart too). */
  plain: "PLAIN10",
  /** The automatic promotion's code, as Medusa puts it on the adjustments. */
  automatic: "AUTO5",
} as const

/** Codes shared by every sequence can be used without end; their use is still counted (Medusa counts it only for a promotion with a limit). */
const SHARED_LIMIT = 1_000_000
const fixedOff = (value: number) => ({ type: "fixed", target_type: "items", allocation: "across", value, currency_code: "uah" })
const percentOff = (value: number) => ({ type: "percentage", target_type: "items", allocation: "across", value })

export type CheckoutWorld = {
  plainVariantId: string
  /** The size the automatic promotion discounts. */
  automaticVariantId: string
  inventoryItemIds: string[]
}

/** Adds mono checkout to the world's store (see the header); one call from buildWorld. */
export async function addMonoCheckout(api: Api, fx: StoreFixtures, control: EmulatorControl): Promise<CheckoutWorld> {
  await api.post(`/admin/stock-locations/${fx.stockLocationId}/fulfillment-providers`, { add: [CHECKOUT_FULFILLMENT_PROVIDER] }, fx.admin)
  for (const method of Object.keys(DELIVERY_PRICES) as ModelDeliveryMethod[]) await deliveryOption(api, fx, method)
  await enableOnDelivery(api, fx)
  const garment = await stockedGarment(api, fx)
  await createPromotions(api, fx, garment.automaticVariantId)
  const storeUrl = process.env.MONOBANK_STORE_URL
  if (!storeUrl) throw new Error("MONOBANK_STORE_URL is not set: is the spec using useMonobankTestEnvironment?")
  await control.setCheckoutDeliveryPriceUrl(`${storeUrl}/hooks/monobank/checkout/delivery-prices`)
  await control.setCheckoutPromoCodeUrl(`${storeUrl}/hooks/monobank/checkout/promo-codes`)
  return garment
}

async function deliveryOption(api: Api, fx: StoreFixtures, method: ModelDeliveryMethod) {
  const optionId = await addCheckoutShippingOption(api, fx.admin, fx, method)
  const { amount, freeFrom } = DELIVERY_PRICES[method]
  await priceDeliveryOption(api, fx.admin, optionId, amount, freeFrom)
}

async function enableOnDelivery(api: Api, fx: StoreFixtures) {
  const { data } = await api.get(`/admin/regions/${fx.regionId}?fields=id,*payment_providers`, fx.admin)
  const enabled = (data.region.payment_providers ?? []).map((provider: { id: string }) => provider.id)
  await api.post(`/admin/regions/${fx.regionId}`, { payment_providers: [...new Set([...enabled, ON_DELIVERY_PROVIDER])] }, fx.admin)
}

/** A garment in two sizes, shipped, with stock Medusa manages (plenty of it, at the store's one location). */
async function stockedGarment(api: Api, fx: StoreFixtures) {
  const size = (name: string) => ({
    title: name,
    sku: `MONO-${name}-${Date.now()}`,
    options: { Size: name },
    manage_inventory: true,
    prices: [{ currency_code: "uah", amount: fx.unitPrice }],
  })
  const { data } = await api.post(
    "/admin/products?fields=*variants,*variants.inventory_items",
    {
      title: "Вишиванка mono",
      status: "published",
      shipping_profile_id: fx.shippingProfileId,
      sales_channels: [{ id: fx.salesChannelId }],
      options: [{ title: "Size", values: ["M", "L"] }],
      variants: [size("M"), size("L")],
    },
    fx.admin
  )
  const variants = data.product.variants as Array<{ id: string; title: string; inventory_items: Array<{ inventory_item_id: string }> }>
  const inventoryItemIds = variants.map((variant) => variant.inventory_items[0].inventory_item_id)
  for (const id of inventoryItemIds) {
    await api.post(`/admin/inventory-items/${id}/location-levels`, { location_id: fx.stockLocationId, stocked_quantity: 1_000_000 }, fx.admin)
  }
  const bySize = (title: string) => variants.find((variant) => variant.title === title)!.id
  return { plainVariantId: bySize("M"), automaticVariantId: bySize("L"), inventoryItemIds }
}

async function createPromotions(api: Api, fx: StoreFixtures, automaticVariantId: string) {
  const { sameAsDelivery, twins, plain, automatic } = CHECKOUT_CODES
  await promotion(api, fx, sameAsDelivery, { application_method: fixedOff(60) })
  for (const twin of twins) await promotion(api, fx, twin, { application_method: fixedOff(50) })
  await promotion(api, fx, plain, { application_method: percentOff(10) })
  // Medusa takes no usage limit for an automatic promotion, so its use is not counted.
  const onTheSize = [{ attribute: "items.variant_id", operator: "eq", values: [automaticVariantId] }]
  await promotion(api, fx, automatic, { is_automatic: true, application_method: { ...percentOff(5), target_rules: onTheSize } }, null)
}

async function promotion(api: Api, fx: StoreFixtures, code: string, extra: Record<string, unknown>, limit: number | null = SHARED_LIMIT) {
  const body = { code, type: "standard", status: "active", is_automatic: false, ...(limit === null ? {} : { limit }), ...extra }
  const answer = await api.post("/admin/promotions", body, fx.admin).catch((error: any) => error.response)
  if (answer?.status !== 200) throw new Error(`promotion ${code}: ${answer?.status} ${JSON.stringify(answer?.data)}`)
}

let limitOneCodes = 0

/** A new code of usage limit 1 (100 UAH off), for the carts of one sequence to compete for. */
export async function newLimitOneCode(world: World): Promise<string> {
  const code = `ONCE${++limitOneCodes}X${Date.now().toString(36).toUpperCase()}`
  await promotion(world.api, world.fx, code, { application_method: fixedOff(100) }, 1)
  return code
}

/** How many orders Medusa counted for each code. */
export async function promotionUse(world: World, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map()
  const found = await world.container().resolve<IPromotionModuleService>(Modules.PROMOTION).listPromotions({ code: codes }, { select: ["code", "used"] })
  return new Map(found.map((p) => [p.code as string, Number((p as { used?: number }).used ?? 0)]))
}

/**
 * A checkout cart of the logged-in shopper: the garment (`automatic`: the discounted size), no
 * address nor shipping (the bank's page asks for them), and a payment collection, so the model's
 * other commands can act on it as on any cart.
 */
export async function newCheckoutCart(world: World, label: string, { automatic = false, quantity = 1 } = {}): Promise<ModelCart> {
  const { fx, checkout } = world
  const input = {
    region_id: fx.regionId,
    sales_channel_id: fx.salesChannelId,
    customer_id: world.customerId,
    email: world.customerEmail,
    items: [{ variant_id: automatic ? checkout.automaticVariantId : checkout.plainVariantId, quantity }],
  }
  const { result: cart } = await world.timings.time("create checkout cart", () => createCartWorkflow(world.container()).run({ input }))
  const { result: collection } = await world.timings.time("payment collection", () =>
    createPaymentCollectionForCartWorkflow(world.container()).run({ input: { cart_id: cart.id } })
  )
  return { label, id: cart.id, total: MathBN.convert(collection.amount).toNumber(), collectionId: collection.id }
}

/** The cart's lines as one text (line, variant, quantity), to tell whether it is still the cart the bank order was made for. */
export async function cartLines(world: World, cartId: string): Promise<string> {
  const query = world.container().resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["items.id", "items.variant_id", "items.quantity"], filters: { id: cartId } })
  const lines = ((data[0] as any)?.items ?? []).map((item: any) => `${item.id}:${item.variant_id}x${MathBN.convert(item.quantity).toNumber()}`)
  return lines.sort().join(", ")
}

/** The cart's garment line (the one the shopper changes the quantity of), if it still has one. */
export async function garmentLine(world: World, cartId: string): Promise<{ id: string; quantity: number } | undefined> {
  const query = world.container().resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["items.id", "items.variant_id", "items.quantity"], filters: { id: cartId } })
  const garment = new Set([world.checkout.plainVariantId, world.checkout.automaticVariantId])
  const line = ((data[0] as any)?.items ?? []).find((item: any) => garment.has(item.variant_id))
  return line ? { id: line.id, quantity: MathBN.convert(line.quantity).toNumber() } : undefined
}

export type Reservation = { id: string; line_item_id: string | null; quantity: number; created_at: string }

/** What Medusa reserves of the garment (both sizes) now, for any order. */
export async function garmentReservations(world: World): Promise<Reservation[]> {
  const inventory = world.container().resolve<IInventoryService>(Modules.INVENTORY)
  const reservations = await inventory.listReservationItems(
    { inventory_item_id: world.checkout.inventoryItemIds },
    { select: ["id", "line_item_id", "quantity", "created_at"] }
  )
  return reservations.map((r) => ({ id: r.id, line_item_id: r.line_item_id ?? null, quantity: Number(r.quantity), created_at: new Date(r.created_at as Date).toISOString() }))
}

/** The codes shared by all sequences whose use Medusa counts (all but the automatic promotion's). */
export const COUNTED_SHARED_CODES: string[] = [CHECKOUT_CODES.sameAsDelivery, ...CHECKOUT_CODES.twins, CHECKOUT_CODES.plain]
