/**
 * The permissions each admin route of the plugin asks for when Medusa's role-based access control is
 * on (feature flag `rbac`; with it off Medusa ignores them), declared as Medusa declares its own: a
 * `policies` list on a middleware entry per method and path. An admin needs every policy listed.
 * Settings, and what acts at the bank with them, use the plugin's `monobank_settings` resource
 * (src/policies/monobank.ts); order facts, syncs and needs-attention rows use Medusa's `order` and
 * `payment`, so a role that manages orders and payments sees the order widget. docs/admin.md has
 * the same table for store owners.
 */
import type { MiddlewareRoute } from "@medusajs/framework/http"
import { MONOBANK_SETTINGS_RESOURCE } from "../../../policies/monobank"

type Policy = { resource: string; operation: "read" | "create" | "update" | "delete" }

const settings = {
  read: { resource: MONOBANK_SETTINGS_RESOURCE, operation: "read" },
  update: { resource: MONOBANK_SETTINGS_RESOURCE, operation: "update" },
} as const satisfies Record<string, Policy>
const order = { read: { resource: "order", operation: "read" }, update: { resource: "order", operation: "update" } } as const satisfies Record<string, Policy>
const payment = { read: { resource: "payment", operation: "read" }, update: { resource: "payment", operation: "update" } } as const satisfies Record<string, Policy>

const ROUTE_POLICIES: ReadonlyArray<readonly ["GET" | "POST", string, readonly Policy[]]> = [
  ["GET", "/admin/monobank/health", [settings.read]],
  ["GET", "/admin/monobank/settings", [settings.read]],
  ["GET", "/admin/monobank/settings/:api", [settings.read]],
  // The merchant token and installments secret decide who is paid: changing them is its own permission.
  ["POST", "/admin/monobank/settings/:api", [settings.update]],
  // Asks the bank with credentials typed in, so it answers whether a guessed secret is right.
  ["POST", "/admin/monobank/settings/:api/test", [settings.update]],
  ["GET", "/admin/monobank/merchant", [settings.read]],
  ["POST", "/admin/monobank/qr/:qr_id/reset-amount", [settings.update]],
  ["GET", "/admin/monobank/orders/:id", [order.read, payment.read]],
  ["GET", "/admin/monobank/orders/:id/receipt", [order.read, payment.read]],
  // Books what the bank says (authorized, captured, released, refunded) on the order's payments.
  ["POST", "/admin/monobank/orders/:id/sync", [order.read, payment.update]],
  ["GET", "/admin/monobank/orders/:id/payment-link", [order.read, payment.read]],
  // Makes a payment session (and, when none is open, a payment collection) for what the order owes.
  ["POST", "/admin/monobank/orders/:id/payment-link", [order.update, payment.update]],
  ["GET", "/admin/monobank/needs-attention", [order.read, payment.read]],
  // Re-reads the bank and may place the order a paid mono checkout order is waiting for.
  ["POST", "/admin/monobank/needs-attention/:kind/:id/resolve", [order.update, payment.update]],
]

export const monobankAdminRoutePolicies: MiddlewareRoute[] = ROUTE_POLICIES.map(([method, matcher, policies]) => ({
  methods: [method],
  matcher,
  policies: policies.map((policy) => ({ ...policy })),
}))
