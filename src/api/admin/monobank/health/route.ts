import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { registeredCheckoutModule } from "../../../../modules/monobank-checkout/resolve"
import { describeMonobankConfiguration } from "../../../../utils/monobank-configuration"
import { PLUGIN_NAME, PLUGIN_VERSION } from "../../../../lib/monobank/plugin-info"

/**
 * Which monobank APIs this store has configured, and how many mono checkout orders were paid at
 * the bank but could not become orders (`needs_attention`). Never reveals tokens or secrets.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const checkout = registeredCheckoutModule(req.scope)
  const apis = describeMonobankConfiguration(configModule, { configured: checkout?.isConfigured() ?? false })
  const [, needsAttention] = checkout
    ? await checkout.listAndCountMonobankCheckoutOrders({ status: "needs_attention" }, { select: ["id"], take: 1 })
    : [[], 0]
  res.json({
    plugin: { name: PLUGIN_NAME, version: PLUGIN_VERSION },
    apis: { ...apis, checkout: { ...apis.checkout, needsAttention } },
  })
}
