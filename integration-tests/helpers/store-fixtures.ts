/**
 * Store set-up through the admin HTTP API, as a store owner would do it in the dashboard: a UAH
 * region with the given payment providers, a sales channel with a publishable key, a product with a
 * UAH price, and a flat-rate shipping option. Each test's database is restored from a snapshot, so
 * call `seedStore` in `beforeEach`.
 */
type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
  delete: (url: string, config?: object) => Promise<{ data: any; status: number }>
}
type AdminHeaders = { headers: Record<string, string> }

export type StoreFixtures = {
  admin: AdminHeaders
  store: { headers: Record<string, string> }
  regionId: string
  salesChannelId: string
  variantId: string
  shippingOptionId: string
  stockLocationId: string
  serviceZoneId: string
  shippingProfileId: string
  /** Unit price of the product variant in UAH (major units). */
  unitPrice: number
  shippingPrice: number
}

export const UNIT_PRICE_UAH = 1234.56
export const SHIPPING_PRICE_UAH = 70

export async function seedStore(
  api: Api,
  admin: AdminHeaders,
  { paymentProviders, unitPrice = UNIT_PRICE_UAH }: { paymentProviders: string[]; unitPrice?: number }
): Promise<StoreFixtures> {
  const { data: sc } = await api.post("/admin/sales-channels", { name: "Web" }, admin)
  const salesChannelId = sc.sales_channel.id

  const { data: key } = await api.post("/admin/api-keys", { title: "Storefront", type: "publishable" }, admin)
  await api.post(`/admin/api-keys/${key.api_key.id}/sales-channels`, { add: [salesChannelId] }, admin)

  const { data: region } = await api.post(
    "/admin/regions",
    { name: "Україна", currency_code: "uah", countries: ["ua"], payment_providers: paymentProviders },
    admin
  )

  const { data: location } = await api.post("/admin/stock-locations", { name: "Kyiv warehouse" }, admin)
  const locationId = location.stock_location.id
  await api.post(`/admin/stock-locations/${locationId}/sales-channels`, { add: [salesChannelId] }, admin)
  await api.post(`/admin/stock-locations/${locationId}/fulfillment-providers`, { add: ["manual_manual"] }, admin)
  const { data: withSet } = await api.post(
    `/admin/stock-locations/${locationId}/fulfillment-sets?fields=*fulfillment_sets`,
    { name: "Ukraine delivery", type: "shipping" },
    admin
  )
  const fulfillmentSet = withSet.stock_location.fulfillment_sets[0]
  const { data: withZone } = await api.post(
    `/admin/fulfillment-sets/${fulfillmentSet.id}/service-zones?fields=*service_zones`,
    { name: "Ukraine", geo_zones: [{ type: "country", country_code: "ua" }] },
    admin
  )
  const serviceZoneId = withZone.fulfillment_set.service_zones[0].id

  const { data: profiles } = await api.get("/admin/shipping-profiles?type=default", admin)
  const shippingProfileId =
    profiles.shipping_profiles[0]?.id ??
    (await api.post("/admin/shipping-profiles", { name: "Default", type: "default" }, admin)).data.shipping_profile.id

  const { data: option } = await api.post(
    "/admin/shipping-options",
    {
      name: "Courier",
      service_zone_id: serviceZoneId,
      shipping_profile_id: shippingProfileId,
      provider_id: "manual_manual",
      price_type: "flat",
      type: { label: "Courier", description: "Courier delivery", code: "courier" },
      prices: [{ currency_code: "uah", amount: SHIPPING_PRICE_UAH }],
      rules: [],
    },
    admin
  )

  const { data: product } = await api.post(
    "/admin/products",
    {
      title: "Вишиванка",
      status: "published",
      shipping_profile_id: shippingProfileId,
      sales_channels: [{ id: salesChannelId }],
      options: [{ title: "Size", values: ["M"] }],
      variants: [
        {
          title: "M",
          sku: `VYSH-M-${Date.now()}`,
          options: { Size: "M" },
          manage_inventory: false,
          prices: [{ currency_code: "uah", amount: unitPrice }],
        },
      ],
    },
    admin
  )

  return {
    admin,
    store: { headers: { "x-publishable-api-key": key.api_key.token } },
    regionId: region.region.id,
    salesChannelId,
    variantId: product.product.variants[0].id,
    shippingOptionId: option.shipping_option.id,
    stockLocationId: locationId,
    serviceZoneId,
    shippingProfileId,
    unitPrice,
    shippingPrice: SHIPPING_PRICE_UAH,
  }
}

