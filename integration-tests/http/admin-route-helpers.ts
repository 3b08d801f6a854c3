import type { MedusaContainer } from "@medusajs/framework/types"
import type { Api } from "./acquiring-helpers"

export type AdminRoute = { method: "get" | "post"; path: string; body?: object }

/** Every route the plugin adds under /admin/monobank (ids that do not exist are fine for auth checks). */
export const everyAdminRoute: AdminRoute[] = [
  { method: "get", path: "/admin/monobank/health" },
  { method: "get", path: "/admin/monobank/settings" },
  { method: "get", path: "/admin/monobank/settings/acquiring" },
  { method: "post", path: "/admin/monobank/settings/acquiring", body: { values: { captureMode: "automatic" } } },
  { method: "post", path: "/admin/monobank/settings/acquiring/test", body: {} },
  { method: "get", path: "/admin/monobank/merchant" },
  { method: "post", path: "/admin/monobank/qr/qr_1/reset-amount", body: {} },
  { method: "get", path: "/admin/monobank/orders/order_1" },
  { method: "post", path: "/admin/monobank/orders/order_1/sync", body: {} },
  { method: "get", path: "/admin/monobank/needs-attention" },
  { method: "post", path: "/admin/monobank/needs-attention/checkout_order/mbchk_1/resolve", body: { action: "sync" } },
]

/** Headers of a logged-in customer (a store token, not an admin one). */
export async function customerHeaders(api: Api, _container: MedusaContainer): Promise<{ headers: Record<string, string> }> {
  const email = `customer-${Date.now()}@example.test`
  const password = "customer-password"
  const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
  return { headers: { authorization: `Bearer ${registration.token}` } }
}

export async function sendAs(api: Api, route: AdminRoute, auth: { headers: Record<string, string> } | undefined) {
  const request = route.method === "get" ? api.get(route.path, auth ?? {}) : api.post(route.path, route.body ?? {}, auth ?? {})
  return request.catch((error: any) => error.response) as Promise<{ status: number; data: any }>
}
