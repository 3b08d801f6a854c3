/**
 * Carts whose totals are not whole kopecks, made as a store owner and a shopper would: products
 * through the admin API, a 10% promotion (Medusa does not round: 10% off 99.99 is 89.991), and the
 * promotion code applied to the cart through the store API.
 */
import { SHIPPING_ADDRESS, type StoreFixtures } from "../helpers/store-fixtures"

type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
}

export const PROMO_CODE = "MINUS10"

/** A published product with one UAH price; returns its variant id. */
export async function addProduct(api: Api, fx: StoreFixtures, title: string, price: number): Promise<string> {
  const { data } = await api.post(
    "/admin/products",
    {
      title,
      status: "published",
      shipping_profile_id: fx.shippingProfileId,
      sales_channels: [{ id: fx.salesChannelId }],
      options: [{ title: "Size", values: ["One"] }],
      variants: [
        { title: "One", sku: `${title}-${Date.now()}`, options: { Size: "One" }, manage_inventory: false, prices: [{ currency_code: "uah", amount: price }] },
      ],
    },
    fx.admin
  )
  return data.product.variants[0].id
}

/** 10% off every item, as a code the shopper types in. */
export async function createTenPercentPromotion(api: Api, fx: StoreFixtures) {
  await api.post(
    "/admin/promotions",
    {
      code: PROMO_CODE,
      type: "standard",
      status: "active",
      is_automatic: false,
      application_method: { type: "percentage", target_type: "items", allocation: "each", value: 10, max_quantity: 10, target_rules: [] },
      rules: [],
    },
    fx.admin
  )
}

/**
 * A cart with one of each variant, the promotion applied by the shopper and, unless `shipping` is
 * false, an address and the 70 UAH courier.
 */
export async function discountedCart(api: Api, fx: StoreFixtures, variantIds: string[], { shipping = true } = {}) {
  const { data } = await api.post(
    "/store/carts",
    {
      region_id: fx.regionId,
      sales_channel_id: fx.salesChannelId,
      email: "shopper@example.test",
      items: variantIds.map((variant_id) => ({ variant_id, quantity: 1 })),
      ...(shipping ? { shipping_address: SHIPPING_ADDRESS, billing_address: SHIPPING_ADDRESS } : {}),
    },
    fx.store
  )
  const cartId: string = data.cart.id
  if (shipping) await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: fx.shippingOptionId }, fx.store)
  const { data: withPromo } = await api.post(`/store/carts/${cartId}/promotions`, { promo_codes: [PROMO_CODE] }, fx.store)
  return withPromo.cart as { id: string; total: number; items: { total: number }[] }
}

/** POST a payment session; the answer (not thrown) and the session for `providerId`. */
export async function startSession(api: Api, fx: StoreFixtures, cartId: string, providerId: string, data: Record<string, unknown> = {}) {
  const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, fx.store)
  const response = await api
    .post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: providerId, data }, fx.store)
    .catch((error: any) => error.response)
  const session = response.data?.payment_collection?.payment_sessions?.find((s: { provider_id: string }) => s.provider_id === providerId)
  return { response: response as { status: number; data: any }, session }
}

export function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}
