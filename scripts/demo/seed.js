// Seeds the demo store through the admin HTTP API with the same fixtures the integration tests use
// (a UAH region "Україна" with every registered payment provider, a product, a shipping option for
// the storefront's own checkout and one per mono checkout delivery method), then dresses the
// catalogue for a real storefront such as Medusa's DTC starter: products with handles,
// descriptions and pictures, in a collection its home page shows. mono checkout gets delivery
// prices and a promo code (MONO10).
require("ts-node").register({ transpileOnly: true })
const { priceDeliveryOption, seedCheckoutStore } = require("../../integration-tests/http/checkout-helpers")
const { catalogue, picture } = require("./catalogue")

function fetchApi(baseUrl) {
  const call = async (method, url, body, config = {}) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { "content-type": "application/json", ...(config.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(data)}`)
    return { status: res.status, data }
  }
  return {
    get: (url, config) => call("GET", url, undefined, config),
    post: (url, body, config) => call("POST", url, body ?? {}, config),
    delete: (url, config) => call("DELETE", url, undefined, config),
  }
}

/** The first product comes from the shared fixtures; the others are added here. */
async function dressCatalogue(api, admin, fixtures) {
  const { data: created } = await api.post("/admin/collections", { title: "Новинки", handle: "new" }, admin)
  const collectionId = created.collection.id
  const { data: variant } = await api.get(`/admin/products?variant_id=${fixtures.variantId}&fields=id`, admin)
  const [first, ...others] = catalogue()
  const productIds = [variant.products[0].id]
  const withPicture = (item) => ({ handle: item.handle, description: item.description, thumbnail: picture(item), images: [{ url: picture(item) }] })
  await api.post(`/admin/products/${productIds[0]}`, withPicture(first), admin)
  for (const item of others) {
    const { data } = await api.post(
      "/admin/products",
      {
        title: item.title,
        ...withPicture(item),
        status: "published",
        shipping_profile_id: fixtures.shippingProfileId,
        sales_channels: [{ id: fixtures.salesChannelId }],
        options: [{ title: "Size", values: ["One size"] }],
        variants: [{ title: "One size", options: { Size: "One size" }, manage_inventory: false, prices: [{ currency_code: "uah", amount: item.price }] }],
      },
      admin
    )
    productIds.push(data.product.id)
  }
  await api.post(`/admin/collections/${collectionId}/products`, { add: productIds }, admin)
}

/** The demo's promo code for mono checkout (10 % off the goods). */
const DEMO_PROMO_CODE = "MONO10"

/**
 * What a store owner sets for delivery prices and promo codes in mono checkout: fixed prices on the
 * mono checkout shipping options (courier free from 3000 UAH through a conditional price; pickup
 * stays free) and a promotion with a code.
 */
async function seedCheckoutExtras(api, admin, fixtures) {
  await priceDeliveryOption(api, admin, fixtures.deliveryOptions.np_brnm, 60)
  await priceDeliveryOption(api, admin, fixtures.deliveryOptions.np_box, 45)
  await priceDeliveryOption(api, admin, fixtures.deliveryOptions.courier, 120, 3000)
  await api.post(
    "/admin/promotions",
    {
      code: DEMO_PROMO_CODE,
      type: "standard",
      status: "active",
      is_automatic: false,
      application_method: { type: "percentage", target_type: "items", allocation: "across", value: 10 },
    },
    admin
  )
}

/**
 * What the merchant gives the bank in the business cabinet: the store's delivery-price and
 * promo-code addresses (here through the emulator's control API).
 */
async function pointEmulatorAtStore(emulatorUrl, storeUrl) {
  const put = async (path, url) => {
    const res = await fetch(`${emulatorUrl}/_emulator${path}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url }),
    })
    if (!res.ok) throw new Error(`emulator ${path}: HTTP ${res.status}`)
  }
  await put("/checkout/delivery-price-url", `${storeUrl}/hooks/monobank/checkout/delivery-prices`)
  await put("/checkout/promo-code-url", `${storeUrl}/hooks/monobank/checkout/promo-codes`)
}

/** Seeds with an admin's headers (`{ headers: { authorization } }`). */
async function seedDemoCatalogue(storeUrl, admin) {
  const api = fetchApi(storeUrl)
  const { data: providers } = await api.get("/admin/payments/payment-providers?limit=50", admin)
  const paymentProviders = providers.payment_providers.map((p) => p.id)
  const fixtures = await seedCheckoutStore(api, admin, paymentProviders)
  await dressCatalogue(api, admin, fixtures)
  await seedCheckoutExtras(api, admin, fixtures)
  return { publishableKey: fixtures.store.headers["x-publishable-api-key"], paymentProviders, fixtures }
}

async function seedDemoStore(storeUrl, { email, password }) {
  const { data } = await fetchApi(storeUrl).post("/auth/user/emailpass", { email, password })
  return seedDemoCatalogue(storeUrl, { headers: { authorization: `Bearer ${data.token}` } })
}

module.exports = { seedDemoStore, seedDemoCatalogue, pointEmulatorAtStore, DEMO_PROMO_CODE }