export const SHIPPING_ADDRESS = {
  first_name: "Тарас",
  last_name: "Шевченко",
  address_1: "вул. Хрещатик, 1",
  city: "Київ",
  country_code: "ua",
  postal_code: "01001",
  phone: "+380501234567",
}

/** A cart ready for payment: items, email, address and shipping method. */
export async function createReadyCart(
  api: Api,
  fx: StoreFixtures,
  { quantity = 1, email = "shopper@example.test", phone }: { quantity?: number; email?: string; phone?: string } = {}
) {
  const address = phone ? { ...SHIPPING_ADDRESS, phone } : SHIPPING_ADDRESS
  const { data } = await api.post(
    "/store/carts",
    {
      region_id: fx.regionId,
      sales_channel_id: fx.salesChannelId,
      email,
      items: [{ variant_id: fx.variantId, quantity }],
      shipping_address: address,
      billing_address: address,
    },
    fx.store
  )
  const cartId = data.cart.id
  const { data: withShipping } = await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: fx.shippingOptionId },
    fx.store
  )
  return withShipping.cart as { id: string; total: number; currency_code: string }
}

/** What a storefront does at checkout: payment collection + session for the chosen provider. */
export async function startPaymentSession(
  api: Api,
  fx: StoreFixtures,
  cartId: string,
  providerId: string,
  data: Record<string, unknown> = {}
) {
  const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, fx.store)
  const collectionId = pc.payment_collection.id
  const { data: withSession } = await api.post(
    `/store/payment-collections/${collectionId}/payment-sessions`,
    { provider_id: providerId, data },
    fx.store
  )
  const session = withSession.payment_collection.payment_sessions.find(
    (s: { provider_id: string }) => s.provider_id === providerId
  )
  return { collectionId, session }
}

export async function completeCart(api: Api, fx: StoreFixtures, cartId: string) {
  const res = await api.post(`/store/carts/${cartId}/complete`, {}, fx.store).catch((e: any) => e.response)
  return res as { status: number; data: any }
}

/** A published product whose stock Medusa manages, with `stock` units at the fixtures' location. */
export async function createStockedProduct(api: Api, fx: StoreFixtures, { title, stock }: { title: string; stock: number }) {
  const { data } = await api.post(
    "/admin/products?fields=*variants,*variants.inventory_items",
    {
      title,
      status: "published",
      shipping_profile_id: fx.shippingProfileId,
      sales_channels: [{ id: fx.salesChannelId }],
      options: [{ title: "Size", values: ["M"] }],
      variants: [{ title: "M", sku: `${title.toUpperCase().replace(/\W+/g, "-")}-${Date.now()}`, options: { Size: "M" }, manage_inventory: true, prices: [{ currency_code: "uah", amount: fx.unitPrice }] }],
    },
    fx.admin
  )
  const variant = data.product.variants[0]
  const inventoryItemId: string = variant.inventory_items[0].inventory_item_id
  await api.post(`/admin/inventory-items/${inventoryItemId}/location-levels`, { location_id: fx.stockLocationId, stocked_quantity: stock }, fx.admin)
  return { variantId: variant.id as string, inventoryItemId }
}

/** Units Medusa keeps reserved for an inventory item (an unpaid order's stock, until it ends). */
export async function reservedUnits(api: Api, fx: StoreFixtures, inventoryItemId: string): Promise<number> {
  const { data } = await api.get(`/admin/reservations?inventory_item_id=${inventoryItemId}`, fx.admin)
  return data.reservations.reduce((sum: number, r: { quantity: number }) => sum + Number(r.quantity), 0)
}
