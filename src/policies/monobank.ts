/**
 * The plugin's own permissions for Medusa's role-based access control (feature flag `rbac`): who may
 * read and who may change the monobank settings, which decide which merchant every new invoice pays
 * and whether card details are taken on the store's page. Medusa finds this file in the plugin's
 * `policies` folder at start-up and stores the policies, so a store owner can grant them to a role
 * (Settings → Roles). Order facts and syncs ask for Medusa's own `order` and `payment` policies
 * (see api/admin/monobank/route-policies.ts; docs/admin.md has the table).
 */
import { definePolicies } from "@medusajs/framework/utils"

export const MONOBANK_SETTINGS_RESOURCE = "monobank_settings"

export const monobankPolicies = definePolicies([
  {
    name: "ReadMonobankSettings",
    resource: MONOBANK_SETTINGS_RESOURCE,
    operation: "read",
    description: "See the monobank settings (secrets only as set / last 4 characters), the merchant's data and which APIs are configured",
  },
  {
    name: "UpdateMonobankSettings",
    resource: MONOBANK_SETTINGS_RESOURCE,
    operation: "update",
    description: "Change the monobank settings (merchant token, installments store id and secret, card-detail payments), test the connection with the bank, reset a QR cashier's amount",
  },
])
