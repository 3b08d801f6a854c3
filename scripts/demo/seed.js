// Seeds the demo store through the admin HTTP API with the same fixtures the integration tests use:
// a UAH region with every registered payment provider, a product, a shipping option for the
// storefront's own checkout and one per mono checkout delivery method.
require("ts-node").register({ transpileOnly: true })
const { seedCheckoutStore } = require("../../integration-tests/http/checkout-helpers")

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

async function seedDemoStore(storeUrl, { email, password }) {
  const api = fetchApi(storeUrl)
  const { data } = await api.post("/auth/user/emailpass", { email, password })
  const admin = { headers: { authorization: `Bearer ${data.token}` } }
  const { data: providers } = await api.get("/admin/payments/payment-providers?limit=50", admin)
  const paymentProviders = providers.payment_providers.map((p) => p.id)
  const fixtures = await seedCheckoutStore(api, admin, paymentProviders)
  return { publishableKey: fixtures.store.headers["x-publishable-api-key"], paymentProviders, fixtures }
}

module.exports = { seedDemoStore }
