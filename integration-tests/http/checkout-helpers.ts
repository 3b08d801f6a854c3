/** Store set-up, shopper and bank steps shared by the mono checkout HTTP specs. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TEST_CARDS } from "../../emulator"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"

export const CARD_PROVIDER = "pp_monobank_monobank"
export const INSTALLMENTS_PROVIDER = "pp_monobank-installments_monobank-installments"
export const ON_DELIVERY_PROVIDER = "pp_monobank-on-delivery_monobank-on-delivery"
export const CHECKOUT_FULFILLMENT_PROVIDER = "monobank-checkout_monobank-checkout"
export const CALLBACK_PATH = "/hooks/monobank/checkout"

export const DELIVERY_METHODS = ["pickup", "courier", "np_brnm", "np_box"] as const
export type DeliveryMethodName = (typeof DELIVERY_METHODS)[number]

type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
  delete: (url: string, config?: object) => Promise<{ data: any; status: number }>
}
type AdminHeaders = { headers: Record<string, string> }

export type CheckoutFixtures = StoreFixtures & { deliveryOptions: Record<DeliveryMethodName, string> }

/**
 * What a store owner does in the dashboard for mono checkout: the region takes the three payment
 * providers, the warehouse uses the monobank-checkout fulfillment provider, and there is one
 * shipping option per delivery method (calculated price, hidden from the storefront's own checkout).
 */
export async function seedCheckoutStore(
  api: Api,
  admin: AdminHeaders,
  paymentProviders: string[] = [CARD_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER]
): Promise<CheckoutFixtures> {
  const fx = await seedStore(api, admin, { paymentProviders })
  await api.post(
    `/admin/stock-locations/${fx.stockLocationId}/fulfillment-providers`,
    { add: [CHECKOUT_FULFILLMENT_PROVIDER] },
    admin
  )
  const deliveryOptions = {} as Record<DeliveryMethodName, string>
  for (const method of DELIVERY_METHODS) deliveryOptions[method] = await addCheckoutShippingOption(api, admin, fx, method)
  return { ...fx, deliveryOptions }
}

/** The shipping option of one mono checkout delivery method (calculated price, hidden from the storefront's own checkout); its id. */
export async function addCheckoutShippingOption(api: Api, admin: AdminHeaders, fx: StoreFixtures, method: DeliveryMethodName): Promise<string> {
  const { data } = await api.post(
    "/admin/shipping-options",
    {
      name: `mono checkout: ${method}`,
      service_zone_id: fx.serviceZoneId,
      shipping_profile_id: fx.shippingProfileId,
      provider_id: CHECKOUT_FULFILLMENT_PROVIDER,
      price_type: "calculated",
      data: { id: method },
      type: { label: method, description: `mono checkout ${method}`, code: `monobank-${method}` },
      prices: [],
      rules: [{ attribute: "enabled_in_store", operator: "eq", value: "false" }],
    },
    admin
  )
  return data.shipping_option.id
}

/**
 * What a store owner sets in the admin for a mono checkout delivery method: a fixed price in
 * hryvnia, and optionally a conditional price of 0 from an item total (free delivery from it).
 */
export async function priceDeliveryOption(api: Api, admin: AdminHeaders, optionId: string, amount: number, freeFrom?: number) {
  const prices: Record<string, unknown>[] = [{ currency_code: "uah", amount }]
  if (freeFrom !== undefined) {
    prices.push({ currency_code: "uah", amount: 0, rules: [{ attribute: "item_total", operator: "gte", value: freeFrom }] })
  }
  const res = await api.post(`/admin/shipping-options/${optionId}`, { price_type: "flat", prices }, admin).catch((error: any) => error.response)
  if (res.status !== 200) throw new Error(`pricing shipping option ${optionId} answered ${res.status}: ${JSON.stringify(res.data)}`)
}

/** A cart as a shopper leaves it for mono checkout: items only, no address, no shipping. */
export async function createCheckoutCart(api: Api, fx: StoreFixtures, { quantity = 1 }: { quantity?: number } = {}) {
  const { data } = await api.post(
    "/store/carts",
    { region_id: fx.regionId, sales_channel_id: fx.salesChannelId, items: [{ variant_id: fx.variantId, quantity }] },
    fx.store
  )
  return data.cart as { id: string; total: number }
}

/** POST /store/monobank/checkout, answered (not thrown) whatever the status. */
export async function startCheckout(api: Api, fx: StoreFixtures, body: Record<string, unknown>) {
  return api.post("/store/monobank/checkout", body, fx.store).catch((error: any) => error.response) as Promise<{
    status: number
    data: any
  }>
}

export type ShopperForm = {
  delivery_method: DeliveryMethodName
  payment_method: "card" | "payment_on_delivery" | "part_purchase"
  first_name?: string
  last_name?: string
  phoneNumber?: string
  email?: string
  cityName?: string
  areaName?: string
  branch_id?: string
  branch_address?: string
  address?: string
  pan?: string
  exp?: string
  cvv?: string
  /** What the page's promo-code field holds when the shopper pays (the page offers it when the store takes codes). */
  promo_code?: string
}

export const SHOPPER = {
  first_name: "Леся",
  last_name: "Українка",
  phoneNumber: "+380671112233",
  email: "lesia@example.test",
}

/** What the shopper does in the browser: opens the checkout page and submits its form (a test card by default). */
export async function submitCheckoutPage(redirectUrl: string, form: ShopperForm) {
  const page = await fetch(redirectUrl)
  const html = await page.text()
  if (page.status !== 200 || !html.includes("<form")) throw new Error(`checkout page answered ${page.status}`)
  const card = form.payment_method === "card" ? { pan: TEST_CARDS.visa, exp: "12/30", cvv: "123" } : {}
  const fields = Object.entries({ ...SHOPPER, ...card, ...form }).filter(([, value]) => value !== undefined) as [string, string][]
  const submitted = await fetch(redirectUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })
  if (submitted.status !== 303) throw new Error(`checkout form answered ${submitted.status}: ${await submitted.text()}`)
  return submitted
}

/** The bank's checkout page of a cart, as the storefront gets it from POST /store/monobank/checkout. */
export async function checkoutPageOf(api: Api, fx: StoreFixtures, cartId: string): Promise<string> {
  const res = await startCheckout(api, fx, { cart_id: cartId })
  if (res.status !== 200) throw new Error(`POST /store/monobank/checkout answered ${res.status}: ${JSON.stringify(res.data)}`)
  return res.data.redirect_url as string
}

/** The one order the bank's callbacks make of a cart, once they are delivered. */
export async function orderPlacedFor(container: MedusaContainer, control: { flushWebhooks(): Promise<void> }, cartId: string) {
  await control.flushWebhooks()
  const { count, order } = await eventually(() => orderOfCart(container, cartId), (found) => found.count === 1)
  if (count !== 1) throw new Error(`cart ${cartId} became ${count} orders`)
  return order
}

/** The order made from a cart, with what the tests check. */
export async function orderOfCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderIds = links.map((link: { order_id: string }) => link.order_id)
  if (!orderIds.length) return { count: 0, order: undefined }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "email",
      "currency_code",
      "total",
      "item_total",
      "shipping_total",
      "discount_total",
      "items.title",
      "items.adjustments.code",
      "items.quantity",
      "items.unit_price",
      "shipping_address.*",
      "billing_address.*",
      "shipping_methods.name",
      "shipping_methods.amount",
      "shipping_methods.data",
      "shipping_methods.shipping_option_id",
      "payment_collections.payments.*",
      "payment_collections.payments.captures.*",
    ],
    filters: { id: orderIds },
  })
  // As the admin API would show it: BigNumber totals as JSON numbers.
  return { count: orders.length, order: JSON.parse(JSON.stringify(orders[0])) as any }
}

/** Our checkout record of a cart, with its links. */
export async function checkoutOrderOfCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "monobank_checkout_order",
    fields: ["*", "cart.id", "order.id"],
    filters: { cart_id: cartId },
  })
  return data[0] as any
}

/**
 * Reads until `done` holds (or the time is up) and returns the last value. A callback that comes
 * within a few seconds of the last bank read of its order is followed up by a read once that
 * interval is over, so what it announced shows a few seconds later.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * A second region, in euro (Germany unless told), where the store's product costs the same number of euros as
 * of hryvnias: a cart moved there keeps its total and changes only its currency.
 */
export async function createEuroRegion(api: Api, fx: StoreFixtures, countries: string[] = ["de"]): Promise<string> {
  const { data: region } = await api.post(
    "/admin/regions",
    { name: "Europe", currency_code: "eur", countries, payment_providers: [CARD_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER] },
    fx.admin
  )
  const { data: variants } = await api.get(`/admin/product-variants?id=${fx.variantId}&fields=id,product_id`, fx.admin)
  const productId: string = variants.variants[0].product_id
  await api.post(
    `/admin/products/${productId}/variants/${fx.variantId}`,
    { prices: [{ currency_code: "uah", amount: fx.unitPrice }, { currency_code: "eur", amount: fx.unitPrice }] },
    fx.admin
  )
  return region.region.id
}
